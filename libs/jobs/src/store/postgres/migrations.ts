/**
 * The PostgreSQL schema of the job store, as numbered migrations the service applies itself at
 * start. Several replicas may start at once: the migrations run in one transaction under an
 * advisory lock, so exactly one of them applies each, and the others see it applied. A database
 * migrated by a newer version of the service (a version this one does not know) is refused.
 */
import type { Pool } from 'pg';
import { jobsErrors } from '../../errors';

/** One schema change: applied once, in version order, never edited once released. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The advisory lock key the migrations hold (any fixed 64-bit number, unique to this schema). */
const MIGRATION_LOCK = 7_428_309_111;
/** The advisory lock key submissions hold while they count the waiting jobs. */
export const ENQUEUE_LOCK = 7_428_309_113;
/** The channel every job change is announced on (LISTEN/NOTIFY). */
export const JOB_CHANNEL = 'pipeline_jobs';

/** Every migration, in order. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'jobs, replicas, notifications and the bounded enqueue',
    sql: `
CREATE TABLE pipeline_jobs (
  id               text PRIMARY KEY,
  seq              bigserial UNIQUE NOT NULL,
  status           text NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
  error            text,
  error_code       text,
  created_at       timestamptz NOT NULL,
  started_at       timestamptz,
  completed_at     timestamptz,
  duration_ms      bigint,
  request          json NOT NULL,
  outcome          json,
  -- Any further fields of a record (such as the quality results of a failed job), as the record has them.
  extra            json,
  owner            text,
  claimed_at       timestamptz,
  cancel_requested boolean NOT NULL DEFAULT false,
  ran_on           text,
  runs             integer NOT NULL DEFAULT 0
);
-- Waiting jobs, oldest first: what a claim and the capacity count read.
CREATE INDEX pipeline_jobs_waiting ON pipeline_jobs (seq) WHERE status = 'queued' AND owner IS NULL;
-- Jobs a replica holds: what the lease reaper reads.
CREATE INDEX pipeline_jobs_owned ON pipeline_jobs (owner) WHERE owner IS NOT NULL;
-- Terminal jobs by submission and by end: what retention reads.
CREATE INDEX pipeline_jobs_terminal ON pipeline_jobs (seq) WHERE status IN ('completed', 'failed', 'cancelled');
CREATE INDEX pipeline_jobs_ended ON pipeline_jobs (completed_at) WHERE status IN ('completed', 'failed', 'cancelled');

CREATE TABLE pipeline_replicas (
  id           text PRIMARY KEY,
  host         text NOT NULL,
  pid          integer NOT NULL,
  started_at   timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);

-- Every change other replicas must hear of, sent when the change commits.
CREATE FUNCTION pipeline_jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('${JOB_CHANNEL}', '{"e":"q"}');
    RETURN NULL;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM pg_notify('${JOB_CHANNEL}', json_build_object('e', 's', 'id', NEW.id, 's', NEW.status)::text);
  END IF;
  IF NEW.status = 'queued' AND NEW.owner IS NULL AND OLD.owner IS NOT NULL THEN
    PERFORM pg_notify('${JOB_CHANNEL}', '{"e":"q"}');
  END IF;
  IF NEW.cancel_requested AND NOT OLD.cancel_requested AND NEW.owner IS NOT NULL THEN
    PERFORM pg_notify('${JOB_CHANNEL}', json_build_object('e', 'c', 'id', NEW.id, 'o', NEW.owner)::text);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER pipeline_jobs_notify AFTER INSERT OR UPDATE ON pipeline_jobs
  FOR EACH ROW EXECUTE FUNCTION pipeline_jobs_notify();

-- Inserts a queued job unless p_capacity jobs already wait (across every replica): -1 then,
-- else the number waiting with it. Submissions count one at a time under an advisory lock.
CREATE FUNCTION pipeline_enqueue(p_id text, p_created_at timestamptz, p_request json, p_capacity integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  waiting integer;
BEGIN
  PERFORM pg_advisory_xact_lock(${ENQUEUE_LOCK});
  SELECT count(*) INTO waiting FROM pipeline_jobs WHERE status = 'queued' AND owner IS NULL;
  IF waiting >= p_capacity THEN
    RETURN -1;
  END IF;
  INSERT INTO pipeline_jobs (id, status, created_at, request) VALUES (p_id, 'queued', p_created_at, p_request);
  RETURN waiting + 1;
END $$;
`,
  },
];

/** Applies the migrations `db` lacks; returns the versions applied by this call. */
export async function migrate(db: Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const client = await db.connect();
  const applied: number[] = [];
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS pipeline_schema_migrations (
         version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ version: number }>('SELECT version FROM pipeline_schema_migrations ORDER BY version');
    const done = new Set(rows.map((r) => r.version));
    const newest = Math.max(0, ...done);
    const known = Math.max(0, ...migrations.map((m) => m.version));
    if (newest > known) {
      throw jobsErrors.invalidOption(
        'databaseUrl',
        `a database at schema version ${known} or older (this service knows up to ${known}; upgrade the service)`,
        `schema version ${newest}`,
      );
    }
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO pipeline_schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
