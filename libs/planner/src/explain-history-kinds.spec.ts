/**
 * Explain of the kinds that read two assets by other names than `from` (decisions 7): scd2 lists
 * `current` then `incoming`, merge `target` then `source`, asOfJoin `left` then `right`; labels
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
output:
  - name: timed
    format: csv
    path: out.csv
`;

describe('explain of scd2, merge and asOfJoin', () => {
  it('labels each kind and lists its upstream assets in the order the kind names them', () => {
    const result = explainPipeline(DOC);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.text.split('\n').filter((l) => l.startsWith('  ['))).toEqual([
      '  [dim] format=csv, path=dim.csv',
      '  [snap] format=csv, path=snap.csv',
      '  [history] SCD2 (from: dim, snap)',
      '  [merged] MERGE (from: dim, snap)',
      '  [timed] AS OF JOIN (from: snap, history)',
      '  [output_timed] from=timed, format=csv, mode=Error, path=out.csv',
    ]);
  });
});
