/**
 * The PostgreSQL job store: every replica pointed at the same database shares the jobs, the
 * queue and the history. The queue is the jobs table itself (`SELECT ... FOR UPDATE SKIP
 * LOCKED` claims, see the library README for why not pg-boss or graphile-worker); changes are
 * announced with LISTEN/NOTIFY (a trigger), so waits and cancels cross replicas without polling.
 * Each replica keeps a heartbeat; the jobs of a replica whose heartbeat is older than the lease
 * are taken back: running ones fail (`interrupted: the replica running this job stopped`),
 * claimed-but-not-started ones wait again. Retention (count and age) runs in the database.
 */
import { randomUUID } from 'node:crypto';
import * as os from 'node:os';
import { Client, Pool, type PoolConfig, type QueryResultRow } from 'pg';
import { isJobsError, jobsErrors } from '../../errors';
import { isTerminalStatus, type JobOutcome, type JobRecord, type JobRequest, type JobStatus } from '../../job';
import type { JobStore, JobStoreEvent, WaitingCancel } from '../job-store';
import { checkRetention, DEFAULT_RETENTION } from '../memory-job-store';
import { applyJobEvent } from '../state-machine';
import { isUnstorableId, storableText } from '../storable-text';
import { JOB_CHANNEL, migrate } from './migrations';

/** How long a replica may go without a heartbeat before its jobs are taken back, by default. */
export const DEFAULT_LEASE_MS = 30_000;

/** Options of {@link createPostgresJobStore}. */
export interface PostgresJobStoreOptions {
  /** `postgres://user:password@host:port/database` (any libpq-style URL `pg` accepts). */
  readonly databaseUrl: string;
  /** Heartbeat lease of a replica in ms (default 30 s): beyond it, its jobs are taken back. */
  readonly leaseMs?: number;
  /** Terminal jobs kept (default 10,000), the newest by submission. */
  readonly retention?: number;
  /** How long a terminal job is kept after it ended, in ms (default: no age limit). */
  readonly retentionAgeMs?: number;
  /** Most connections this replica opens (default 10), besides the one that listens. */
  readonly maxConnections?: number;
  /** Errors that belong to no call (a lost connection, a failed heartbeat); default: none. */
  readonly onError?: (error: Error) => void;
}

/** The PostgreSQL store, with what tests and operators may ask of it beyond {@link JobStore}. */
export interface PostgresJobStore extends JobStore {
  readonly kind: 'postgres';
  /** Runs the heartbeat, the lease reaper and retention now (they also run on a timer). */
  maintain(): Promise<void>;
}

const COLUMNS = 'id, status, error, error_code, created_at, started_at, completed_at, duration_ms, request, outcome, extra';
const TERMINAL = "('completed', 'failed', 'cancelled')";

interface JobRow extends QueryResultRow {
  id: string;
  status: JobStatus;
  error: string | null;
  error_code: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  duration_ms: string | null;
  request: JobRequest;
  outcome: JobOutcome | null;
  extra: Record<string, unknown> | null;
}

/** The record's fields with a column of their own; any other field is kept in `extra`. */
const COLUMN_FIELDS: ReadonlySet<string> = new Set([
  'id', 'status', 'error', 'errorCode', 'createdAt', 'startedAt', 'completedAt', 'durationMs', 'request', 'outcome',
]);

/** The fields of `record` without a column (undefined when there are none). */
function extraOf(record: JobRecord): string | null {
  const extra = Object.fromEntries(Object.entries(record).filter(([key, value]) => !COLUMN_FIELDS.has(key) && value !== undefined));
  return Object.keys(extra).length === 0 ? null : JSON.stringify(extra);
}

