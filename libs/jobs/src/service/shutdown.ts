/**
 * Shutdown: stops accepting, cancels queued jobs (with a shared store: hands the jobs this
 * replica claimed but did not start back to the queue), lets running jobs finish within the grace
 * period, cancels the rest cooperatively, then closes the pool and the store. A worker that
 * ignores its cancellation is left alone (terminating a thread inside DuckDB aborts the process).
 * Asked again with `graceMs: 0` while it runs (a second signal), the grace ends at once.
 */
import { jobsErrors } from '../errors';
import type { JobRecord } from '../job';
import type { JobStore } from '../store/job-store';
import { isoNow } from '../store/state-machine';
import { cancelEvent, toError, type Flight } from './flight';
import type { ShutdownOptions } from './job-service';
import type { Recorder } from './recorder';
import type { Runner } from './runner';

/** Default grace period of `shutdown` for running jobs before they are cancelled. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;

/** How long `shutdown` waits for cancelled workers to stop before recording their jobs cancelled anyway. */
export const DEFAULT_CANCEL_TIMEOUT_MS = 10_000;

export interface ShutdownSteps {
  readonly store: JobStore;
  readonly runner: Runner;
  readonly write: Recorder['write'];
  /** A record this replica wrote outside any flight (a queued job cancelled). */
  readonly changed: (record: JobRecord) => void;
  readonly onError: (error: Error) => void;
  /** Submissions, looks, the sweep and warm-up waiters stop. */
  stopAccepting(): void;
  /** Nothing more is claimed, retried or heard from the store. */
  stopWork(): void;
  /** Once no job runs: the pool and the service's temp area go. */
  closePool(): Promise<void>;
}

/** `shutdown` of the job service: the same promise on every call. */
export function createShutdown(steps: ShutdownSteps): (options?: ShutdownOptions) => Promise<void> {
  const { store, runner, write, onError } = steps;
  // A shutdown asked again with a shorter grace (a second signal) ends the grace at once.
  const graceCut = new AbortController();
  let shutdownPromise: Promise<void> | undefined;

  const shutdown = async (shutdownOptions: ShutdownOptions): Promise<void> => {
    steps.stopAccepting();
    const stoppedReason = jobsErrors.serverStopped();
    const reason = { code: stoppedReason.code, message: stoppedReason.message };
    if (store.kind === 'memory') {
      for (const job of await store.cancelAllWaiting(isoNow(), reason)) steps.changed(job);
    } else {
      // Other replicas share the queue: jobs claimed here but not started go back to it.
      const handedBack: string[] = [];
      for (const flight of runner.flights()) {
        if (flight.task?.withdraw()) {
          flight.released = true;
          handedBack.push(flight.record.id);
        }
      }
      // One attempt: with the database down, the lease hands them back (they never started).
      if (handedBack.length > 0) {
        await store.release(handedBack).catch((error: unknown) =>
          onError(new Error(`handing queued jobs back failed (the lease will): ${toError(error).message}`, { cause: error })),
        );
      }
    }
    await settledWithin(runner.flights(), shutdownOptions.graceMs ?? DEFAULT_SHUTDOWN_GRACE_MS, graceCut.signal);
    for (const flight of runner.flights()) {
      // A job someone already asked to cancel keeps no reason: it was the user's cancel.
      if (!flight.cancelRequested) flight.cancelReason ??= reason;
      void runner.cancel(flight).catch((error: unknown) => onError(toError(error)));
    }
    const cancelTimeoutMs = shutdownOptions.cancelTimeoutMs ?? DEFAULT_CANCEL_TIMEOUT_MS;
    await settledWithin(runner.flights(), cancelTimeoutMs);
    steps.stopWork();
    if (runner.size > 0) {
      // A worker that ignores its cancellation is left alone: terminating a thread inside
      // DuckDB would abort the process. Its job is recorded cancelled; the reply is ignored.
      for (const flight of runner.flights()) {
        void write(flight, { type: 'start', at: isoNow() }, (r) => r.status === 'queued');
        void write(flight, cancelEvent(flight, isoNow()));
      }
      await settledWithin(
        runner.flights().map((f) => ({ ...f, finished: f.writes.then(() => undefined) })),
        cancelTimeoutMs,
      );
      onError(new Error(`${runner.size} worker(s) did not stop after cancellation; the pool was left running`));
      await store.close().catch((error: unknown) => onError(toError(error)));
      return;
    }
    await steps.closePool();
    await store.close().catch((error: unknown) => onError(toError(error)));
  };

  return (shutdownOptions = {}) => {
    if (shutdownPromise !== undefined && shutdownOptions.graceMs === 0) graceCut.abort();
    shutdownPromise ??= shutdown(shutdownOptions);
    return shutdownPromise;
  };
}

/** Resolves when every flight has settled, `ms` passed, or `cut` fired (whichever comes first). */
async function settledWithin(flights: Flight[], ms: number, cut?: AbortSignal): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let onCut: (() => void) | undefined;
  await Promise.race([
    Promise.all(flights.map((f) => f.finished)),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      onCut = resolve;
      cut?.addEventListener('abort', onCut, { once: true });
      if (cut?.aborted) resolve();
    }),
  ]);
  clearTimeout(timer);
  if (onCut !== undefined) cut?.removeEventListener('abort', onCut);
}
