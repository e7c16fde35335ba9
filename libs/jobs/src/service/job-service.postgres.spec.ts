/**
 * The job service on the PostgreSQL store: several replicas (services) on one database, in one
 * process, over a real PostgreSQL server and real pipelines.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { createRecordingLogger } from '@pipeline/server-kit';
import { startPostgres, type PostgresServer } from '@pipeline/test-postgres';
import type { JobRecord } from '../job';
import type { JobStore } from '../store/job-store';
import type { JobEvent } from '../store/state-machine';
import { createPostgresJobStore } from '../store/postgres/postgres-job-store';
import { createJobService, type JobService } from './job-service';
import { createDataRoot, must, removeDataRoot, slowPipeline, smallPipeline, untilStatus } from './__fixtures__/fixtures';

let server: PostgresServer;
let root: string;
beforeAll(async () => {
  [server, root] = await Promise.all([startPostgres(), createDataRoot({ withBig: true })]);
}, 120_000);
afterAll(async () => {
  await server.stop();
  removeDataRoot(root);
});

const errors: Error[] = [];
async function replica(url: string, options: { workers?: number; queueCapacity?: number; leaseMs?: number; startLater?: boolean } = {}): Promise<JobService> {
  const store: JobStore = await createPostgresJobStore({ databaseUrl: url, leaseMs: options.leaseMs });
  return createJobService({
    dataRoot: root,
    workers: options.workers ?? 1,
    queueCapacity: options.queueCapacity,
    store,
    staleTempSweepMs: 0,
    onError: (e) => errors.push(e),
    ...(options.startLater === true ? { startLater: true } : {}),
  });
}

async function ranOn(url: string): Promise<Map<string, { ran_on: string | null; runs: number }>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; ran_on: string | null; runs: number }>('SELECT id, ran_on, runs FROM pipeline_jobs');
    return new Map(rows.map((r) => [r.id, r]));
  } finally {
    await client.end();
  }
}

describe('job service on PostgreSQL: replicas share the jobs', () => {
  let url: string;
  let a: JobService;
  let b: JobService;
  beforeAll(async () => {
    url = await server.createDatabase();
    [a, b] = await Promise.all([replica(url, { workers: 2 }), replica(url, { workers: 2 })]);
  });
  afterAll(async () => {
    await Promise.all([a.shutdown({ graceMs: 0 }), b.shutdown({ graceMs: 0 })]);
  });
  afterEach(() => expect(errors).toEqual([]));

  it('runs a job submitted on one replica, waited for on the other, woken by its end', async () => {
    const job = await a.submit({ yaml: smallPipeline('pg-shared') });
    const done = must(await b.wait(job.id, 30_000));
    expect(done).toMatchObject({ status: 'completed', outcome: { outputs: [{ ref: 'out', rowsWritten: 8 }] } });
    expect(await a.get(job.id)).toEqual(done);
    expect(fs.existsSync(path.join(root, 'out/pg-shared.csv'))).toBe(true);
    expect(a.stats().store).toBe('postgres');
    // The first job opens each worker's DuckDB database: seconds on a loaded CI machine.
  }, 30_000);

  it('lists the same jobs in the same order from every replica', async () => {
    const submitted = [];
    for (let i = 0; i < 20; i++) submitted.push(await (i % 2 ? a : b).submit({ yaml: smallPipeline(`pg-list-${i % 5}`) }));
    await Promise.all(submitted.map((j) => a.wait(j.id, 60_000)));
    const [fromA, fromB] = await Promise.all([a.list(), b.list()]);
    expect(fromA).toEqual(fromB);
    expect(fromA.map((j) => j.id).slice(-20)).toEqual(submitted.map((j) => j.id));
    const runs = await ranOn(url);
    for (const j of submitted) expect(runs.get(j.id)?.runs).toBe(1);
  }, 60_000);

  it('answers a held wait on the list on one replica when another replica submits a job', async () => {
    // A replica that takes no jobs (never started) hears of them only through the database.
    const watcher = await replica(url, { startLater: true });
    try {
      const { version, jobs: before } = await watcher.waitForList('', 0);
      const held = watcher.waitForList(version, 30_000);
      const started = Date.now();
      const job = await a.submit({ yaml: smallPipeline('pg-list-wait') });
      const view = await held;
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(view.jobs.map((j) => j.id)).toEqual([...before.map((j) => j.id), job.id]);
      expect(view.version).not.toBe(version);
      // Its end is heard the same way.
      const ended = watcher.waitForList((await watcher.waitForList('', 0)).version, 30_000);
      await a.wait(job.id, 30_000);
      const last = await ended;
      expect(last.jobs.find((j) => j.id === job.id)?.status).not.toBe('queued');
    } finally {
      await watcher.shutdown({ graceMs: 0 });
    }
  }, 60_000);

  it('cancels from one replica a job running on the other within a second', async () => {
    const job = await a.submit({ yaml: slowPipeline('pg-cancel') });
    await untilStatus(b, job.id, 'running');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The replica that does not run it cancels it.
    const canceller = a.stats().running === 1 ? b : a;
    expect((canceller === a ? b : a).stats().running).toBe(1);
    expect(canceller.stats().running).toBe(0);
    const t0 = Date.now();
    const result = await canceller.cancel(job.id);
    expect(result).toMatchObject({ outcome: 'cancelling', job: { status: 'running' } });
    const done = must(await a.wait(job.id, 10_000));
    expect(done.status).toBe('cancelled');
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(fs.existsSync(path.join(root, 'out/pg-cancel.parquet'))).toBe(false);
  }, 30_000);

  it('cancels a queued job from any replica at once, and it never runs', async () => {
    const blockers = await Promise.all([1, 2, 3, 4].map((n) => a.submit({ yaml: slowPipeline(`pg-block-${n}`) })));
    const queued = await a.submit({ yaml: smallPipeline('pg-never') });
    expect(await b.cancel(queued.id)).toMatchObject({ outcome: 'cancelled', job: { status: 'cancelled', durationMs: 0 } });
    expect((await a.cancel(queued.id))?.outcome).toBe('already_terminal');
    await Promise.all(blockers.map((j) => b.cancel(j.id)));
    await Promise.all(blockers.map((j) => a.wait(j.id, 10_000)));
    expect((await ranOn(url)).get(queued.id)?.runs).toBe(0);
    expect(fs.existsSync(path.join(root, 'out/pg-never.csv'))).toBe(false);
  }, 30_000);
});

describe('job service on PostgreSQL: capacity, restarts', () => {
  afterEach(() => expect(errors.splice(0)).toEqual([]));

  it('refuses beyond the queue capacity counted across replicas', async () => {
    const url = await server.createDatabase();
    const [a, b] = await Promise.all([replica(url, { queueCapacity: 3 }), replica(url, { queueCapacity: 3 })]);
    try {
      // Both workers busy, then three waiting jobs fill the shared queue.
      const busy = [await a.submit({ yaml: slowPipeline('cap-a') }), await b.submit({ yaml: slowPipeline('cap-b') })];
      await Promise.all(busy.map((j) => untilStatus(a, j.id, 'running')));
      for (const s of [a, b, a]) await s.submit({ yaml: smallPipeline('cap-w') });
      await expect(b.submit({ yaml: smallPipeline('cap-x') })).rejects.toMatchObject({ code: 'JOB_QUEUE_FULL', message: 'job queue is full' });
      await expect(a.submit({ yaml: smallPipeline('cap-x') })).rejects.toMatchObject({ code: 'JOB_QUEUE_FULL' });
      for (const j of busy) await a.cancel(j.id);
    } finally {
      await Promise.all([a.shutdown({ graceMs: 0 }), b.shutdown({ graceMs: 0 })]);
    }
  }, 60_000);

  it('keeps queued jobs and history across a restart: a new replica runs what the stopped one left queued', async () => {
    const url = await server.createDatabase();
    const first = await replica(url);
    const done = await first.submit({ yaml: smallPipeline('rs-done') });
    await first.wait(done.id, 30_000);
    const running = await first.submit({ yaml: slowPipeline('rs-running') });
    await untilStatus(first, running.id, 'running');
    const left = [];
    for (const n of [1, 2, 3]) left.push(await first.submit({ yaml: smallPipeline(`rs-left-${n}`) }));
    // Graceful shutdown with a shared store: the running job is cancelled after the grace,
    // the queued ones stay queued for the other replicas (none now).
    await first.shutdown({ graceMs: 0 });
    const second = await replica(url);
    try {
      expect((await second.get(done.id))?.status).toBe('completed');
      expect((await second.get(running.id))?.status).toBe('cancelled');
      const after = await Promise.all(left.map((j) => second.wait(j.id, 30_000)));
      expect(after.map((j) => j?.status)).toEqual(['completed', 'completed', 'completed']);
      expect((await second.list()).map((j) => j.id)).toEqual([done.id, running.id, ...left.map((j) => j.id)]);
    } finally {
      await second.shutdown();
    }
  }, 60_000);
});

describe('job service on PostgreSQL: the database goes away', () => {
  it('fails calls while it is down, records a result once it is back, and shuts down within bounds while it is down', async () => {
    const own = await startPostgres();
    try {
      const url = await own.createDatabase();
      const jobs = await replica(url, { leaseMs: 60_000 });
      const running = await jobs.submit({ yaml: slowPipeline('down-1') });
      await untilStatus(jobs, running.id, 'running');
      await own.stopServer('immediate');
      await expect(jobs.get(running.id)).rejects.toMatchObject({ code: 'JOB_STORE_UNAVAILABLE' });
      await expect(jobs.submit({ yaml: smallPipeline('down-2') })).rejects.toMatchObject({
        code: 'JOB_STORE_UNAVAILABLE',
        message: expect.stringMatching(/^job store unavailable: /),
      });
      await own.startServer();
      // The job ran on through the outage; its end is written once the database answers.
      const done = must(await jobs.wait(running.id, 60_000));
      expect(done.status).toBe('completed');
      expect((await jobs.wait((await jobs.submit({ yaml: smallPipeline('down-3') })).id, 30_000))?.status).toBe('completed');

      // Down again: shutting down does not wait for the database.
      await own.stopServer('immediate');
      const t0 = Date.now();
      await jobs.shutdown({ graceMs: 0, cancelTimeoutMs: 1000 });
      expect(Date.now() - t0).toBeLessThan(10_000);
    } finally {
      errors.splice(0);
      await own.stop();
    }
  }, 120_000);
});

/** A pipeline over people.csv with `extra` appended to its output block and `quality` after it. */
function pipelineWith(name: string, options: { path?: string; quality?: string }): string {
  return `
version: "3.0"
pipeline:
  name: ${name}
  assets:
    - asset_ref: raw
      source: { input: { format: csv, path: people.csv } }
    - asset_ref: out
      source: { output: { from: raw, format: csv, path: ${options.path ?? `"out/${name}.csv"`}, mode: overwrite } }
${options.quality ?? ''}`;
}