/** A database row as the immutable record the rest of the library knows. */
function toRecord(row: JobRow): JobRecord {
  return Object.freeze({
    id: row.id,
    status: row.status,
    ...(row.error === null ? {} : { error: row.error }),
    ...(row.error_code === null ? {} : { errorCode: row.error_code }),
    createdAt: row.created_at.toISOString(),
    ...(row.started_at === null ? {} : { startedAt: row.started_at.toISOString() }),
    ...(row.completed_at === null ? {} : { completedAt: row.completed_at.toISOString() }),
    ...(row.duration_ms === null ? {} : { durationMs: Number(row.duration_ms) }),
    request: Object.freeze(row.request),
    ...(row.outcome === null ? {} : { outcome: row.outcome }),
    ...(row.extra ?? {}),
  });
}

/** Delays between attempts to reconnect the listening connection. */
const RECONNECT_DELAYS_MS = [100, 200, 500, 1000, 2000];

/**
 * Connects, migrates the schema, registers this replica and starts listening. Throws
 * JOB_STORE_UNAVAILABLE when the database cannot be reached.
 */
export async function createPostgresJobStore(options: PostgresJobStoreOptions): Promise<PostgresJobStore> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  if (!Number.isInteger(leaseMs) || leaseMs < 100) {
    throw jobsErrors.invalidOption('leaseMs', 'an integer of at least 100 milliseconds', leaseMs);
  }
  const retention = options.retention ?? DEFAULT_RETENTION;
  const retentionAgeMs = options.retentionAgeMs;
  checkRetention(retention, retentionAgeMs);
  const onError = options.onError ?? (() => undefined);
  const replicaId = randomUUID();
  const config: PoolConfig = {
    connectionString: options.databaseUrl,
    max: options.maxConnections ?? 10,
    // How long a call waits for a connection: a burst of submissions queues here (they take the
    // enqueue lock one at a time); a database that does not answer fails the call, never hangs it.
    // A database that refuses connections (down, restarting) fails it at once.
    connectionTimeoutMillis: 20_000,
    application_name: `pipeline-jobs ${replicaId}`,
  };
  const pool = new Pool(config);
  // An idle connection the server dropped (a restart) must not take the process down.
  pool.on('error', (error) => onError(new Error(`job store connection lost: ${error.message}`, { cause: error })));

  const query = async <R extends QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> => {
    try {
      return (await pool.query<R>(text, values)).rows;
    } catch (error) {
      throw unavailable(error);
    }
  };

  /** `query` for a statement writing a job's record: data the database refuses fails that job, not the store. */
  const queryRecord = async <R extends QueryResultRow>(jobId: string, text: string, values: unknown[]): Promise<R[]> => {
    try {
      return (await pool.query<R>(text, values)).rows;
    } catch (error) {
      if (isDataError(error)) throw jobsErrors.recordUnstorable(jobId, (error as Error).message, error);
      throw unavailable(error);
    }
  };

  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw isJobsError(error) ? error : unavailable(error);
  }

  const listeners = new Set<(event: JobStoreEvent) => void>();
  const emit = (event: JobStoreEvent): void => {
    for (const listener of listeners) listener(event);
  };
  let closed = false;
  let waiting = 0;

  // The listening connection: one per replica, reconnected (then a resync) when it drops.
  let listener: Client | undefined;
  let reconnectAttempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const onNotification = (payload: string | undefined): void => {
    let message: { e?: string; id?: string; s?: JobStatus; o?: string };
    try {
      message = JSON.parse(payload ?? '{}') as typeof message;
    } catch {
      return;
    }
    if (message.e === 'q') emit({ type: 'queued' });
    else if (message.e === 's' && message.id !== undefined && message.s !== undefined) emit({ type: 'status', id: message.id, status: message.s });
    else if (message.e === 'c' && message.id !== undefined && message.o !== undefined) emit({ type: 'cancel', id: message.id, owner: message.o });
  };
  const listen = async (): Promise<void> => {
    const client = new Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 5_000, application_name: config.application_name });
    const lost = (error?: Error): void => {
      if (listener !== client) return;
      listener = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (closed) return;
      onError(new Error(`job store stopped listening: ${error?.message ?? 'connection ended'}; reconnecting`, { cause: error }));
      scheduleListen();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => onNotification(n.payload));
    await client.connect();
    await client.query(`LISTEN ${JOB_CHANNEL}`);
    listener = client;
  };
  const scheduleListen = (): void => {
    if (closed || reconnectTimer !== undefined) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(reconnectAttempt, RECONNECT_DELAYS_MS.length - 1)];
    reconnectAttempt++;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      listen().then(
        () => {
          reconnectAttempt = 0;
          // Whatever was announced while nobody listened is looked at again.
          emit({ type: 'resync' });
        },
        () => scheduleListen(),
      );
    }, delay);
    reconnectTimer.unref();
  };
  try {
    await listen();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw unavailable(error);
  }

  // Heartbeat, lease reaper and retention, on one timer.
  let healthy = true;
  let reported = false;
  const heartbeat = async (): Promise<void> => {
    await query(
      `INSERT INTO pipeline_replicas (id, host, pid) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`,
      [replicaId, os.hostname(), process.pid],
    );
  };
  const reap = async (): Promise<void> => {
    const lease = `${leaseMs} milliseconds`;
    const alive = `SELECT id FROM pipeline_replicas WHERE heartbeat_at >= now() - $1::interval`;
    const interrupted = jobsErrors.interrupted('');
    // Running on a replica that stopped: failed, naming the cause.
    await query(
      `UPDATE pipeline_jobs SET status = 'failed', error = $2, error_code = $3, completed_at = now(),
         duration_ms = greatest(0, floor(extract(epoch FROM now() - coalesce(started_at, now())) * 1000))::bigint,
         owner = NULL
       WHERE owner IS NOT NULL AND status = 'running' AND owner NOT IN (${alive})`,
      [lease, interrupted.message, interrupted.code],
    );
    // Taken but never started by a replica that stopped: cancelled if someone asked, else waiting again.
    await query(
      `UPDATE pipeline_jobs SET
         status = CASE WHEN cancel_requested THEN 'cancelled' ELSE status END,
         completed_at = CASE WHEN cancel_requested THEN now() ELSE NULL END,
         duration_ms = CASE WHEN cancel_requested THEN 0 ELSE NULL END,
         owner = NULL, claimed_at = NULL
       WHERE owner IS NOT NULL AND status = 'queued' AND owner NOT IN (${alive})`,
      [lease],
    );
    await query(`DELETE FROM pipeline_replicas WHERE heartbeat_at < now() - $1::interval`, [lease]);
  };
  const retain = async (): Promise<void> => {
    if (retentionAgeMs !== undefined) {
      await query(`DELETE FROM pipeline_jobs WHERE status IN ${TERMINAL} AND completed_at < now() - $1::interval`, [
        `${retentionAgeMs} milliseconds`,
      ]);
    }
    await query(
      `DELETE FROM pipeline_jobs WHERE status IN ${TERMINAL} AND seq <= (
         SELECT seq FROM pipeline_jobs WHERE status IN ${TERMINAL} ORDER BY seq DESC OFFSET $1 LIMIT 1)`,
      [retention],
    );
  };
  const maintain = async (): Promise<void> => {
    await heartbeat();
    await reap();
    await retain();
    const [row] = await query<{ n: string }>(`SELECT count(*) AS n FROM pipeline_jobs WHERE status = 'queued' AND owner IS NULL`);
    waiting = Number(row?.n ?? 0);
  };
  let maintaining: Promise<void> | undefined;
  const tick = (): void => {
    if (maintaining !== undefined || closed) return;
    maintaining = maintain()
      .then(
        () => {
          if (!healthy) {
            healthy = true;
            reported = false;
            // Back after an outage: claims, cancels and waits may have been missed. Said once
            // listening again (else the listener's reconnection says it).
            if (listener !== undefined) emit({ type: 'resync' });
          }
        },
        (error: unknown) => {
          // One failed round can be a blip (a stalled event loop); two in a row are an outage.
          if (!healthy && !reported) {
            reported = true;
            onError(new Error(`job store maintenance failed: ${(error as Error).message}`, { cause: error }));
          }
          healthy = false;
        },
      )
      .finally(() => (maintaining = undefined));
  };
  try {
    await heartbeat();
  } catch (error) {
    await Promise.allSettled([pool.end(), listener?.end()]);
    throw error;
  }
  const timer = setInterval(tick, Math.max(50, Math.floor(leaseMs / 3)));
  timer.unref();
  tick();

  /** Cancels the job if it waits; else says who holds it or how it ended. */
  async function cancelWaiting(id: string, at: string, attempt: number): Promise<WaitingCancel | undefined> {
    if (isUnstorableId(id)) return undefined;
    const [cancelled] = await query<JobRow>(
      `UPDATE pipeline_jobs SET status = 'cancelled', completed_at = $2, duration_ms = 0
       WHERE id = $1 AND status = 'queued' AND owner IS NULL RETURNING ${COLUMNS}`,
      [id, at],
    );
    if (cancelled !== undefined) {
      waiting = Math.max(0, waiting - 1);
      return { outcome: 'cancelled', job: toRecord(cancelled) };
    }
    const [row] = await query<JobRow & { owner: string | null }>(`SELECT ${COLUMNS}, owner FROM pipeline_jobs WHERE id = $1`, [id]);
    if (row === undefined) return undefined;
    const job = toRecord(row);
    if (isTerminalStatus(job.status)) return { outcome: 'terminal', job };
    // Handed back to the queue between the two statements: try again (a hand-back is rare).
    if (row.owner === null && attempt < 3) return cancelWaiting(id, at, attempt + 1);
    return { outcome: 'owned', job, owner: row.owner ?? '' };
  }

  let pinging: Promise<void> | undefined;
  const store: PostgresJobStore = {
    kind: 'postgres',
    replicaId,
    async enqueue(record, capacity) {
      let result: { n: number }[];
      try {
        result = (await pool.query<{ n: number }>('SELECT pipeline_enqueue($1, $2, $3, $4) AS n', [
          record.id,
          record.createdAt,
          JSON.stringify(record.request),
          capacity,
        ])).rows;
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw jobsErrors.duplicateId(record.id);
        if (isDataError(error)) throw jobsErrors.invalidRequest(`the job store cannot keep this request: ${(error as Error).message}`);
        throw unavailable(error);
      }
      const n = Number(result[0]?.n);
      if (n < 0) {
        waiting = capacity;
        throw jobsErrors.queueFull(capacity);
      }
      waiting = n;
    },
    async get(id) {
      if (isUnstorableId(id)) return undefined;
      const [row] = await query<JobRow>(`SELECT ${COLUMNS} FROM pipeline_jobs WHERE id = $1`, [id]);
      return row === undefined ? undefined : toRecord(row);
    },
    async list() {
      return (await query<JobRow>(`SELECT ${COLUMNS} FROM pipeline_jobs ORDER BY seq`)).map(toRecord);
    },
    async claim(max) {
      const rows = await query<JobRow & { seq: string }>(
        `UPDATE pipeline_jobs j SET owner = $1, claimed_at = now()
         FROM (SELECT id FROM pipeline_jobs WHERE status = 'queued' AND owner IS NULL
               ORDER BY seq LIMIT $2 FOR UPDATE SKIP LOCKED) c
         WHERE j.id = c.id
         RETURNING j.seq, ${COLUMNS.split(', ').map((c) => `j.${c}`).join(', ')}`,
        [replicaId, max],
      );
      waiting = Math.max(0, waiting - rows.length);
      return rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map(toRecord);
    },
    async transition(current, event) {
      const next = applyJobEvent(current, event);
      const [row] = await queryRecord<JobRow>(
        current.id,
        `UPDATE pipeline_jobs SET status = $3, started_at = $4, completed_at = $5, duration_ms = $6,
           error = $7, error_code = $8, outcome = $9, extra = $11,
           runs = runs + CASE WHEN $3 = 'running' THEN 1 ELSE 0 END,
           ran_on = CASE WHEN $3 = 'running' THEN owner ELSE ran_on END,
           owner = CASE WHEN $3 IN ${TERMINAL} THEN NULL ELSE owner END
         WHERE id = $1 AND status = $2 AND owner = $10
         RETURNING ${COLUMNS}`,
        [
          next.id,
          current.status,
          next.status,
          next.startedAt ?? null,
          next.completedAt ?? null,
          next.durationMs ?? null,
          next.error ?? null,
          next.errorCode ?? null,
          next.outcome === undefined ? null : JSON.stringify(next.outcome),
          replicaId,
          extraOf(next),
        ],
      );
      return row === undefined ? undefined : toRecord(row);
    },
    cancelWaiting: (id, at) => cancelWaiting(id, at, 0),
    async requestCancel(id) {
      if (isUnstorableId(id)) return;
      await query(`UPDATE pipeline_jobs SET cancel_requested = true WHERE id = $1 AND owner IS NOT NULL AND status IN ('queued', 'running')`, [id]);
    },
    async cancelRequested(ids) {
      if (ids.length === 0) return [];
      const rows = await query<{ id: string }>(
        `SELECT id FROM pipeline_jobs WHERE id = ANY($1) AND cancel_requested AND owner = $2`,
        [ids, replicaId],
      );
      return rows.map((r) => r.id);
    },
    async release(ids) {
      if (ids.length === 0) return;
      await query(
        `UPDATE pipeline_jobs SET
           status = CASE WHEN cancel_requested THEN 'cancelled' ELSE status END,
           completed_at = CASE WHEN cancel_requested THEN now() ELSE NULL END,
           duration_ms = CASE WHEN cancel_requested THEN 0 ELSE NULL END,
           owner = NULL, claimed_at = NULL
         WHERE id = ANY($1) AND owner = $2 AND status = 'queued'`,
        [ids, replicaId],
      );
    },
    async cancelAllWaiting(at, reason) {
      const rows = await query<JobRow & { seq: string }>(
        `UPDATE pipeline_jobs SET status = 'cancelled', completed_at = $1, duration_ms = 0, error = $2, error_code = $3
         WHERE status = 'queued' AND owner IS NULL RETURNING seq, ${COLUMNS}`,
        [at, reason === undefined ? null : storableText(reason.message), reason === undefined ? null : storableText(reason.code)],
      );
      waiting = 0;
      return rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map(toRecord);
    },
    async ping(timeoutMs) {
      // Probes asking together share one query.
      pinging ??= query('SELECT 1')
        .then(() => undefined)
        .finally(() => (pinging = undefined));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(jobsErrors.storeUnavailable(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([pinging, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get waiting() {
      return waiting;
    },
    maintain,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      clearTimeout(reconnectTimer);
      await maintaining;
      // A clean exit: no lease to wait for (anything still owned is taken back at once).
      await query('DELETE FROM pipeline_replicas WHERE id = $1', [replicaId]).catch(() => undefined);
      const client = listener;
      listener = undefined;
      await Promise.allSettled([client?.end(), pool.end()]);
      listeners.clear();
    },
  };
  return store;
}

/**
 * True for an error about the data sent (SQLSTATE class 22, data exception, e.g. text the
 * database cannot represent; class 54, a program limit such as a value too large): sending it
 * again fails the same way, so it is not an outage to wait out.
 */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('54'));
}

/** Any database failure as JOB_STORE_UNAVAILABLE (a JobsError passes through). */
function unavailable(error: unknown): Error {
  if (isJobsError(error)) return error;
  const e = error as { message?: string; code?: string };
  const reason = e.message !== undefined && e.message !== '' ? e.message : String(e.code ?? error);
  return jobsErrors.storeUnavailable(reason, error);
}
