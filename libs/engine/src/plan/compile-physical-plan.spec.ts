/**
 * The layouts and passes of physical plans, asserted on the compiled value: which assets are
 * inlined, viewed or stored, where a long chain is cut, when handles are released, which reads keep
 * row estimates, and which relations may skip their order.
 */
import { plan } from '@pipeline/engine-core/testing';
import { compileDanfoPlan } from '@pipeline/engine-danfo';
import { compileDuckDbPlan, markUnordered } from '@pipeline/engine-duckdb';
import { MAX_VIEW_DEPTH, type PhysicalPlan } from '@pipeline/engine-core';

const doc = (...assets: string[]): string =>
  ['version: "3.0"', 'pipeline:', '  assets:', ...assets.flatMap((a) => {
    const at = a.indexOf(' = ');
    const [ref, source] = [a.slice(0, at), a.slice(at + 3)];
    return [`    - asset_ref: ${ref}`, `      source: ${source}`];
  })].join('\n');
const csvIn = (path: string): string => `{ input: { format: csv, path: ${path} } }`;
const out = (from: string, path: string): string => `{ output: { from: ${from}, format: csv, path: ${path}, mode: overwrite } }`;

/** Each step as a short string: `read raw:inline`, `relation f:view`, `stage out`, `release raw`, ... */
function shape(p: PhysicalPlan): string[] {
  return p.steps.map((s) => {
    switch (s.op) {
      case 'read':
      case 'relation':
        return `${s.op} ${s.asset}:${s.storage}`;
      case 'stage':
      case 'release':
        return `${s.op} ${s.asset}`;
      case 'quality':
        return `quality ${s.assets.join(',')}`;
      case 'commit':
        return `commit ${s.outputs.join(',')}`;
    }
  });
}

const chain = doc(
  `raw = ${csvIn('people.csv')}`,
  'f = { where: { from: raw, filter: "id > 1" } }',
  'g = { where: { from: f, filter: "id > 2" } }',
  `out = ${out('g', 'out.csv')}`,
);
const shared = doc(
  `raw = ${csvIn('people.csv')}`,
  'f = { where: { from: raw, filter: "id > 1" } }',
  `a = ${out('f', 'a.csv')}`,
  `b = ${out('f', 'b.csv')}`,
);

describe('the streamed layout (DuckDB)', () => {
  it('inlines an input and a transformation read only by outputs, and views the rest', () => {
    expect(shape(compileDuckDbPlan(plan(chain)))).toEqual(['read raw:inline', 'relation f:view', 'relation g:inline', 'stage out', 'commit out']);
  });

  it('stores an asset read by several consumers once, as a table', () => {
    expect(shape(compileDuckDbPlan(plan(shared)))).toEqual(['read raw:inline', 'relation f:table', 'stage a', 'stage b', 'commit a,b']);
  });

  it(`stores every ${MAX_VIEW_DEPTH}th asset of a long chain, which starts a new chain`, () => {
    const steps = Array.from({ length: 40 }, (_, i) => `s${i + 1} = { where: { from: ${i === 0 ? 'raw' : `s${i}`}, filter: "true" } }`);
    const p = compileDuckDbPlan(plan(doc(`raw = ${csvIn('people.csv')}`, ...steps, `out = ${out('s40', 'out.csv')}`)));
    const tables = p.steps.flatMap((s) => (s.op === 'relation' && s.storage === 'table' ? [s.asset] : []));
    // raw is depth 1, so s15 is the 16th asset of the first chain, s31 of the second.
    expect(tables).toEqual(['s15', 's31']);
  });

  it('lists what each statement streams (for blame) and the inputs it reads', () => {
    const stage = compileDuckDbPlan(plan(chain)).steps.find((s) => s.op === 'stage');
    expect(stage).toMatchObject({ streams: [{ asset: 'f', field: 'filter' }, { asset: 'g', field: 'filter' }], reads: ['raw'] });
  });

  it('keeps row estimates on every read only when a kind sorts for parity (a join)', () => {
    const joined = doc(
      `l = ${csvIn('l.csv')}`,
      `r = ${csvIn('r.csv')}`,
      'j = { join: { left: l, right: [ { name: r, type: inner, on: ["l.id = r.id"] } ] } }',
      `out = ${out('j', 'out.csv')}`,
    );
    const estimates = (yaml: string): boolean[] => compileDuckDbPlan(plan(yaml)).steps.flatMap((s) => (s.op === 'read' ? [s.estimateRows] : []));
    expect(estimates(joined)).toEqual([true, true]);
    expect(estimates(chain)).toEqual([false]);
  });

  it('marks unordered only the relations the order pass names', () => {
    const p = markUnordered(compileDuckDbPlan(plan(chain)), new Set(['f']));
    expect(p.steps.flatMap((s) => (s.op === 'relation' ? [`${s.asset}:${s.ordered}`] : []))).toEqual(['f:false', 'g:true']);
  });

  it('runs the quality suites after every asset and before the commit', () => {
    const withSuite = `${shared}\nquality:\n  - suite: s\n    target: f\n    checks:\n      - type: completeness\n        column: id\n`;
    expect(shape(compileDuckDbPlan(plan(withSuite))).slice(-2)).toEqual(['quality f', 'commit a,b']);
  });
});

describe('the handles layout (danfo, sessions)', () => {
  it('releases each handle right after its last reader', () => {
    expect(shape(compileDanfoPlan(plan(shared)))).toEqual(['read raw:handle', 'relation f:handle', 'release raw', 'stage a', 'stage b', 'release f', 'commit a,b']);
  });

  it('keeps every handle when retained (a session reads them afterwards)', () => {
    expect(shape(compileDanfoPlan(plan(chain), true))).toEqual(['read raw:handle', 'relation f:handle', 'relation g:handle', 'stage out', 'commit out']);
  });

  it('counts the quality suites among the readers: their assets go after the suites ran', () => {
    const withSuite = `${chain}\nquality:\n  - suite: s\n    target: f\n    checks:\n      - type: completeness\n        column: id\n`;
    expect(shape(compileDanfoPlan(plan(withSuite)))).toEqual([
      'read raw:handle',
      'relation f:handle',
      'release raw',
      'relation g:handle',
      'stage out',
      'release g',
      'quality f',
      'release f',
      'commit out',
    ]);
  });
});