describe('job service on PostgreSQL: texts the database cannot store', () => {
  let url: string;
  let jobs: JobService;
  beforeAll(async () => {
    url = await server.createDatabase();
    jobs = await replica(url);
  });
  afterAll(() => jobs.shutdown({ graceMs: 0 }));
  afterEach(() => expect(errors.splice(0)).toEqual([]));

  it('records a failure whose message holds a NUL (a column named with one), the NUL written out as \\u0000', async () => {
    const quality = `quality:
  - suite: s
    target: raw
    checks:
      - type: completeness
        column: "a\\0b"
`;
    const job = await jobs.submit({ yaml: pipelineWith('nul-error', { quality }) });
    const done = must(await jobs.wait(job.id, 20_000));
    expect(done).toMatchObject({ status: 'failed', errorCode: 'E_COLUMN_NOT_FOUND' });
    expect(done.error).toContain('column "a\\u0000b" not found');
    expect(await jobs.get(job.id)).toEqual(done);
  }, 30_000);

  it('answers an id holding a NUL as unknown, not as a store outage', async () => {
    await expect(jobs.get('abc\0def')).resolves.toBeUndefined();
    await expect(jobs.cancel('abc\0def')).resolves.toBeUndefined();
    await expect(jobs.wait('abc\0def', 100)).resolves.toBeUndefined();
  });

  it('fails a job whose result the database refuses with the reason, instead of retrying forever', async () => {
    // A store whose completion write carries what PostgreSQL refuses (as a record with text it
    // cannot represent once did): a data error, not an outage.
    const real = await createPostgresJobStore({ databaseUrl: await server.createDatabase() });
    const store: JobStore = Object.assign(Object.create(real) as JobStore, {
      transition: (current: JobRecord, event: JobEvent) =>
        real.transition(current, event.type === 'complete' ? { ...event, at: 'not a time' } : event),
    });
    const own = createJobService({ dataRoot: root, workers: 1, store, staleTempSweepMs: 0, onError: (e) => errors.push(e) });
    try {
      const job = await own.submit({ yaml: smallPipeline('refused') });
      const done = must(await own.wait(job.id, 20_000));
      expect(done).toMatchObject({ status: 'failed', errorCode: 'JOB_RECORD_UNSTORABLE' });
      expect(done.error).toMatch(/^job .+: its result could not be stored: invalid input syntax for type timestamp/);
      // Nothing left hanging: the next job gets the only worker and ends (refused the same way).
      const next = await own.submit({ yaml: smallPipeline('after-refused') });
      expect(must(await own.wait(next.id, 20_000))).toMatchObject({ status: 'failed', errorCode: 'JOB_RECORD_UNSTORABLE' });
    } finally {
      await own.shutdown({ graceMs: 0 });
    }
  }, 30_000);
});

