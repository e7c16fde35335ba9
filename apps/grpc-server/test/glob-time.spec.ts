/**
 * Issue 28, item 1: a quality schema check with the forbidden glob `*a*a*a*a*a*a*a*a*a*a*c` against
 * a 200-character column name, run by a DuckDB session's ExecutePipeline, held the server's event
 * loop for minutes: another client's Health timed out and SIGTERM could not stop the server. The
 * built server runs as a child process here (a frozen loop in this process would stop the test's
 * own clock too): Health must answer throughout, the call end within seconds, and SIGTERM stop it.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createChannel, createClient, type Channel, type Client } from 'nice-grpc';
import { PipelineServiceDefinition } from '../src/generated/pipeline/v1/pipeline';

const { build } = require('../build.cjs') as { build(outdir: string): Promise<unknown> };

type PipelineClient = Client<typeof PipelineServiceDefinition>;

const ROOT = join(__dirname, '..', '..', '..');
const HOSTILE = `${'*a'.repeat(10)}*c`;
const LONG_NAME = 'a'.repeat(200);
let outdir: string;
let dataRoot: string;
let child: ChildProcessWithoutNullStreams | undefined;
const channels: Channel[] = [];

beforeAll(async () => {
  outdir = mkdtempSync(join(ROOT, 'tmp', 'grpc-glob-time-'));
  dataRoot = mkdtempSync(join(tmpdir(), 'grpc-glob-time-data-'));
  writeFileSync(join(dataRoot, 'long.csv'), `id,${LONG_NAME}\n1,2\n`);
  // 1,000 columns of 200 characters, for 60 globs of 999: seconds of matching.
  const names = Array.from({ length: 1000 }, (_, i) => `${'a'.repeat(195)}${String(i).padStart(5, '0')}`);
  writeFileSync(join(dataRoot, 'wide.csv'), `${names.join(',')}\n${names.map((_, i) => i).join(',')}\n`);
  await build(outdir);
}, 120_000);

afterAll(() => {
  for (const c of channels) c.close();
  child?.kill('SIGKILL');
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataRoot, { recursive: true, force: true });
});

/** Starts the built server and resolves with its port once it listens. */
async function startServer(): Promise<number> {
  const proc = spawn(process.execPath, [join(outdir, 'main.js'), '--port', '0', '--host', '127.0.0.1'], {
    env: { ...process.env, DATA_ROOT: dataRoot, WORKERS: '1', LOG_LEVEL: 'warn' },
  });
  child = proc;
  return new Promise((resolve, reject) => {
    let text = '';
    let errors = '';
    proc.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    proc.stdout.on('data', (d: Buffer) => {
      text += d.toString();
      const match = /listening on 127\.0\.0\.1:(\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code} before it listened: ${errors}`)));
  });
}

function connect(port: number): PipelineClient {
  const channel = createChannel(`127.0.0.1:${port}`);
  channels.push(channel);
  return createClient(PipelineServiceDefinition, channel);
}

function pipeline(input: string, globs: readonly string[], output: string): string {
  return [
    'version: "3.0"',
    'input:',
    `  - { name: data, format: csv, path: ${input} }`,
    'output:',
    `  - { name: data, format: csv, path: ${output}, mode: overwrite }`,
    'quality:',
    '  - suite: names',
    '    target: data',
    '    severity: warn',
    '    checks:',
    `      - { type: schema, columns: { forbidden: [${globs.map((g) => JSON.stringify(g)).join(', ')}] } }`,
  ].join('\n');
}

/**
 * Calls Health every 50 ms from its own connection until `done` settles; each call has 2 s (a
 * frozen loop answers none). Resolves with the slowest answer, or the first failure's text.
 */
async function healthWhile(client: PipelineClient, done: Promise<unknown>): Promise<number | string> {
  let settled = false;
  void done.finally(() => (settled = true)).catch(() => undefined);
  let slowest = 0;
  do {
    const started = Date.now();
    try {
      await client.health({}, { signal: AbortSignal.timeout(2_000) });
    } catch (e) {
      return `Health failed after ${Date.now() - started} ms: ${String(e)}`;
    }
    slowest = Math.max(slowest, Date.now() - started);
    await new Promise((r) => setTimeout(r, 50));
  } while (!settled);
  return slowest;
}

/** Sends SIGTERM and resolves with the exit code, or 'still running' after `ms`. */
function stop(ms: number): Promise<number | null | 'still running'> {
  const proc = child as ChildProcessWithoutNullStreams;
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  proc.kill('SIGTERM');
  return Promise.race([exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms))]);
}

it('a DuckDB session runs the backtracking glob against a 200-character name while Health answers, and SIGTERM stops the server', async () => {
  const port = await startServer();
  const sessionClient = connect(port);
  const healthClient = connect(port);
  const { sessionId } = await sessionClient.createSession({ backend: 'duckdb' });
  const started = Date.now();
  const running = sessionClient.executePipeline({ sessionId, yaml: pipeline('long.csv', [HOSTILE, 'ID'], 'out/long.csv') }, { signal: AbortSignal.timeout(60_000) });
  const slowest = await healthWhile(healthClient, running);
  const done = await running;
  expect(done).toMatchObject({ status: 'completed', error: '' });
  expect(typeof slowest).toBe('number');
  // Hang guards with room for a loaded machine: the regular expression took minutes.
  expect(Date.now() - started).toBeLessThan(20_000);
  expect(await stop(15_000)).toBe(0);
}, 90_000);

it('a session matching many long globs keeps Health answering, a cancelled call frees the session, and SIGTERM stops the server', async () => {
  const port = await startServer();
  const sessionClient = connect(port);
  const healthClient = connect(port);
  const { sessionId } = await sessionClient.createSession({ backend: 'duckdb' });
  const globs = Array.from({ length: 60 }, (_, i) => `${'*a'.repeat(498)}*${String(i).padStart(2, '0')}`);
  const abort = new AbortController();
  const running = sessionClient.executePipeline({ sessionId, yaml: pipeline('wide.csv', globs, 'out/wide.csv') }, { signal: abort.signal }).then(
    (r) => r.status,
    (e: unknown) => String(e),
  );
  const watching = healthWhile(healthClient, running);
  await new Promise((r) => setTimeout(r, 1_500));
  const cancelledAt = Date.now();
  abort.abort();
  expect(await running).toMatch(/CANCELLED|AbortError|aborted/);
  const slowest = await watching;
  expect(typeof slowest === 'number' && slowest < 1_000 ? 'answered' : slowest).toBe('answered');
  // Calls on one session run one at a time: the next one answering soon means the cancel stopped the matching.
  const next = await sessionClient.executePipeline({ sessionId, yaml: pipeline('long.csv', ['x*'], 'out/next.csv') }, { signal: AbortSignal.timeout(60_000) });
  expect(next).toMatchObject({ status: 'completed', error: '' });
  expect(Date.now() - cancelledAt).toBeLessThan(5_000);
  expect(await stop(15_000)).toBe(0);
}, 90_000);
