/**
 * The in-memory job store (the default): a Map in submission order and a FIFO of the jobs
 * waiting for a worker, with bounded memory. Once more than `retention` terminal jobs are held,
 * the oldest terminal ones (by submission) are evicted, as are terminal jobs older than
 * `retentionAgeMs`; queued and running jobs are never evicted. One process, one replica: nothing
 * is shared and nothing survives a restart.
 */
import { randomUUID } from 'node:crypto';
import { jobsErrors } from '../errors';
import { isTerminalStatus, type JobRecord } from '../job';
import { createJobQueue } from '../service/job-queue';
import type { JobStore, WaitingCancel } from './job-store';
import { applyJobEvent } from './state-machine';

/** Terminal jobs kept by default before the oldest are evicted. */
export const DEFAULT_RETENTION = 10_000;

/** Options of the in-memory store. */
export interface MemoryJobStoreOptions {
  /** How many terminal jobs to keep (default 10,000); 0 evicts a job as soon as it ends. */
  retention?: number;
  /** How long a terminal job is kept after it ended, in ms (default: no age limit). */
  retentionAgeMs?: number;
}

/** How often, at most, terminal jobs are checked against `retentionAgeMs`. */
const AGE_SWEEP_MS = 1000;

/** Checks the retention options shared by both stores. */
export function checkRetention(retention: number, retentionAgeMs: number | undefined): void {
  if (!Number.isInteger(retention) || retention < 0) {
    throw jobsErrors.invalidOption('retention', 'a non-negative integer', retention);
  }
  if (retentionAgeMs !== undefined && (!Number.isInteger(retentionAgeMs) || retentionAgeMs < 1)) {
    throw jobsErrors.invalidOption('retentionAgeMs', 'a positive integer of milliseconds', retentionAgeMs);
  }
}

/** Creates an in-memory job store with retention-based eviction. */
export function createMemoryJobStore(options: MemoryJobStoreOptions = {}): JobStore {
  const retention = options.retention ?? DEFAULT_RETENTION;
  const retentionAgeMs = options.retentionAgeMs;
  checkRetention(retention, retentionAgeMs);
  const replicaId = randomUUID();
  // A Map iterates in insertion order, which is submission order.
  const records = new Map<string, JobRecord>();
  // Jobs waiting for a worker (the capacity is checked per call: the service's option).
  const waiting = createJobQueue<true>(Number.MAX_SAFE_INTEGER);
  let terminalCount = 0;
  let lastAgeSweep = 0;

  const evict = (): void => {
    // Old jobs sit at the front; the few non-terminal ones skipped are bounded by the queue size.
    for (const [id, record] of records) {
      if (terminalCount <= retention) break;
      if (isTerminalStatus(record.status)) {
        records.delete(id);
        terminalCount--;
      }
    }
    if (retentionAgeMs === undefined || Date.now() - lastAgeSweep < AGE_SWEEP_MS) return;
    lastAgeSweep = Date.now();
    const cutoff = Date.now() - retentionAgeMs;
    for (const [id, record] of records) {
      if (isTerminalStatus(record.status) && Date.parse(String(record.completedAt)) < cutoff) {
        records.delete(id);
        terminalCount--;
      }
    }
  };

  /** Replaces a record, keeping the terminal count and the eviction up to date. */
  const put = (record: JobRecord): void => {
    const previous = records.get(record.id);
    records.set(record.id, record);
    const wasTerminal = previous !== undefined && isTerminalStatus(previous.status);
    if (isTerminalStatus(record.status) && !wasTerminal) {
      terminalCount++;
      evict();
    }
  };

  return {
    kind: 'memory',
    replicaId,
    async enqueue(record, capacity) {
      if (records.has(record.id)) throw jobsErrors.duplicateId(record.id);
      if (waiting.size >= capacity) throw jobsErrors.queueFull(capacity);
      waiting.push(record.id, true);
      put(record);
    },
    get: async (id) => records.get(id),
    async list() {
      evict();
      return [...records.values()];
    },
    async claim(max) {
      const claimed: JobRecord[] = [];
      while (claimed.length < max) {
        const next = waiting.shift();
        if (next === undefined) break;
        const record = records.get(next.id);
        if (record !== undefined) claimed.push(record);
      }
      return claimed;
    },
    async transition(current, event) {
      const stored = records.get(current.id);
      if (stored === undefined || stored.status !== current.status || waiting.has(current.id)) return undefined;
      // As the caller saw it (the owner is the only writer): the same record a database would write.
      const next = applyJobEvent(current, event);
      put(next);
      return next;
    },
    async cancelWaiting(id, at): Promise<WaitingCancel | undefined> {
      const stored = records.get(id);
      if (stored === undefined) return undefined;
      if (isTerminalStatus(stored.status)) return { outcome: 'terminal', job: stored };
      if (!waiting.remove(id)) return { outcome: 'owned', job: stored, owner: replicaId };
      const job = applyJobEvent(stored, { type: 'cancel', at });
      put(job);
      return { outcome: 'cancelled', job };
    },
    // One replica: the service that owns the job is the caller, which cancels it itself.
    requestCancel: async () => undefined,
    cancelRequested: async () => [],
    async release(ids) {
      // Nothing outlives this process: jobs handed back are cancelled like every waiting job.
      for (const id of ids) {
        const stored = records.get(id);
        if (stored?.status === 'queued') put(applyJobEvent(stored, { type: 'cancel', at: new Date().toISOString() }));
      }
    },
    async cancelAllWaiting(at, reason) {
      const cancelled: JobRecord[] = [];
      for (const { id } of waiting.drain()) {
        const stored = records.get(id);
        if (stored === undefined) continue;
        const job = applyJobEvent(stored, { type: 'cancel', at, ...(reason === undefined ? {} : { reason }) });
        put(job);
        cancelled.push(job);
      }
      return cancelled;
    },
    subscribe: () => () => undefined,
    ping: async () => undefined,
    get waiting() {
      return waiting.size;
    },
    close: async () => undefined,
  };
}
