/**
 * repeat, lpad and rpad with a count read from the data: validation bounds a written count, and
 * both backends fail the job for a larger one from the data, instead of building gigabytes per row
 * (DuckDB built a 2 GB text for repeat('x', 2000000000)). A value a growing function or a fold
 * makes is bounded too (MAX_VALUE_BYTES), whatever the count.
 */
import { makeTempRoot, plan, type TempRoot } from '../__fixtures__/temp-root';
import { executePlan } from '../index';
import { MAX_FOLD_BYTES, MAX_VALUE_BYTES } from './growth-limit';

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

describe.each(['duckdb', 'danfo'] as const)('the size of a grown value on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    // 200 characters repeated 10,000 times is 2 MB: within the count bound, past the size bound.
    root.write('counts.csv', `w,n,r,v\n${'x'.repeat(200)},10000,${'y'.repeat(10_000)},${'v'.repeat(2000)}\n`);
  });
  afterEach(() => root.cleanup());
  const run = (column: string) => executePlan(plan(pipeline(column)), { dataRoot: root.dir, backend });

  it('fails repeat past MAX_VALUE_BYTES with E_VALUE, before building it', async () => {
    await expect(run('repeat(w, n) AS r')).rejects.toMatchObject({
      code: 'E_VALUE',
      message: expect.stringContaining(`repeat would make a text of more than ${MAX_VALUE_BYTES} bytes`),
    });
    await run('length(repeat(w, 5000)) AS r');
    expect(root.read('out.csv')).toBe('r\n1000000\n');
  });

  (backend === 'danfo' ? it : it.skip)('fails replace past MAX_VALUE_BYTES with E_VALUE (DuckDB counts it in its memory limit)', async () => {
    await expect(run("replace(w, 'x', r) AS r")).rejects.toMatchObject({ code: 'E_VALUE', message: expect.stringContaining('replace would make a text of more than') });
    await expect(run("regexp_replace(r, 'y', 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy') AS r")).rejects.toMatchObject({
      code: 'E_VALUE',
      message: expect.stringContaining('regexp_replace would make a text of more than'),
    });
  });

  (backend === 'duckdb' ? it : it.skip)('fails an aggregate whose text accumulator passes MAX_FOLD_BYTES', async () => {
    // Appending once per element is valid (linear), but 100 elements of 2,000 characters is 200 KB.
    await expect(run("aggregate(array_repeat(v, 100), '', (acc, x) -> concat(acc, x)) AS r")).rejects.toMatchObject({
      code: 'E_VALUE',
      message: expect.stringContaining(`aggregate's accumulator grew past ${MAX_FOLD_BYTES} bytes`),
    });
    await run("length(aggregate(array_repeat(v, 60), '', (acc, x) -> concat(acc, x))) AS r");
    expect(root.read('out.csv')).toBe('r\n120000\n');
  });
});
