/**
 * repeat, lpad and rpad with a count read from the data: validation bounds a written count, and
 * both backends fail the job for a larger one from the data, instead of building gigabytes per row
 * (DuckDB built a 2 GB text for repeat('x', 2000000000)).
 */
import { makeTempRoot, plan, type TempRoot } from '../__fixtures__/temp-root';
import { executePlan } from '../index';

function pipeline(column: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: raw',
    '      source: { input: { format: csv, path: counts.csv } }',
    '    - asset_ref: grown',
    `      source: { select: { from: raw, columns: [${JSON.stringify(column)}] } }`,
    '    - asset_ref: out',
    '      source: { output: { from: grown, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

describe.each(['duckdb', 'danfo'] as const)('text growth from the data on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('counts.csv', 'n\n3\n20000\n');
  });
  afterEach(() => root.cleanup());
  const run = (column: string) => executePlan(plan(pipeline(column)), { dataRoot: root.dir, backend });

  it.each([
    ["repeat('ab', n) AS r", 'repeat makes text of at most 10000 copies; a count in the data is larger'],
    ["lpad('x', n, '-') AS r", 'lpad makes text of at most 10000 characters; a length in the data is larger'],
    ["rpad('x', n) AS r", 'rpad makes text of at most 10000 characters; a length in the data is larger'],
  ])('%s fails the job with E_VALUE past the bound', async (column, message) => {
    await expect(run(column)).rejects.toMatchObject({ code: 'E_VALUE', message: expect.stringContaining(message) });
  });

  it('computes counts within the bound', async () => {
    root.write('counts.csv', 'n\n3\n10000\n');
    await run("length(repeat('ab', n)) AS r");
    expect(root.read('out.csv')).toBe('r\n6\n20000\n');
    // A length read as a long column: DuckDB's lpad takes an INTEGER (this failed to bind before).
    root.write('counts.csv', 'n\n3\n1\n');
    await run("lpad('x', n, '-') AS r");
    expect(root.read('out.csv')).toBe('r\n--x\nx\n');
  });
});
