/**
 * The recorder: writes the records of the jobs this replica runs, one write after the other per
 * job, and runs a write again while the store is unreachable (a database restarting) until it
 * lands or the recorder is stopped. A write another replica beat (the lease ran out) marks the
 * flight lost and stops its task.
 */
import { isJobsError } from '../errors';
import { isTerminalStatus, type JobRecord } from '../job';
import type { JobStore } from '../store/job-store';
import { isoNow, type JobEvent } from '../store/state-machine';
import { toError, type Flight } from './flight';

/** Delays between attempts of a write the store refused because it was unreachable. */
export const RETRY_DELAYS_MS = [50, 100, 200, 500, 1000, 2000];

/** The status each event leads to. */
const EVENT_STATUS: Readonly<Record<JobEvent['type'], JobRecord['status']>> = {
  start: 'running',
  complete: 'completed',
  fail: 'failed',
  cancel: 'cancelled',
};

export interface RecorderOptions {
  readonly store: JobStore;
  readonly onError: (error: Error) => void;
  /** A record this recorder wrote for `flight` (called in write order). */
  readonly onWritten: (flight: Flight, record: JobRecord) => void;
}

export interface Recorder {
  /**
   * Writes `event` for a job this replica runs, after its earlier writes, when `when` holds for
   * its record. A write the store refuses (the job changed elsewhere) marks the flight lost.
   */
  write(flight: Flight, event: JobEvent, when?: (record: JobRecord) => boolean): Promise<JobRecord>;
  /** Writes still failing stop retrying (the service has stopped). */
  stop(): void;
}

export function createRecorder(options: RecorderOptions): Recorder {
  const { store, onError } = options;
  let stopped = false;

  const retrying = async <T>(what: string, write: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await write();
      } catch (error) {
        if (!isJobsError(error) || error.code !== 'JOB_STORE_UNAVAILABLE' || stopped) throw error;
        // One failure can be a blip (a dropped connection, a stalled event loop); two are an outage.
        if (attempt === 1) onError(new Error(`${what}: ${error.message}; retrying until the store answers`, { cause: error }));
        await delay(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]);
      }
    }
  };

  const write = (flight: Flight, event: JobEvent, when: (record: JobRecord) => boolean = () => true): Promise<JobRecord> => {
    const done = flight.writes.then(async () => {
      if (flight.lost || flight.released || isTerminalStatus(flight.record.status) || !when(flight.record)) return flight.record;
      const what = `recording job ${flight.record.id} ${event.type}`;
      let next: JobRecord | undefined;
      try {
        next = await retrying(what, () => store.transition(flight.record, event));
      } catch (error) {
        if (!isJobsError(error) || error.code !== 'JOB_RECORD_UNSTORABLE' || event.type === 'start') throw error;
        // The job's result holds what the store cannot keep: the job fails with the reason instead.
        const failed: JobEvent = { type: 'fail', at: isoNow(), error: { code: error.code, message: error.message } };
        next = await retrying(what, () => store.transition(flight.record, failed));
      }
      if (next === undefined) {
        // A write whose answer was lost (the connection dropped as it committed) is found done.
        const stored = await retrying(what, () => store.get(flight.record.id)).catch(() => undefined);
        if (stored !== undefined && stored.status === EVENT_STATUS[event.type] && stored.status !== flight.record.status) next = stored;
      }
      if (next === undefined) {
        flight.lost = true;
        // The job was taken from this replica (its lease ran out): stop running it.
        if (flight.task !== undefined && !flight.cancelRequested) {
          flight.cancelRequested = true;
          flight.task.cancel();
        }
        onError(new Error(`job ${flight.record.id} was changed by another replica; this replica's ${event.type} is dropped`));
        return (await store.get(flight.record.id).catch(() => undefined)) ?? flight.record;
      }
      flight.record = next;
      options.onWritten(flight, next);
      return next;
    });
    flight.writes = done.catch((error: unknown) => onError(toError(error)));
    return done;
  };

  return {
    write,
    stop: () => {
      stopped = true;
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