describe('job service on PostgreSQL: what its log and records say', () => {
  it('logs every line of a job with its id and pipeline name, the worker lines after "job running"', async () => {
    const url = await server.createDatabase();
    const { logger, lines } = createRecordingLogger();
    const store = await createPostgresJobStore({ databaseUrl: url });
    const jobs = createJobService({ dataRoot: root, workers: 1, store, staleTempSweepMs: 0, logger, onError: (e) => errors.push(e) });
    try {
      const failing = await jobs.submit({ yaml: smallPipeline('log-order').replace('people.csv', 'nope.csv') }, { requestId: 'r-1' });
      expect(must(await jobs.wait(failing.id, 20_000)).status).toBe('failed');
      const done = await jobs.submit({ yaml: smallPipeline('log-done') });
      expect(must(await jobs.wait(done.id, 20_000)).status).toBe('completed');
      // A waiter can see the record before its final line is logged: wait for that line (bounded).
      const logged = (id: string, msg: string) => lines.some((l) => l['jobId'] === id && l['msg'] === msg);
      for (let i = 0; i < 250 && !(logged(failing.id, 'job failed') && logged(done.id, 'job completed')); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      const about = (id: string) => lines.filter((l) => l['jobId'] === id);
      expect(about(failing.id).map((l) => l['msg'])).toEqual(['job queued', 'job running', 'job running in worker', 'job failed in worker', 'job failed']);
      for (const line of about(failing.id)) expect(line).toMatchObject({ pipeline: 'log-order', requestId: 'r-1' });
      expect(about(done.id).map((l) => l['msg'])).toEqual(['job queued', 'job running', 'job running in worker', 'job ran in worker', 'job completed']);
      for (const line of about(done.id)) expect(line['pipeline']).toBe('log-done');
    } finally {
      await jobs.shutdown({ graceMs: 0 });
      errors.splice(0);
    }
  }, 30_000);

  it('records a job cancelled by a shutdown with the reason: cancelled: the server stopped', async () => {
    const url = await server.createDatabase();
    const first = await replica(url);
    const running = await first.submit({ yaml: slowPipeline('stopped') });
    await untilStatus(first, running.id, 'running');
    await first.shutdown({ graceMs: 0 });
    const second = await replica(url);
    try {
      expect(await second.get(running.id)).toMatchObject({
        status: 'cancelled',
        errorCode: 'JOB_SERVER_STOPPED',
        error: 'cancelled: the server stopped',
      });
    } finally {
      await second.shutdown();
      errors.splice(0);
    }
  }, 60_000);
});
