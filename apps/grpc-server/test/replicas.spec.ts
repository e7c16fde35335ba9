/**
 * Several replicas on one PostgreSQL database: two HTTP servers (the built bundle,
 * `dist/apps/http-server/main.js`, as real processes) and this gRPC server (in process). Jobs are
 * submitted on one replica, waited for and cancelled on others; then the chaos: a replica killed
 * with SIGKILL while it runs jobs, and the database restarted under load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { request as httpRequest } from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { startPostgres, type PostgresServer } from '@pipeline/test-postgres';
import { failure, startHarness, type Harness } from './harness';

const ROOT = path.resolve(__dirname, '../../..');
const HTTP_MAIN = path.join(ROOT, 'dist/apps/http-server/main.js');

/** Rows of the slow input (1,000 groups): its self-join on the group has 2.25 billion rows. */
const BIG_ROWS = 1_500_000;

function pipeline(input: string, output: string, filter: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  name: replicas',
    '  assets:',
    '    - asset_ref: raw',
    '      source:',
    `        input: { format: csv, path: "${input}" }`,
    '    - asset_ref: kept',
    '      source:',
    `        where: { from: raw, filter: "${filter}" }`,
    '    - asset_ref: out',
    '      source:',
    `        output: { from: kept, format: csv, path: "${output}", mode: overwrite }`,
  ].join('\n');
}
const small = (n: number): string => pipeline('people.csv', `out/small-${n}.csv`, 'age >= 18');

/** A job that runs until it is cancelled (or its replica dies): a self-join of billions of rows. */
function slow(n: number): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  name: endless',
    '  assets:',
    '    - asset_ref: a',
    '      source:',
    '        input: { format: csv, path: "big.csv" }',
    '    - asset_ref: b',
    '      source:',
    '        input: { format: csv, path: "big.csv" }',
    '    - asset_ref: joined',
    '      source:',
    '        join:',
    '          left: a',
    '          right:',
    '            - name: b',
    '              type: inner',
    '              on: ["a.grp = b.grp"]',
    '    - asset_ref: out',
    '      source:',
    `        output: { from: joined, format: csv, path: "out/slow-${n}.csv", mode: overwrite }`,
  ].join('\n');
}

/** A data root shared by every replica: people.csv (10 rows, 8 adults) and big.csv. */
function createDataRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'replicas-'));
  const rows = ['id,name,age', ...Array.from({ length: 10 }, (_, i) => `${i + 1},p${i + 1},${10 + i * 5}`)];
  fs.writeFileSync(path.join(root, 'people.csv'), `${rows.join('\n')}\n`);
  const fd = fs.openSync(path.join(root, 'big.csv'), 'w');
  fs.writeSync(fd, 'id,grp,name\n');
  for (let start = 0; start < BIG_ROWS; start += 100_000) {
    let text = '';
    for (let i = start; i < start + 100_000; i++) text += `${i},g${i % 1000},name_${i}\n`;
    fs.writeSync(fd, text);
  }
  fs.closeSync(fd);
  return root;
}

/** An HTTP replica: the built server in its own process. */
interface HttpReplica {
  readonly url: string;
  readonly process: ChildProcess;
  readonly exited: Promise<void>;
  output(): string;
}

async function startHttpReplica(env: Record<string, string>): Promise<HttpReplica> {
  const child = spawn(process.execPath, [HTTP_MAIN], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOST: '127.0.0.1', PORT: '0', WORKERS: '2', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)\n/.exec(out);
      if (match) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`the HTTP replica exited before listening:\n${out}`)));
  });
  return { url, process: child, exited, output: () => out };
}

async function stopHttpReplica(replica: HttpReplica): Promise<void> {
  if (replica.process.exitCode === null && replica.process.signalCode === null) replica.process.kill('SIGTERM');
  await replica.exited;
}

/**
 * One request on a connection of its own (no keep-alive: a reused connection the server closes as
 * idle at the same moment fails the request, a client-side race that says nothing of the server).
 */
