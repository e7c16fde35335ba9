/**
 * Waiting for jobs without polling: each waiter registers on its job and is resolved by the
 * state change that makes the job terminal, by its timeout, or by its abort signal.
 */
import { isTerminalStatus, type JobRecord } from '../job';

/** The registry of pending waiters, fed every record the service writes. */
export interface JobWaiters {
  /**
   * Resolves with the job once terminal, or with `read()` (the current record) when `timeoutMs`
   * passes or `signal` aborts first. Never rejects.
   */
  wait(current: JobRecord, read: () => Promise<JobRecord | undefined>, timeoutMs: number, signal?: AbortSignal): Promise<JobRecord>;
  /** Called on every write: resolves the job's waiters when `record` is terminal. */
  notify(record: JobRecord): void;
  /** The jobs someone waits for. */
  ids(): string[];
  /** True when someone waits for the job. */
  has(id: string): boolean;
  /** How many waiters are pending (all jobs). */
  readonly pending: number;
}

interface Waiter {
  settle(record: JobRecord): void;
}

// setTimeout clamps larger delays to 1 ms; cap at its maximum (about 24.8 days).
const MAX_TIMER_MS = 2_147_483_647;

/** Creates an empty waiter registry. */
export function createJobWaiters(): JobWaiters {
  const byJob = new Map<string, Set<Waiter>>();
  let pending = 0;

  const remove = (id: string, waiter: Waiter): void => {
    const set = byJob.get(id);
    if (set?.delete(waiter)) {
      pending--;
      if (set.size === 0) byJob.delete(id);
    }
  };

  return {
    wait(current, read, timeoutMs, signal) {
      if (isTerminalStatus(current.status) || signal?.aborted) return Promise.resolve(current);
      return new Promise<JobRecord>((resolve) => {
        const id = current.id;
        // The current record when the wait ends early; the last one known when it cannot be read.
        const settleWithCurrent = (): void => {
          read().then(
            (record) => waiter.settle(record ?? current),
            () => waiter.settle(current),
          );
        };
        const onAbort = settleWithCurrent;
        let settled = false;
        const waiter: Waiter = {
          settle(record) {
            if (settled) return;
            settled = true;
            remove(id, waiter);
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            resolve(record);
          },
        };
        let set = byJob.get(id);
        if (set === undefined) byJob.set(id, (set = new Set()));
        set.add(waiter);
        pending++;
        // Declared after the waiter it settles; nothing can settle it before this line runs.
        const timer = setTimeout(settleWithCurrent, Math.min(Math.max(0, timeoutMs), MAX_TIMER_MS));
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    notify(record) {
      if (!isTerminalStatus(record.status)) return;
      const set = byJob.get(record.id);
      if (set === undefined) return;
      for (const waiter of [...set]) waiter.settle(record);
    },
    ids: () => [...byJob.keys()],
    has: (id) => byJob.has(id),
    get pending() {
      return pending;
    },
  };
}
