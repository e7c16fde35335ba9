/**
 * lateralJoin on both backends: `right` is an asset of its own, correlated with `left` through
 * `on`; inner (the default), left and cross, every pair when there is no condition, rows in left
 * then right order.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const FILES: Record<string, string> = {
  'cust.csv': 'id,name\n1,ann\n2,bob\n3,cy\n',
  'orders.csv': 'cust,amount\n1,10\n1,30\n3,5\n,7\n',
  'none.csv': 'cust,amount\n',
};

function pipeline(lateral: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    ...['cust', 'orders', 'none'].flatMap((n) => [`    - asset_ref: ${n}`, `      source: { input: { format: csv, path: ${n}.csv } }`]),
    '    - asset_ref: j',
    `      source: { lateralJoin: ${lateral} }`,
    '    - asset_ref: out',
    '      source: { output: { from: j, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

const CASES: [string, string, string][] = [
  ['inner on a correlation (the default type)', '{ left: cust, right: orders, on: ["cust.id = orders.cust", "orders.amount > 6"] }', 'id,name,cust,amount\n1,ann,1,10\n1,ann,1,30\n'],
  ['left keeps rows without a match', '{ left: cust, right: orders, type: left, on: ["cust.id = orders.cust"] }', 'id,name,cust,amount\n1,ann,1,10\n1,ann,1,30\n2,bob,,\n3,cy,3,5\n'],
  ['inner without conditions pairs every row', '{ left: cust, right: none }', 'id,name,cust,amount\n'],
  ['left without conditions over an empty right keeps each left row once', '{ left: cust, right: none, type: left }', 'id,name,cust,amount\n1,ann,,\n2,bob,,\n3,cy,,\n'],
  ['cross', '{ left: none, right: cust, type: cross }', 'cust,amount,id,name\n'],
];

describe.each(BACKENDS)('lateralJoin on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    for (const [name, text] of Object.entries(FILES)) root.write(name, text);
  });
  afterEach(() => root.cleanup());

  it.each(CASES)('%s', async (_name, lateral, expected) => {
    await executePlan(plan(pipeline(lateral)), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe(expected);
  });

  it('pairs every row of a cross join in left then right order', async () => {
    await executePlan(plan(pipeline('{ left: cust, right: orders, type: cross }')), { dataRoot: root.dir, backend });
    expect(root.read('out.csv').trimEnd().split('\n').slice(1, 6)).toEqual(['1,ann,1,10', '1,ann,1,30', '1,ann,3,5', '1,ann,,7', '2,bob,1,10']);
  });
});