function http(url: string, init: { method?: string; body?: string } = {}): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: init.method ?? 'GET', agent: false, headers: init.body === undefined ? {} : { 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text === '' ? undefined : JSON.parse(text) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

const submitHttp = (replica: HttpReplica, yaml: string) => http(`${replica.url}/api/jobs`, { method: 'POST', body: JSON.stringify({ yaml }) });

async function sql<R>(url: string, text: string): Promise<R[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as R[];
  } finally {
    await client.end();
  }
}

interface JobRow {
  id: string;
  status: string;
  error: string | null;
  runs: number;
  ran_on: string | null;
}

/** A CSV output complete as the small pipeline writes it: header and the 8 adults. */
function completeSmallOutput(file: string): boolean {
  return fs.readFileSync(file, 'utf8').trim().split('\n').length === 9;
}

let postgres: PostgresServer;
let dataRoot: string;
beforeAll(async () => {
  if (!fs.existsSync(HTTP_MAIN)) throw new Error(`${HTTP_MAIN} is missing: the test target depends on http-server:build`);
  postgres = await startPostgres();
  dataRoot = createDataRoot();
}, 120_000);
afterAll(async () => {
  await postgres.stop();
  fs.rmSync(dataRoot, { recursive: true, force: true });
});

describe('two HTTP replicas and one gRPC server on one database', () => {
  let databaseUrl: string;
  let grpc: Harness;
  let replicas: HttpReplica[];
  beforeAll(async () => {
    databaseUrl = await postgres.createDatabase();
    replicas = await Promise.all([1, 2].map(() => startHttpReplica({ DATABASE_URL: databaseUrl, DATA_ROOT: dataRoot })));
    grpc = await startHarness({ dataRoot, databaseUrl, workers: 2, queueCapacity: 1000 });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(replicas.map(stopHttpReplica));
    // The harness removes its data root: the shared one, last.
    await grpc.app.shutdown(2000);
    grpc.channel.close();
  }, 60_000);

  it('runs 300 jobs submitted round-robin, each waited for and some cancelled on another replica, each once', async () => {
    // Replica 0 and 1 are HTTP, 2 is gRPC: submit, wait and cancel through each.
    const submit = async (on: number, yaml: string): Promise<string> => {
      if (on === 2) return (await grpc.client.submitJob({ yaml })).jobId;
      const res = await submitHttp(replicas[on], yaml);
      expect(res.status).toBe(202);
      return res.body.job_id;
    };
    const wait = async (on: number, id: string): Promise<string> => {
      if (on === 2) return (await grpc.client.waitForJob({ jobId: id, timeoutSeconds: 300 })).status;
      return (await http(`${replicas[on].url}/api/jobs/${id}/wait?timeout=300`)).body.status;
    };
    const cancel = async (on: number, id: string): Promise<void> => {
      if (on === 2) {
        expect((await grpc.client.cancelJob({ jobId: id })).cancelled).toBe(true);
      } else {
        expect((await http(`${replicas[on].url}/api/jobs/${id}`, { method: 'DELETE' })).status).toBe(200);
      }
    };
    const jobs = Array.from({ length: 300 }, (_, i) => ({ i, cancelled: i % 10 === 0, submitOn: i % 3, waitOn: (i + 1) % 3, cancelOn: (i + 2) % 3 }));
    const ids = new Array<string>(300);
    const ended = await Promise.all(
      jobs.map(async (job) => {
        const id = await submit(job.submitOn, job.cancelled ? slow(job.i) : small(job.i));
        ids[job.i] = id;
        const status = wait(job.waitOn, id);
        if (job.cancelled) await cancel(job.cancelOn, id);
        return status;
      }),
    );
    expect(ended).toEqual(jobs.map((job) => (job.cancelled ? 'cancelled' : 'completed')));

    // The same list, in the same order, with the same states, from every replica.
    const lists = await Promise.all([
      ...replicas.map(async (r) => (await http(`${r.url}/api/jobs`)).body.jobs.map((j: { id: string; status: string }) => `${j.id} ${j.status}`)),
      grpc.client.listJobs({}).then((res) => res.jobs.map((j) => `${j.id} ${j.status}`)),
    ]);
    expect(lists[0]).toHaveLength(300);
    expect(lists[1]).toEqual(lists[0]);
    expect(lists[2]).toEqual(lists[0]);
    expect(new Set(lists[0].map((line: string) => line.split(' ')[0]))).toEqual(new Set(ids));

    // Each job that ran, ran once on one replica; every replica ran some; outputs are whole.
    const rows = await sql<JobRow>(databaseUrl, 'SELECT id, status, error, runs, ran_on FROM pipeline_jobs');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const replicaIds = new Set((await sql<{ id: string }>(databaseUrl, 'SELECT id FROM pipeline_replicas')).map((r) => r.id));
    expect(replicaIds.size).toBe(3);
    for (const job of jobs) {
      const row = byId.get(ids[job.i]);
      if (job.cancelled) {
        expect(row?.runs).toBeLessThanOrEqual(1);
        expect(fs.existsSync(path.join(dataRoot, `out/slow-${job.i}.csv`))).toBe(false);
      } else {
        expect(row?.runs).toBe(1);
        expect(completeSmallOutput(path.join(dataRoot, `out/small-${job.i}.csv`))).toBe(true);
      }
      if (row?.ran_on !== null) expect(replicaIds.has(String(row?.ran_on))).toBe(true);
    }
    expect(new Set(rows.map((r) => r.ran_on).filter((r) => r !== null))).toEqual(replicaIds);
  }, 240_000);
});

