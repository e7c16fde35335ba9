/**
 * Held waits on the job list: a watcher gives the version of the list it has and is answered once
 * the list's version differs (a job submitted, started or ended, here or on another replica), or
 * with the list as it is when its timeout passes or its signal aborts. Changes are announced by the
 * service (its own writes, the store's events); one read of the list serves every held watcher.
 */
import { createHash } from 'node:crypto';
import { jobsErrors } from '../errors';
import type { JobRecord } from '../job';

/** The job list and its version (changes with any job's arrival, status or removal). */
export interface JobListView {
  readonly jobs: JobRecord[];
  readonly version: string;
}

/** The held waits of the job list. */
export interface ListWatchers {
  /**
   * Resolves with the list once its version differs from `since`, or with the list as it is when
   * `timeoutMs` passes or `signal` aborts. Throws JOB_TOO_MANY_LIST_WAITS when `max` watchers are
   * held already; rejects when the list cannot be read.
   */
  wait(since: string, timeoutMs: number, signal?: AbortSignal): Promise<JobListView>;
  /** The list may have changed: held watchers are checked (with one read, however many are held). */
  changed(): void;
  /** Watchers held now. */
  readonly pending: number;
}

/** Held list waits allowed at once by default (each is an open HTTP request). */
export const DEFAULT_MAX_LIST_WAITS = 256;

/**
 * The version of a job list: a digest of its ids and statuses in order. It depends only on what
 * every replica reads from a shared store (not on progress, known to one replica), so a client
 * behind a load balancer is never answered at once merely for asking another replica.
 */
export function listVersion(jobs: readonly JobRecord[]): string {
  const hash = createHash('sha256');
  for (const job of jobs) hash.update(`${job.id} ${job.status}\n`);
  return hash.digest('base64url').slice(0, 22);
}

interface Watcher {
  readonly since: string;
  settle(view: JobListView | Error): void;
}

/** Creates the watchers of the list `read` returns; at most `max` held at once. */
export function createListWatchers(read: () => Promise<JobRecord[]>, max = DEFAULT_MAX_LIST_WAITS): ListWatchers {
  const held = new Set<Watcher>();
  // Bumped by every announced change: a change during a watcher's first read is not lost.
  let generation = 0;
  let reading = false;
  let again = false;

  const view = async (): Promise<JobListView> => {
    const jobs = await read();
    return { jobs, version: listVersion(jobs) };
  };

  /** Reads once for every held watcher; repeats while changes arrived during the read. */
  const check = (): void => {
    if (reading) {
      again = true;
      return;
    }
    if (held.size === 0) return;
    reading = true;
    again = false;
    view().then(
      (current) => {
        for (const watcher of [...held]) if (watcher.since !== current.version) watcher.settle(current);
      },
      // A store that does not answer leaves the watchers held; their timeout reads again.
      () => undefined,
    ).finally(() => {
      reading = false;
      if (again) check();
    });
  };

  return {
    async wait(since, timeoutMs, signal) {
      if (held.size >= max) throw jobsErrors.tooManyListWaits(max);
      const seen = generation;
      const first = await view();
      if (first.version !== since || timeoutMs <= 0 || signal?.aborted) return first;
      if (held.size >= max) throw jobsErrors.tooManyListWaits(max);
      const result = new Promise<JobListView>((resolve, reject) => {
        let settled = false;
        const end = (): void => {
          view().then(
            (current) => watcher.settle(current),
            (error: unknown) => watcher.settle(error instanceof Error ? error : new Error(String(error))),
          );
        };
        const watcher: Watcher = {
          since,
          settle(outcome) {
            if (settled) return;
            settled = true;
            held.delete(watcher);
            clearTimeout(timer);
            signal?.removeEventListener('abort', end);
            if (outcome instanceof Error) reject(outcome);
            else resolve(outcome);
          },
        };
        held.add(watcher);
        const timer = setTimeout(end, timeoutMs);
        signal?.addEventListener('abort', end, { once: true });
      });
      if (generation !== seen) check();
      return result;
    },
    changed() {
      generation++;
      check();
    },
    get pending() {
      return held.size;
    },
  };
}
