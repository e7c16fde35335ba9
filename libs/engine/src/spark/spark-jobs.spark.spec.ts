/**
 * A spark run's life on a real Spark Connect server: its own session, released whatever the
 * outcome (the server's own log says it closed it), cancellation within 5 s with nothing left
 * behind, a Spark that cannot be reached failing as `spark unavailable`, hostile identifiers and
 * literals, and the refusal of what Spark does not run before anything runs.
 */
import { randomUUID } from 'node:crypto';
import * as net from 'node:net';
import { settledSparkSessions, testSparkLogFile, testSparkUrl } from '@pipeline/test-spark';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../index';
import { readSparkCsv, sparkConfig } from './__fixtures__/spark-output';

const yaml = (steps: string[], output = 'out.csv'): string =>
  [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: src',
    '      source: { input: { format: csv, path: in.csv } }',
    ...steps,
    '    - asset_ref: out',
    `      source: { output: { from: ${steps.length === 0 ? 'src' : 'last'}, format: csv, path: ${output}, mode: overwrite } }`,
  ].join('\n');

/**
 * Runs `run` on a Spark URL with a user id of its own, and answers the sessions the server saw of
 * that user (its own log: opened, and still open once closing has settled) with the outcome.
 */
async function sessionsOpenedBy(run: (config: { dataRoot: string; spark: { remote: string } }) => Promise<unknown>, dataRoot: string): Promise<{ seen: readonly string[]; open: readonly string[]; outcome: unknown }> {
  const userId = `engine-jobs-${randomUUID().slice(0, 8)}`;
  const outcome = await run({ dataRoot, spark: { remote: `${testSparkUrl()}/;user_id=${userId}` } }).catch((e: unknown) => e);
  const { seen, open } = await settledSparkSessions(testSparkLogFile(), userId);
  return { seen, open, outcome };
}

describe('spark runs', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
  });
  afterEach(() => root.cleanup());

  it('runs in a session of its own, released after success and after failure', async () => {
    root.write('in.csv', 'a,b\n1,x\n2,y\n');
    const ok = await sessionsOpenedBy((config) => executePlan(plan(yaml([])), { ...config, backend: 'spark' }), root.dir);
    expect(ok.outcome).toMatchObject({ outputs: [{ rowsWritten: 2 }] });
    const failed = await sessionsOpenedBy(
      (config) =>
        executePlan(plan(yaml(['    - asset_ref: last', '      source: { castColumns: { from: src, columns: [ { name: b, targetType: int } ] } }'])), { ...config, backend: 'spark' }).then(
          // castColumns is lenient; a strict CAST in a filter fails the job on Spark's ANSI mode.
          () => executePlan(plan(yaml(['    - asset_ref: last', '      source: { where: { from: src, filter: "CAST(b AS INT) > 0" } }'])), { ...config, backend: 'spark' }),
        ),
      root.dir,
    );
    // Spark's conversion failure is DuckDB's: E_TYPE with the spec's E-TYPE-001 (spark-errors.ts).
    expect(failed.outcome).toMatchObject({ code: 'E_TYPE', message: expect.stringContaining('CAST_INVALID_INPUT') });
    expect((failed.outcome as { message: string }).message).toContain('E-TYPE-001');
    // One session per run, every one closed by the server.
    expect(ok.seen.length + failed.seen.length).toBe(3);
    expect([...ok.open, ...failed.open]).toEqual([]);
    expect(root.files().filter((f) => f.includes('.spark-'))).toEqual([]);
  });

  it('is cancelled within 5 s, leaving no output, no temporary directory and no session', async () => {
    root.write('in.csv', `n\n${Array.from({ length: 600 }, (_, i) => i).join('\n')}\n`);
    const slow = yaml([
      '    - asset_ref: last',
      '      source: { join: { left: src, right: [ { name: b, type: cross, on: [] }, { name: c, type: cross, on: [] } ] } }',
      '    - asset_ref: b',
      '      source: { input: { format: csv, path: in.csv } }',
      '    - asset_ref: c',
      '      source: { input: { format: csv, path: in.csv } }',
    ]);
    const controller = new AbortController();
    let abortedAt = 0;
    const { seen, open, outcome } = await sessionsOpenedBy(async (config) => {
      const running = executePlan(plan(slow), { ...config, backend: 'spark' }, { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      abortedAt = Date.now();
      controller.abort();
      return running;
    }, root.dir);
    expect(Date.now() - abortedAt).toBeLessThan(5_000);
    expect(outcome).toMatchObject({ code: 'E_CANCELLED' });
    expect(root.files().filter((f) => !f.startsWith('in.csv'))).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(open).toEqual([]);
  });

  it('fails with "spark unavailable" when nothing answers at the remote', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    root.write('in.csv', 'a\n1\n');
    const started = Date.now();
    const failure = await executePlan(plan(yaml([])), { dataRoot: root.dir, spark: { remote: `sc://127.0.0.1:${port}` }, backend: 'spark' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'E_SPARK_UNAVAILABLE', message: expect.stringMatching(/^spark unavailable: /) });
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('refuses to run without a remote', async () => {
    root.write('in.csv', 'a\n1\n');
    await expect(executePlan(plan(yaml([])), { dataRoot: root.dir, backend: 'spark' })).rejects.toThrow('backend "spark" is not configured on this server (set --spark-remote)');
  });

  it('refuses a kind it does not run before anything runs', async () => {
    root.write('in.csv', 'a\n1\n');
    const pivot = yaml(['    - asset_ref: last', '      source: { describe: { from: src } }']);
    await expect(executePlan(plan(pivot), { ...sparkConfig(root.dir), backend: 'spark' })).rejects.toMatchObject({ code: 'E_UNSUPPORTED_KIND', message: expect.stringContaining('not supported by backend "spark"') });
    expect(root.files()).toEqual(['in.csv']);
  });

  it('keeps hostile column names, text and paths as data', async () => {
    const name = "we`ird 'col\\\" name";
    root.write('dir with space/in.csv', `id,"${name.replace(/"/g, '""')}"\n1,"it's a \\ back\`tick"\n2,"--; DROP"\n`);
    const hostile = [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: src',
      "      source: { input: { format: csv, path: 'dir with space/in.csv' } }",
      '    - asset_ref: last',
      `      source: { addColumns: { from: src, columns: [ { name: "o'k\`x", expression: ${JSON.stringify(`concat(\`${name.replace(/`/g, '``')}\`, '!')`)} } ] } }`,
      '    - asset_ref: out',
      "      source: { output: { from: last, format: csv, path: 'dir with space/out.csv', mode: overwrite } }",
    ].join('\n');
    const duck = makeTempRoot();
    try {
      duck.write('dir with space/in.csv', root.read('dir with space/in.csv'));
      await executePlan(plan(hostile), { dataRoot: duck.dir, backend: 'duckdb' });
      await executePlan(plan(hostile), { ...sparkConfig(root.dir), backend: 'spark' });
      expect(readSparkCsv(`${root.dir}/dir with space/out.csv`)).toBe(duck.read('dir with space/out.csv'));
    } finally {
      duck.cleanup();
    }
  });
});