describe('two gRPC servers on one database', () => {
  it('share jobs, but a session lives in the replica that created it', async () => {
    const databaseUrl = await postgres.createDatabase();
    // One data root for both (each harness removes it when it stops: its own copy of the inputs).
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'replicas-grpc-'));
    fs.copyFileSync(path.join(dataRoot, 'people.csv'), path.join(shared, 'people.csv'));
    const [a, b] = await Promise.all([1, 2].map(() => startHarness({ databaseUrl, dataRoot: shared, workers: 1 })));
    try {
      const submitted = await Promise.all([1, 2, 3, 4].map((n) => a.client.submitJob({ yaml: small(3000 + n) })));
      const seen = await Promise.all(submitted.map(({ jobId }) => b.client.waitForJob({ jobId, timeoutSeconds: 60 })));
      expect(seen.map((j) => j.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
      expect((await a.client.listJobs({})).jobs).toEqual((await b.client.listJobs({})).jobs);

      const { sessionId } = await a.client.createSession({ backend: 'duckdb' });
      const elsewhere = await failure(b.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'people.csv', options: {} }));
      expect(elsewhere).toEqual({ code: 'NOT_FOUND', details: 'session not found' });
      const here = await a.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'people.csv', options: {} });
      expect(Number(here.rowCount)).toBe(10);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 60_000);
});

