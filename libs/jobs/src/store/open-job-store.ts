/**
 * Opens the job store a server is configured with: in memory without a database URL (the
 * default), PostgreSQL with one. The apps call this and hand the store to `createJobService`.
 */
import type { JobStore } from './job-store';
import { createMemoryJobStore } from './memory-job-store';
import { createPostgresJobStore } from './postgres/postgres-job-store';

/** Options of {@link openJobStore}. */
export interface JobStoreOptions {
  /** A `postgres://` URL: jobs live in that database, shared with every replica using it. */
  readonly databaseUrl?: string;
  /** Terminal jobs kept (default 10,000). */
  readonly retention?: number;
  /** How long a terminal job is kept after it ended, in ms (default: no age limit). */
  readonly retentionAgeMs?: number;
  /** PostgreSQL only: a replica's heartbeat lease in ms (default 30 s). */
  readonly leaseMs?: number;
  /** PostgreSQL only: errors that belong to no call (a lost connection). */
  readonly onError?: (error: Error) => void;
}

/** The in-memory store, or the PostgreSQL one (migrated, listening) when `databaseUrl` is set. */
export async function openJobStore(options: JobStoreOptions = {}): Promise<JobStore> {
  if (options.databaseUrl === undefined || options.databaseUrl === '') {
    return createMemoryJobStore({ retention: options.retention, retentionAgeMs: options.retentionAgeMs });
  }
  return createPostgresJobStore({
    databaseUrl: options.databaseUrl,
    retention: options.retention,
    retentionAgeMs: options.retentionAgeMs,
    leaseMs: options.leaseMs,
    onError: options.onError,
  });
}
