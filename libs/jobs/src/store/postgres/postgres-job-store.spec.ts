import { Client, Pool } from 'pg';
import { startPostgres, type PostgresServer } from '@pipeline/test-postgres';
import { isJobsError } from '../../errors';
import type { JobRecord } from '../../job';
import { describeJobStoreContract, queuedRecord } from '../__fixtures__/store-contract';
import type { JobStoreEvent } from '../job-store';
import { migrate, MIGRATIONS } from './migrations';
import { createPostgresJobStore, type PostgresJobStore, type PostgresJobStoreOptions } from './postgres-job-store';

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(() => server.stop());

const T = '2026-01-01T00:00:00.000Z';

describeJobStoreContract('PostgreSQL store', async () => createPostgresJobStore({ databaseUrl: await server.createDatabase() }));

/** Runs SQL on a database directly (what an operator or a test looks at). */
async function sql<R>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as R[];
  } finally {
    await client.end();
  }
}

/** Resolves with the first event `predicate` accepts (stores announce changes, nobody polls). */
function nextEvent(store: PostgresJobStore, predicate: (e: JobStoreEvent) => boolean): Promise<JobStoreEvent> {
  return new Promise((resolve) => {
    const off = store.subscribe((event) => {
      if (predicate(event)) {
        off();
        resolve(event);
      }
    });
  });
}

describe('PostgreSQL store: shared by replicas', () => {
  let url: string;
  const stores: PostgresJobStore[] = [];
  const open = async (options: Partial<PostgresJobStoreOptions> = {}): Promise<PostgresJobStore> => {
    const store = await createPostgresJobStore({ databaseUrl: url, ...options });
    stores.push(store);
    return store;
  };
  beforeEach(async () => {
    url = await server.createDatabase();
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });

  it('migrates once when many replicas start at once, and records the version', async () => {
    await Promise.all(Array.from({ length: 6 }, () => open()));
    const versions = await sql<{ version: number }>(url, 'SELECT version FROM pipeline_schema_migrations');
    expect(versions).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
  });

  it('refuses a database migrated by a newer service', async () => {
    await open();
    await sql(url, "INSERT INTO pipeline_schema_migrations (version, name) VALUES (999, 'from the future')");
    let caught: unknown;
    await createPostgresJobStore({ databaseUrl: url }).catch((e: unknown) => (caught = e));
    expect(isJobsError(caught) && caught.code).toBe('JOB_INVALID_OPTION');
    expect((caught as Error).message).toContain('schema version 999');
  });

  it('applies only the migrations a database lacks', async () => {
    const pool = new Pool({ connectionString: url });
    try {
      expect(await migrate(pool)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await migrate(pool)).toEqual([]);
    } finally {
      await pool.end();
    }
  });

  it('enforces the queue capacity across replicas submitting at once', async () => {
    const [a, b] = await Promise.all([open(), open()]);
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).enqueue(queuedRecord(), 10)));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.length - refused.length).toBe(10);
    expect(refused.every((r) => isJobsError((r as PromiseRejectedResult).reason) && (r as PromiseRejectedResult).reason.code === 'JOB_QUEUE_FULL')).toBe(true);
    expect((await a.list()).length).toBe(10);
  });

  it('hands each waiting job to exactly one replica, oldest first', async () => {
    const [a, b, c] = await Promise.all([open(), open(), open()]);
    const records = Array.from({ length: 60 }, () => queuedRecord());
    for (const r of records) await a.enqueue(r, 1000);
    const claims = await Promise.all(Array.from({ length: 30 }, (_, i) => [a, b, c][i % 3].claim(3)));
    const claimed = claims.flat().map((r) => r.id);
    expect(claimed.length).toBe(60);
    expect(new Set(claimed).size).toBe(60);
    const owners = await sql<{ owner: string; n: string }>(url, 'SELECT owner, count(*) AS n FROM pipeline_jobs GROUP BY owner');
    expect(owners.every((o) => [a.replicaId, b.replicaId, c.replicaId].includes(o.owner))).toBe(true);
  });

  it('announces new work, status changes and cancel requests to every replica', async () => {
    const [a, b] = await Promise.all([open(), open()]);
    const queued = nextEvent(b, (e) => e.type === 'queued');
    const record = queuedRecord();
    await a.enqueue(record, 100);
    await queued;
    const [claimed] = await a.claim(1);
    const started = nextEvent(b, (e) => e.type === 'status' && e.status === 'running');
    const running = (await a.transition(claimed, { type: 'start', at: T })) as JobRecord;
    expect(await started).toEqual({ type: 'status', id: record.id, status: 'running' });

    // B cannot cancel A's running job itself: it asks, and A hears of it.
    expect(await b.cancelWaiting(record.id, T)).toMatchObject({ outcome: 'owned', owner: a.replicaId });
    const asked = nextEvent(a, (e) => e.type === 'cancel');
    await b.requestCancel(record.id);
    expect(await asked).toEqual({ type: 'cancel', id: record.id, owner: a.replicaId });
    expect(await a.cancelRequested([record.id])).toEqual([record.id]);
    const ended = nextEvent(b, (e) => e.type === 'status' && e.status === 'cancelled');
    await a.transition(running, { type: 'cancel', at: T });
    await ended;
  });

  it('takes back the jobs of a replica whose lease ran out: running ones fail, taken ones wait again', async () => {
    const a = await open({ leaseMs: 60_000 });
    const b = await open({ leaseMs: 60_000 });
    const runningJob = queuedRecord();
    const takenJob = queuedRecord();
    const untouched = queuedRecord();
    for (const r of [runningJob, takenJob, untouched]) await a.enqueue(r, 100);
    const [first, second] = await a.claim(2);
    const running = (await a.transition(first, { type: 'start', at: new Date().toISOString() })) as JobRecord;
    // A stops beating: its heartbeat is older than the lease (as after kill -9).
    await sql(url, "UPDATE pipeline_replicas SET heartbeat_at = now() - interval '2 minutes' WHERE id = $1", [a.replicaId]);
    const failed = nextEvent(b, (e) => e.type === 'status' && e.status === 'failed');
    await b.maintain();
    await failed;
    expect(await b.get(runningJob.id)).toMatchObject({
      status: 'failed',
      error: 'interrupted: the replica running this job stopped',
      errorCode: 'JOB_INTERRUPTED',
    });
    expect(await b.get(takenJob.id)).toMatchObject({ status: 'queued' });
    // The job A took but never started is B's to claim now; A's late writes are refused.
    expect((await b.claim(5)).map((r) => r.id)).toEqual([second.id, untouched.id]);
    expect(await a.transition(running, { type: 'complete', at: T, outcome: { outputs: [], steps: [] } })).toBeUndefined();
    expect(await a.transition(second, { type: 'start', at: T })).toBeUndefined();
  });

  it('cancels at once a job whose replica stopped after a cancel was asked', async () => {
    const [a, b] = await Promise.all([open({ leaseMs: 60_000 }), open({ leaseMs: 60_000 })]);
    const record = queuedRecord();
    await a.enqueue(record, 100);
    await a.claim(1);
    await b.requestCancel(record.id);
    await sql(url, "UPDATE pipeline_replicas SET heartbeat_at = now() - interval '2 minutes' WHERE id = $1", [a.replicaId]);
    await b.maintain();
    expect(await b.get(record.id)).toMatchObject({ status: 'cancelled', durationMs: 0 });
  });

  it('hands claimed jobs back to the queue', async () => {
    const [a, b] = await Promise.all([open(), open()]);
    const records = [queuedRecord(), queuedRecord()];
    for (const r of records) await a.enqueue(r, 100);
    const claimed = await a.claim(2);
    const announced = nextEvent(b, (e) => e.type === 'queued');
    await a.release(claimed.map((r) => r.id));
    await announced;
    expect((await b.claim(5)).map((r) => r.id)).toEqual(records.map((r) => r.id));
  });

  it('keeps the newest terminal jobs up to the retention, and none older than the age limit', async () => {
    const a = await open({ retention: 2 });
    const finish = async (at: string): Promise<JobRecord> => {
      await a.enqueue(queuedRecord(), 100);
      const [claimed] = await a.claim(1);
      return (await a.transition(claimed, { type: 'cancel', at })) as JobRecord;
    };
    const active = queuedRecord();
    await a.enqueue(active, 100);
    await a.claim(1);
    const done = [];
    for (let i = 0; i < 4; i++) done.push(await finish(new Date().toISOString()));
    await a.maintain();
    expect((await a.list()).map((r) => r.id)).toEqual([active.id, done[2].id, done[3].id]);

    const aged = await open({ retentionAgeMs: 60_000 });
    const old = await finish('2020-01-01T00:00:00.000Z');
    const recent = await finish(new Date().toISOString());
    await aged.maintain();
    const ids = (await aged.list()).map((r) => r.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);
  });
});