describe('a replica whose database cannot be reached', () => {
  it('says so and exits 1 at start', async () => {
    const child = spawn(process.execPath, [HTTP_MAIN], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', PORT: '0', DATA_ROOT: dataRoot, DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(out).toContain('  job store       postgres postgres://nobody:***@127.0.0.1:1/none  [DATABASE_URL]');
    expect(err).toMatch(/^http-server: job store unavailable: connect ECONNREFUSED 127\.0\.0\.1:1\n$/);
    expect(out + err).not.toContain('secret');
  }, 30_000);
});

describe('chaos: a replica killed with SIGKILL while it runs jobs', () => {
  it('fails its running jobs after the lease, runs its queued ones elsewhere, loses and repeats none', async () => {
    const databaseUrl = await postgres.createDatabase();
    const env = { DATABASE_URL: databaseUrl, DATA_ROOT: dataRoot, JOB_LEASE: '2s' };
    const doomed = await startHttpReplica(env);
    const running = [await submitHttp(doomed, slow(1001)), await submitHttp(doomed, slow(1002))].map((r) => r.body.job_id as string);
    const queued: string[] = [];
    for (let n = 0; n < 8; n++) queued.push((await submitHttp(doomed, small(1000 + n))).body.job_id);
    // Both workers busy with the slow jobs, the small ones waiting behind them.
    for (const id of running) {
      expect((await http(`${doomed.url}/api/jobs/${id}/wait?timeout=1`)).body.status).toMatch(/queued|running/);
    }
    const rowsBefore = async () => sql<JobRow>(databaseUrl, `SELECT id, status, error, runs, ran_on FROM pipeline_jobs`);
    for (;;) {
      const rows = await rowsBefore();
      if (rows.filter((r) => r.status === 'running').length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    doomed.process.kill('SIGKILL');
    await doomed.exited;

    // The replica restarts (a new process, a new replica id) on the same database.
    const survivor = await startHttpReplica(env);
    try {
      const t0 = Date.now();
      const ended = await Promise.all([...running, ...queued].map(async (id) => (await http(`${survivor.url}/api/jobs/${id}/wait?timeout=60`)).body));
      expect(ended.slice(0, 2).map((j) => [j.status, j.error])).toEqual([
        ['failed', 'interrupted: the replica running this job stopped'],
        ['failed', 'interrupted: the replica running this job stopped'],
      ]);
      expect(ended.slice(2).map((j) => j.status)).toEqual(queued.map(() => 'completed'));
      // Detected within the lease plus one maintenance round, not after some long default.
      expect(Date.now() - t0).toBeLessThan(10_000);

      const rows = await rowsBefore();
      expect(rows).toHaveLength(10);
      for (const row of rows) expect(row.runs).toBe(1);
      // The killed jobs never renamed their output into place: no partial file where a reader looks.
      for (const n of [1001, 1002]) expect(fs.existsSync(path.join(dataRoot, `out/slow-${n}.csv`))).toBe(false);
      for (let n = 0; n < 8; n++) expect(completeSmallOutput(path.join(dataRoot, `out/small-${1000 + n}.csv`))).toBe(true);
      const listed = (await http(`${survivor.url}/api/jobs`)).body.jobs.map((j: { id: string }) => j.id);
      expect(listed).toEqual([...running, ...queued]);
    } finally {
      await stopHttpReplica(survivor);
    }
  }, 120_000);
});

describe('chaos: the database restarted under load', () => {
  let own: PostgresServer;
  beforeAll(async () => {
    own = await startPostgres();
  }, 60_000);
  afterAll(() => own.stop());

  it('answers 503 job store unavailable while it is down, then recovers without a restart; no job lost or run twice', async () => {
    const databaseUrl = await own.createDatabase();
    const env = { DATABASE_URL: databaseUrl, DATA_ROOT: dataRoot, JOB_LEASE: '30s' };
    const replicas = await Promise.all([startHttpReplica(env), startHttpReplica(env)]);
    try {
      const accepted: string[] = [];
      const outages: { status: number; error: string }[] = [];
      const load = async (from: number, count: number) => {
        for (let n = from; n < from + count; n++) {
          const res = await submitHttp(replicas[n % 2], small(2000 + n));
          if (res.status === 202) accepted.push(res.body.job_id);
          else outages.push({ status: res.status, error: res.body.error });
        }
      };
      await load(0, 30);
      await own.stopServer('immediate');
      await load(30, 10);
      const listDown = await http(`${replicas[0].url}/api/jobs`);
      await own.startServer();
      await load(40, 30);

      expect(outages.length).toBeGreaterThan(0);
      for (const outage of outages) {
        expect(outage.status).toBe(503);
        expect(outage.error).toMatch(/^job store unavailable: /);
      }
      expect(listDown.status).toBe(503);
      // Every accepted job ends completed, waited for on the other replica.
      const ended = await Promise.all(
        accepted.map(async (id, i) => (await http(`${replicas[(i + 1) % 2].url}/api/jobs/${id}/wait?timeout=120`)).body.status),
      );
      expect(ended).toEqual(accepted.map(() => 'completed'));
      const rows = await sql<JobRow>(databaseUrl, 'SELECT id, status, error, runs, ran_on FROM pipeline_jobs');
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(accepted));
      for (const row of rows) expect(row.runs).toBe(1);
    } finally {
      await Promise.all(replicas.map(stopHttpReplica));
    }
  }, 180_000);
});
