/**
 * The job store interface: where job records live and where queued jobs wait for a worker. Every
 * call is asynchronous so that a database can stand behind it. Two stores implement it: in
 * memory (one process, the default) and PostgreSQL (durable, shared by every replica pointed at
 * the same database). The service checks every transition with the state machine; the store
 * writes a transition only when the job is still what the caller last saw (compare-and-set).
 */
import type { JobRecord, JobStatus } from '../job';
import type { JobEvent } from './state-machine';

/** Which store: `memory` (this process only) or `postgres` (durable, shared by replicas). */
export type JobStoreKind = 'memory' | 'postgres';

/** What cancelling a waiting job found. */
export type WaitingCancel =
  /** It was waiting: it is cancelled now (`job`). */
  | { readonly outcome: 'cancelled'; readonly job: JobRecord }
  /** A replica (`owner`) has taken it; it is queued on that replica's worker, or running there. */
  | { readonly outcome: 'owned'; readonly job: JobRecord; readonly owner: string }
  /** It had already ended. */
  | { readonly outcome: 'terminal'; readonly job: JobRecord };

/** Something another replica (or the database) did that this replica may have to act on. */
export type JobStoreEvent =
  /** A job changed status (a waiter of it wakes once terminal). */
  | { readonly type: 'status'; readonly id: string; readonly status: JobStatus }
  /** Jobs are waiting for a worker. */
  | { readonly type: 'queued' }
  /** Someone asked to cancel a job owned by `owner`. */
  | { readonly type: 'cancel'; readonly id: string; readonly owner: string }
  /** Events may have been missed (the store reconnected): re-check waits, cancels and the queue. */
  | { readonly type: 'resync' };

/** Where job records live. */
export interface JobStore {
  readonly kind: JobStoreKind;
  /** This process among the replicas sharing the store (unique per process). */
  readonly replicaId: string;
  /**
   * Adds a queued job at the end of the submission order, unless `capacity` jobs already wait
   * for a worker (across every replica): then throws JOB_QUEUE_FULL. JOB_DUPLICATE_ID for a
   * known id.
   */
  enqueue(record: JobRecord, capacity: number): Promise<void>;
  /** The job with this id, or undefined when unknown or removed by retention. */
  get(id: string): Promise<JobRecord | undefined>;
  /** Every job held, in submission order, oldest first. */
  list(): Promise<JobRecord[]>;
  /**
   * Takes up to `max` of the oldest waiting jobs for this replica. They stay `queued` (owned by
   * this replica) until their worker starts them; no other replica can take them.
   */
  claim(max: number): Promise<JobRecord[]>;
  /**
   * Applies `event` to `current` (a job this replica owns) and writes the result if the stored
   * job is still `current.status` and still owned by this replica; undefined when it is not
   * (another replica or the lease reaper changed it first).
   */
  transition(current: JobRecord, event: JobEvent): Promise<JobRecord | undefined>;
  /** Cancels the job if it is waiting (owned by nobody); says what it found; undefined when unknown. */
  cancelWaiting(id: string, at: string): Promise<WaitingCancel | undefined>;
  /** Asks the replica owning the job to cancel it (it hears of it through `subscribe`). */
  requestCancel(id: string): Promise<void>;
  /** Of `ids` (jobs this replica owns), those someone asked to cancel. */
  cancelRequested(ids: readonly string[]): Promise<string[]>;
  /** Hands jobs this replica claimed but never started back to the queue (graceful shutdown). */
  release(ids: readonly string[]): Promise<void>;
  /**
   * Cancels every waiting job (shutdown of a store no other replica shares), with `reason` as
   * their error when given; returns them.
   */
  cancelAllWaiting(at: string, reason?: { readonly code: string; readonly message: string }): Promise<JobRecord[]>;
  /** Resolves once the store answers a trivial request; JOB_STORE_UNAVAILABLE when it does not within `timeoutMs`. */
  ping(timeoutMs: number): Promise<void>;
  /** Registers a listener of other replicas' changes; returns its removal. */
  subscribe(listener: (event: JobStoreEvent) => void): () => void;
  /** Jobs waiting for a worker, as last seen (exact in memory). */
  readonly waiting: number;
  /** Stops timers and connections; the store is unusable afterwards. */
  close(): Promise<void>;
}
