/**
 * Issue 16, item 1: a second SIGTERM or SIGINT while job workers are inside DuckDB queries (and a
 * DuckDB session query runs on the main thread) used to abort the process (SIGABRT, "terminate
 * called after throwing an instance of 'Napi::Error'") in every try. The built server is started,
 * loaded, signalled twice, and must exit 130 without a native abort, within the stop-now bound.
 * CI runs a few exits; `tools/robustness/exit-loop.sh` runs the full loop (EXIT_LOOP_ITERATIONS).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { createChannel, createClient, type Client } from 'nice-grpc';
import { PipelineServiceDefinition } from '../src/generated/pipeline/v1/pipeline';

const { build } = require('../build.cjs') as { build(outdir: string): Promise<unknown> };

const ITERATIONS = Number(process.env['EXIT_LOOP_ITERATIONS'] ?? 3);
const ROOT = join(__dirname, '..', '..', '..');
const BIG_ROWS = 3_000_000;
let outdir: string;
let dataRoot: string;

beforeAll(async () => {
  outdir = mkdtempSync(join(ROOT, 'tmp', 'grpc-exit-loop-'));
  dataRoot = mkdtempSync(join(tmpdir(), 'grpc-exit-loop-data-'));
  await build(outdir);
  // Big enough that a high-cardinality group-by keeps DuckDB busy for seconds.
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const connection = await instance.connect();
  const file = join(dataRoot, 'big.csv').replaceAll("'", "''");
  await connection.run(`COPY (SELECT i AS id, (i * 7) % 100 AS age, i AS k FROM range(${BIG_ROWS}) t(i)) TO '${file}' (FORMAT csv, HEADER)`);
  connection.closeSync();
  instance.closeSync();
}, 180_000);

afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataRoot, { recursive: true, force: true });
});

const SLOW_JOB = (name: string) => `
version: "3.0"
pipeline:
  name: ${name}
  assets:
    - asset_ref: raw
      source:
        input: { format: csv, path: big.csv }
    - asset_ref: grouped
      source:
        group_by: { from: raw, by: [k], agg: ["COUNT(*) AS n", "SUM(age) AS total"] }
    - asset_ref: out
      source:
        output: { from: grouped, format: parquet, path: "out/${name}.parquet", mode: overwrite }
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the bundle and resolves with its port once it listens. */
function startServer(): {
  child: ReturnType<typeof spawn>;
  port: Promise<number>;
  stderr: () => string;
  stdout: () => string;
  exited: Promise<{ code: number | null; signal: string | null }>;
} {
  const child = spawn(process.execPath, [join(outdir, 'main.js'), '--port', '0', '--host', '127.0.0.1'], {
    env: { ...process.env, DATA_ROOT: dataRoot, WORKERS: '2', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const port = new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      const match = /listening on 127\.0\.0\.1:(\d+)/.exec(stdout);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(() => reject(new Error(`server exited before listening: ${stderr}`)));
  });
  return { child, port, stderr: () => stderr, stdout: () => stdout, exited };
}

/** Resolves once every job is running (DuckDB at work in both workers). */
async function untilRunning(client: Client<typeof PipelineServiceDefinition>, ids: string[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const jobs = await Promise.all(ids.map((jobId) => client.getJob({ jobId })));
    if (jobs.every((j) => j.status === 'running')) return;
    if (Date.now() > deadline) throw new Error(`jobs not running: ${jobs.map((j) => j.status).join(', ')}`);
    await sleep(20);
  }
}

describe('a second signal while DuckDB works', () => {
  it(`exits 130 without a native abort, ${ITERATIONS} times in a row`, async () => {
    let stoppedNow = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      const server = startServer();
      const port = await server.port;
      const channel = createChannel(`127.0.0.1:${port}`);
      const client = createClient(PipelineServiceDefinition, channel);
      const ids = await Promise.all([0, 1].map(async (n) => (await client.submitJob({ yaml: SLOW_JOB(`j${i}-${n}`) })).jobId));
      // Every other round a DuckDB session query runs on the main thread as well.
      if (i % 2 === 1) {
        const { sessionId } = await client.createSession({ backend: 'duckdb' });
        const raw = await client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'big.csv' });
        void client
          .applyTransform({
            sessionId,
            assetName: 'g',
            sourceJson: JSON.stringify({ group_by: { from: 'raw', by: ['k'], agg: ['COUNT(*) AS n'] } }),
            inputHandles: { raw: raw.handleId },
          })
          .catch(() => undefined);
      }
      await untilRunning(client, ids);
      await sleep(100 + (i % 5) * 60);
      const second = i % 2 === 0 ? 'SIGTERM' : 'SIGINT';
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      await sleep(10 + (i % 3) * 40);
      server.child.kill(second);
      const { code, signal } = await server.exited;
      channel.close();
      const took = Date.now() - signalledAt;
      const aborted = /terminate called|Napi::Error/.test(server.stderr());
      // On a failure the server's last words say why.
      // Exit 0 is clean too: on a loaded machine the jobs may end, and the graceful stop with them,
      // before the second signal lands. What must never happen is a native abort or a crash.
      const clean = (code === 130 || code === 0) && signal === null && !aborted;
      const last = clean ? '' : `${server.stdout().slice(-1500)}\n${server.stderr().slice(-1500)}`;
      expect({ round: i, clean, code, signal, aborted, last }).toEqual({ round: i, clean: true, code, signal: null, aborted: false, last: '' });
      if (code === 130) stoppedNow += 1;
      expect(took).toBeLessThan(15_000);
    }
    // One line for tools/robustness/exit-loop.sh to report.
    process.stdout.write(`exit-loop grpc-server: ${ITERATIONS}/${ITERATIONS} clean exits, ${stoppedNow} of them by the second signal (130)\n`);
  }, 60_000 + ITERATIONS * 20_000);
});
