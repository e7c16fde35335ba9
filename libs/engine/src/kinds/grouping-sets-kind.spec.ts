/**
 * rollup, cube and groupingSets on both backends: subtotal rows set by set and sorted by key
 * (NULLs last), grouping() telling a subtotal's NULL from a NULL value, a set listed twice, the
 * grand total of an empty input, and clear refusals.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import { stepPipeline } from '../__fixtures__/step-pipeline';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const SALES = 'region,product,amount\nEU,pen,10\nEU,ink,5\nUS,pen,7\n,pen,1\nEU,pen,\n';

const pipeline = (step: string): string => stepPipeline(step, 'sales', 'sales.csv');

const CASES: [string, string, string][] = [
  [
    'rollup: (region, product), (region), (); grouping(product) is 1 in subtotals',
    '{ rollup: { from: sales, by: [region, product], agg: ["sum(amount) AS total", "count(*) AS n", "grouping(product) AS gp"] } }',
    'region,product,total,n,gp\nEU,ink,5,1,0\nEU,pen,10,2,0\nUS,pen,7,1,0\n,pen,1,1,0\nEU,,15,3,1\nUS,,7,1,1\n,,1,1,1\n,,23,5,1\n',
  ],
  [
    'cube: (region, product), (region), (product), ()',
    '{ cube: { from: sales, by: [region, product], agg: ["count(*) AS n", "grouping(region) AS gr"] } }',
    'region,product,n,gr\nEU,ink,1,0\nEU,pen,2,0\nUS,pen,1,0\n,pen,1,0\nEU,,3,0\nUS,,1,0\n,,1,0\n,ink,1,1\n,pen,4,1\n,,5,1\n',
  ],
  [
    'groupingSets: a set listed twice shares its place; the grand total last',
    '{ groupingSets: { from: sales, sets: [[product], [], [product]], agg: ["sum(amount) AS total"] } }',
    'product,total\nink,5\nink,5\npen,18\npen,18\n,23\n',
  ],
  [
    'a key outside the row\'s set reads NULL outside aggregates',
    '{ rollup: { from: sales, by: [region], agg: ["concat(coalesce(region, \'ALL\'), \'=\', count(*)) AS label"] } }',
    'region,label\nEU,EU=3\nUS,US=1\n,ALL=1\n,ALL=5\n',
  ],
];

describe.each(BACKENDS)('rollup, cube, groupingSets on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('sales.csv', SALES);
  });
  afterEach(() => root.cleanup());

  it.each(CASES)('%s', async (_name, step, expected) => {
    await executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe(expected);
  });

  it('gives grouping() = 0 in a plain group by (rows in any order)', async () => {
    await executePlan(plan(pipeline('{ group: { from: sales, by: [region], agg: ["grouping(region) AS g", "max(amount) AS top"] } }')), { dataRoot: root.dir, backend });
    expect(root.read('out.csv').trimEnd().split('\n').sort()).toEqual([',0,1', 'EU,0,10', 'US,0,7', 'region,g,top']);
  });

  it('gives the grand total of an empty input only', async () => {
    root.write('sales.csv', 'region,product,amount\n');
    await executePlan(plan(pipeline('{ rollup: { from: sales, by: [region, product], agg: ["count(*) AS n"] } }')), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe('region,product,n\n,,0\n');
  });

  it('refuses grouping() of a column that is not a key, and an unknown key', async () => {
    const fails = (step: string) => executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
    await expect(fails('{ cube: { from: sales, by: [region], agg: ["grouping(amount) AS g"] } }')).rejects.toThrow(
      'the argument of grouping must be a grouping key column (region): grouping(amount)',
    );
    await expect(fails('{ rollup: { from: sales, by: [area], agg: ["count(*) AS n"] } }')).rejects.toThrow(/asset "step": .*"area"/);
  });
});
