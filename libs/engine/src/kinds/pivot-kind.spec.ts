/**
 * pivot on both backends: cells named by value (or `<value>_<alias>` with several aggregates),
 * written values in their order, probed values ascending by value (2 before 10), NULL pivot values
 * counted nowhere, groups ordered by key (NULLs last); clear refusals.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const FILES: Record<string, string> = {
  'sales.csv': 'region,quarter,amount\nEU,Q1,10\nEU,Q2,5\nUS,Q1,7\nEU,Q1,3\n,Q2,1\nUS,,4\n',
  'years.csv': 'k,year,v\na,10,1\na,2,2\nb,2,3\n',
};

function pipeline(step: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: sales',
    '      source: { input: { format: csv, path: sales.csv } }',
    '    - asset_ref: years',
    '      source: { input: { format: csv, path: years.csv } }',
    '    - asset_ref: step',
    `      source: ${step}`,
    '    - asset_ref: out',
    '      source: { output: { from: step, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

const CASES: [string, string, string][] = [
  ['written values, one aggregate: columns named by value', '{ pivot: { from: sales, groupBy: [region], pivotColumn: quarter, values: [Q1, Q2], agg: ["sum(amount)"] } }', 'region,Q1,Q2\nEU,13,5\nUS,7,\n,,1\n'],
  [
    'probed values, several aggregates: <value>_<alias>',
    '{ pivot: { from: sales, groupBy: [region], pivotColumn: quarter, agg: ["sum(amount) AS total", "count(*) AS n"] } }',
    'region,Q1_total,Q1_n,Q2_total,Q2_n\nEU,13,2,5,1\nUS,7,1,,0\n,,0,1,1\n',
  ],
  ['a written value no row holds, in the order written', '{ pivot: { from: sales, groupBy: [region], pivotColumn: quarter, values: [Q3, Q1], agg: ["count(*)"] } }', 'region,Q3,Q1\nEU,0,2\nUS,0,1\n,0,0\n'],
  ['probed numbers ascend by value', '{ pivot: { from: years, groupBy: [k], pivotColumn: year, agg: ["sum(v)"] } }', 'k,2,10\na,2,1\nb,3,\n'],
  ['a written number is read as the column type', '{ pivot: { from: years, groupBy: [k], pivotColumn: year, values: [10], agg: ["max(v) - min(v) AS spread"] } }', 'k,10\na,0\nb,\n'],
];

describe.each(BACKENDS)('pivot on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    for (const [name, text] of Object.entries(FILES)) root.write(name, text);
  });
  afterEach(() => root.cleanup());

  it.each(CASES)('%s', async (_name, step, expected) => {
    await executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe(expected);
  });

  it('gives only the keys for an empty input without values', async () => {
    root.write('sales.csv', 'region,quarter,amount\n');
    await executePlan(plan(pipeline('{ pivot: { from: sales, groupBy: [region], pivotColumn: quarter, agg: ["count(*)"] } }')), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe('region\n');
  });

  it('refuses a value that is not of the column type, and a cell named as a key', async () => {
    const fails = (step: string) => executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
    await expect(fails('{ pivot: { from: years, groupBy: [k], pivotColumn: year, values: [soon], agg: ["sum(v)"] } }')).rejects.toThrow("cannot compare long with the text 'soon'");
    await expect(fails('{ pivot: { from: sales, groupBy: [quarter], pivotColumn: region, values: [quarter], agg: ["sum(amount)"] } }')).rejects.toThrow('duplicate output column "quarter"');
  });
});
