/**
 * A spark run's life on a real Spark Connect server: its own session, released whatever the
 * outcome (the server then refuses the session id), cancellation within 5 s with nothing left
 * behind, a Spark that cannot be reached failing as `spark unavailable`, hostile identifiers and
 * literals, and the refusal of what Spark does not run before anything runs.
 */
import * as net from 'node:net';
import * as sparkConnect from '@pipeline/spark-connect';
import { testSparkUrl } from '@pipeline/test-spark';
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

/** Every session id the engine opens while `run` runs. */
async function sessionsOpenedBy(run: () => Promise<unknown>): Promise<{ ids: string[]; outcome: unknown }> {
  const ids: string[] = [];
  const real = sparkConnect.connectSpark;
  const spy = jest.spyOn(sparkConnect, 'connectSpark').mockImplementation((url, options) => {
    const client = real(url, options);
    return {
      ...client,
      session: (o) => {
        const s = client.session(o);
        ids.push(s.id);
        return s;
      },
      close: () => client.close(),
    };
  });
  try {
    return { ids, outcome: await run().catch((e: unknown) => e) };
  } finally {
    spy.mockRestore();
  }
}

/** What the server answers for a session id: SESSION_CLOSED once it was released. */
async function sessionState(id: string): Promise<string> {
  const client = sparkConnect.connectSpark(testSparkUrl());
  try {
    await client.session({ sessionId: id }).sql('SELECT 1');
    return 'open';
  } catch (e) {
    return String((e as { details?: { errorClass?: string } }).details?.errorClass ?? (e as Error).message);
  } finally {
    client.close();
  }
}

describe('spark runs', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
  });
  afterEach(() => root.cleanup());

  it('runs in a session of its own, released after success and after failure', async () => {
    root.write('in.csv', 'a,b\n1,x\n2,y\n');
    const ok = await sessionsOpenedBy(() => executePlan(plan(yaml([])), { ...sparkConfig(root.dir), backend: 'spark' }));
    expect(ok.outcome).toMatchObject({ outputs: [{ rowsWritten: 2 }] });
    const failed = await sessionsOpenedBy(() =>
      executePlan(plan(yaml(['    - asset_ref: last', '      source: { castColumns: { from: src, columns: [ { name: b, targetType: int } ] } }'])), { ...sparkConfig(root.dir), backend: 'spark' }).then(
        // castColumns is lenient; a strict CAST in a filter fails the job on Spark's ANSI mode.
        () => executePlan(plan(yaml(['    - asset_ref: last', '      source: { where: { from: src, filter: "CAST(b AS INT) > 0" } }'])), { ...sparkConfig(root.dir), backend: 'spark' }),
      ),
    );
    expect(failed.outcome).toMatchObject({ code: 'E_EXECUTION', message: expect.stringContaining('CAST_INVALID_INPUT') });
    expect(ok.ids.length + failed.ids.length).toBe(3);
    for (const id of [...ok.ids, ...failed.ids]) expect(await sessionState(id)).toBe('INVALID_HANDLE.SESSION_CLOSED');
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
    const { ids, outcome } = await sessionsOpenedBy(async () => {
      const running = executePlan(plan(slow), { ...sparkConfig(root.dir), backend: 'spark' }, { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      abortedAt = Date.now();
      controller.abort();
      return running;
    });
    expect(Date.now() - abortedAt).toBeLessThan(5_000);
    expect(outcome).toMatchObject({ code: 'E_CANCELLED' });
    expect(root.files().filter((f) => !f.startsWith('in.csv'))).toEqual([]);
    for (const id of ids) expect(await sessionState(id)).toBe('INVALID_HANDLE.SESSION_CLOSED');
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
    const pivot = yaml(['    - asset_ref: last', '      source: { sample: { from: src, fraction: 0.5, seed: 1 } }']);
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
