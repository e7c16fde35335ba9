/**
 * The dispatcher: claims waiting jobs from the store while slots are free, one claim at a time,
 * again while asked (a submission, a job ended, a worker freed). A claim the store refuses is
 * tried again after a pause, reported once per outage.
 */
import type { JobRecord } from '../job';
import type { JobStore } from '../store/job-store';
import { toError } from './flight';
import { RETRY_DELAYS_MS } from './recorder';

export interface DispatcherOptions {
  readonly store: JobStore;
  /** Whether jobs may be claimed now (started and accepting). */
  readonly open: () => boolean;
  /** Slots free for jobs now (workers not running a job, a rehearsal or a look). */
  readonly freeSlots: () => number;
  /** Hands a claimed job to a worker; it holds a slot from then on. */
  readonly run: (record: JobRecord) => void;
  readonly onError: (error: Error) => void;
}

export interface Dispatcher {
  /** Claims jobs while slots are free; calls while a claim runs are folded into one more round. */
  pump(): void;
  /** No more claims, no retry pending. */
  stop(): void;
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { store, onError } = options;
  let pumping = false;
  let pumpAgain = false;
  let claimFailures = 0;
  let claimRetry: NodeJS.Timeout | undefined;
  let stopped = false;

  const pump = (): void => {
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = true;
    void (async () => {
      try {
        do {
          pumpAgain = false;
          const free = options.freeSlots();
          if (!options.open() || free <= 0) break;
          let claimed: JobRecord[];
          try {
            claimed = await store.claim(free);
            claimFailures = 0;
          } catch (error) {
            // Tried again after a pause; reported once per outage (a single failure can be a blip).
            claimFailures++;
            if (claimFailures === 2) onError(new Error(`claiming queued jobs failed: ${toError(error).message}; retrying`, { cause: error }));
            if (claimRetry === undefined && !stopped) {
              claimRetry = setTimeout(() => {
                claimRetry = undefined;
                pump();
              }, RETRY_DELAYS_MS[Math.min(claimFailures, RETRY_DELAYS_MS.length - 1)]);
              claimRetry.unref();
            }
            break;
          }
          for (const record of claimed) options.run(record);
          if (claimed.length === free) pumpAgain = true;
        } while (pumpAgain && options.open());
      } finally {
        pumping = false;
      }
    })();
  };

  return {
    pump,
    stop: () => {
      stopped = true;
      clearTimeout(claimRetry);
    },
  };
}
