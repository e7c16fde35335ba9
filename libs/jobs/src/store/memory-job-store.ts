/**
 * The in-memory job store: a Map in submission order, with bounded memory. Once more than
 * `retention` terminal jobs are held, the oldest terminal ones (by submission) are evicted;
 * queued and running jobs are never evicted.
 */
import { jobsErrors } from '../errors';
import { isTerminalStatus, type JobRecord } from '../job';
import type { JobStore } from './job-store';

/** Terminal jobs kept by default before the oldest are evicted. */
export const DEFAULT_RETENTION = 10_000;

/** Options of the in-memory store. */
export interface MemoryJobStoreOptions {
  /** How many terminal jobs to keep (default 10,000); 0 evicts a job as soon as it ends. */
  retention?: number;
}

/** Creates an in-memory job store with retention-based eviction. */
export function createMemoryJobStore(options: MemoryJobStoreOptions = {}): JobStore {
  const retention = options.retention ?? DEFAULT_RETENTION;
  if (!Number.isInteger(retention) || retention < 0) {
    throw jobsErrors.invalidOption('retention', 'a non-negative integer', retention);
  }
  // A Map iterates in insertion order, which is submission order.
  const records = new Map<string, JobRecord>();
  let terminalCount = 0;

  const evict = (): void => {
    // Old jobs sit at the front; the few non-terminal ones skipped are bounded by the queue size.
    for (const [id, record] of records) {
      if (terminalCount <= retention) return;
      if (isTerminalStatus(record.status)) {
        records.delete(id);
        terminalCount--;
      }
    }
  };

  return {
    insert(record) {
      if (records.has(record.id)) throw jobsErrors.duplicateId(record.id);
      records.set(record.id, record);
      if (isTerminalStatus(record.status)) {
        terminalCount++;
        evict();
      }
    },
    update(record) {
      const previous = records.get(record.id);
      if (previous === undefined) return;
      records.set(record.id, record);
      const wasTerminal = isTerminalStatus(previous.status);
      const isTerminal = isTerminalStatus(record.status);
      if (isTerminal && !wasTerminal) {
        terminalCount++;
        evict();
      } else if (wasTerminal && !isTerminal) {
        terminalCount--;
      }
    },
    get: (id) => records.get(id),
    list: () => [...records.values()],
    get size() {
      return records.size;
    },
  };
}