describe('PostgreSQL store: the database goes away and comes back', () => {
  it('fails calls with JOB_STORE_UNAVAILABLE while it is down, and recovers without a restart', async () => {
    const url = await server.createDatabase();
    const errors: Error[] = [];
    const store = await createPostgresJobStore({ databaseUrl: url, leaseMs: 300, onError: (e) => errors.push(e) });
    try {
      const record = queuedRecord();
      await store.enqueue(record, 100);
      await server.stopServer('immediate');
      let caught: unknown;
      await store.get(record.id).catch((e: unknown) => (caught = e));
      expect(isJobsError(caught) && caught.code).toBe('JOB_STORE_UNAVAILABLE');
      expect((caught as Error).message).toMatch(/^job store unavailable: /);
      // A resync says the store is listening again: whatever was missed is to be looked at.
      const resynced = nextEvent(store, (e) => e.type === 'resync');
      await server.startServer();
      await resynced;
      expect(await store.get(record.id)).toEqual(record);
      // Listening again: a change made elsewhere is heard.
      const heard = nextEvent(store, (e) => e.type === 'queued');
      await sql(url, "SELECT pipeline_enqueue('x-after', now(), '{\"yaml\":\"\"}', 100)");
      await heard;
      expect(errors.map((e) => e.message).join('\n')).toMatch(/job store/);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('says why it cannot start when the database is unreachable', async () => {
    let caught: unknown;
    await createPostgresJobStore({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' }).catch((e: unknown) => (caught = e));
    expect(isJobsError(caught) && caught.code).toBe('JOB_STORE_UNAVAILABLE');
    expect((caught as Error).message).toContain('ECONNREFUSED');
  });
});
