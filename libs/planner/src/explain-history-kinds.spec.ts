/**
 * Explain of the kinds that read two assets by other names than `from` (decisions 7): scd2 lists
 * `current` then `incoming`, merge `target` then `source`, asOfJoin and lateralJoin `left` then `right`; labels
 * are the canonical names upper-cased with `_` as a space.
 */
import { explainPipeline } from './plan-pipeline';

const DOC = `version: "3.0"
input:
  - name: dim
    format: csv
    path: dim.csv
  - name: snap
    format: csv
    path: snap.csv
transformation:
  - name: history
    scd2: { current: dim, incoming: snap, keyColumns: [id], trackColumns: [name], startDateColumn: valid_from, endDateColumn: valid_to, currentFlagColumn: is_current }
  - name: merged
    merge: { target: dim, source: snap, on: ["dim.id = snap.id"], whenNotMatched: [ { action: insert, star: true } ] }
  - name: timed
    asOfJoin: { left: snap, right: history, leftAsOf: t, rightAsOf: valid_from }
  - name: lateral
    lateralJoin: { left: merged, right: timed, type: left, on: ["merged.id = timed.id"] }
output:
  - name: lateral
    format: csv
    path: out.csv
`;

describe('explain of scd2, merge, asOfJoin and lateralJoin', () => {
  it('labels each kind and lists its upstream assets in the order the kind names them', () => {
    const result = explainPipeline(DOC);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.text.split('\n').filter((l) => l.startsWith('  ['))).toEqual([
      '  [dim] format=csv, path=dim.csv',
      '  [snap] format=csv, path=snap.csv',
      '  [history] SCD2 (from: dim, snap)',
      '  [merged] MERGE (from: dim, snap)',
      '  [timed] AS OF JOIN (from: snap, history)',
      '  [lateral] LATERAL JOIN (from: merged, timed)',
      '  [output_lateral] from=lateral, format=csv, mode=Error, path=out.csv',
    ]);
  });
});
