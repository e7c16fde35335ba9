/**
 * DuckDB looks at an interrupt between chunks of rows, and evaluates a lambda over a whole chunk:
 * `filter(a, x -> exists(a, y -> y = x + 1))` over 20 arrays of 10,000 (one chunk) is 2 billion
 * lambda calls, and ignored a cancel for about 170 s. Validation refuses such a nested lambda
 * (EXPR_LAMBDA_WORK), so a job asking for it ends at once. The engine's own array_distinct (and
 * array_union) looked every element up in the list, quadratic the same way: 20 arrays of 40,000
 * held a cancel for over half a minute; they sort now.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../index';

function pipeline(column: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: raw',
    '      source: { input: { format: json, path: arrays.json } }',
    '    - asset_ref: found',
    `      source: { select: { from: raw, columns: [${JSON.stringify(column)}] } }`,
    '    - asset_ref: out',
    '      source: { output: { from: found, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

/** How the run of `column` ends when a cancel comes `after` ms after it starts, and how long after the start. */
async function cancelled(root: TempRoot, column: string, after = 500): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), after);
  const error = await (async () => executePlan(plan(pipeline(column)), { dataRoot: root.dir, backend: 'duckdb', duckdb: { threads: 1 } }, { signal: controller.signal }))().then(
    () => undefined,
    (e: unknown) => e,
  );
  clearTimeout(timer);
  return { error, ms: Date.now() - started };
}

describe('a nested lambda and a cancel on duckdb', () => {
  let root: TempRoot;
  beforeAll(() => {
    root = makeTempRoot();
    const row = JSON.stringify({ a: Array.from({ length: 10_000 }, (_, i) => i * 2), b: Array.from({ length: 40_000 }, (_, i) => i % 30_000) });
    root.write('arrays.json', `${row}\n`.repeat(20));
  });
  afterAll(() => root.cleanup());

  it('ends a job asking for quadratic lambda work within seconds (refused before it runs)', async () => {
    const { error, ms } = await cancelled(root, 'size(filter(a, x -> exists(a, y -> y = x + 1))) AS n');
    expect(ms).toBeLessThan(10_000);
    expect(error).toMatchObject({ message: expect.stringContaining("exists inside the lambda of filter runs over all of \"a\" once per element") });
  }, 60_000);

  it('ends array_distinct over long arrays, or its cancel, within seconds', async () => {
    // The cancel comes once the arrays are read: the sort is done by then, the lookups were not.
    const { error, ms } = await cancelled(root, 'size(array_distinct(b)) AS n', 3000);
    if (error !== undefined) expect(error).toMatchObject({ code: 'E_CANCELLED' });
    expect(ms).toBeLessThan(10_000);
  }, 120_000);
});
