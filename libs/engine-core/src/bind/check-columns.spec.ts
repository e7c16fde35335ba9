import { validatePipeline } from '@pipeline/validation';
import type { Column } from './bind-expression';
import { checkColumns, columnErrors } from './check-columns';

const EMPLOYEES: Column[] = [
  { name: 'name', type: 'string' },
  { name: 'department', type: 'string' },
  { name: 'salary', type: 'integer' },
];

function pipeline(...assets: string[]) {
  const yaml = `version: "3.0"\npipeline:\n  assets:\n${assets.map((a) => `    - ${a}`).join('\n')}\n`;
  const result = validatePipeline(yaml);
  if (!result.ok) throw new Error(result.error.message);
  return result.pipeline;
}

const RAW = '{asset_ref: raw, source: {input: {format: csv, path: e.csv}}}';
const OUT = (from: string) => `{asset_ref: out, source: {output: {from: ${from}, format: csv, path: o.csv}}}`;

describe('checkColumns', () => {
  it('finds AVG(salry) before running, naming the asset, field and the columns', () => {
    const p = pipeline(RAW, '{asset_ref: rich, source: {where: {from: raw, filter: "salary > 1"}}}', '{asset_ref: g, source: {group_by: {from: rich, by: [department], agg: ["AVG(salry) AS a"]}}}', OUT('g'));
    expect(checkColumns(p, new Map([['raw', EMPLOYEES]]))).toEqual([
      { asset: 'g', field: expect.stringMatching(/agg/), column: 'salry', columns: ['name', 'department', 'salary'], message: expect.stringContaining('column "salry" not found'), suggestion: 'salary', specCode: 'E-COL-001' },
    ]);
  });

  it('words them as V-009 naming the close column', () => {
    const p = pipeline(RAW, '{asset_ref: g, source: {group_by: {from: raw, by: [department], agg: ["AVG(salry) AS a"]}}}', OUT('g'));
    const [error] = columnErrors(p, checkColumns(p, new Map([['raw', EMPLOYEES]])));
    expect(error?.code).toBe('V-009');
    expect(error?.message).toBe('V-009: E-COL-001: asset "g": agg[0]: column "salry" not found (columns: name, department, salary) (did you mean "salary"?)');
    expect(error?.details).toMatchObject({ asset: 'g', assetNumber: 2, field: 'agg[0]', expressionColumn: 5, suggestion: 'salary', specCode: 'E-COL-001' });
  });

  it('follows columns through the steps, in any written order', () => {
    const p = pipeline('{asset_ref: s, source: {select: {from: r2, columns: [full]}}}', RAW, '{asset_ref: r2, source: {rename_columns: {from: raw, mappings: {name: full}}}}', OUT('s'));
    expect(checkColumns(p, new Map([['raw', EMPLOYEES]]))).toEqual([]);
    const wrong = pipeline('{asset_ref: s, source: {select: {from: r2, columns: [name]}}}', RAW, '{asset_ref: r2, source: {rename_columns: {from: raw, mappings: {name: full}}}}', OUT('s'));
    expect(checkColumns(wrong, new Map([['raw', EMPLOYEES]])).map((p) => [p.asset, p.column])).toEqual([['s', 'name']]);
  });

  it('leaves what cannot be known to the job: an input without columns, and what follows it', () => {
    const p = pipeline(RAW, '{asset_ref: g, source: {group_by: {from: raw, by: [department], agg: ["AVG(salry) AS a"]}}}', OUT('g'));
    expect(checkColumns(p, new Map())).toEqual([]);
  });
});
