/**
 * The runner: puts the jobs the dispatcher claimed on the worker pool and turns what each worker
 * answers into the job's final record (through the recorder). It holds the flights, the jobs
 * this replica runs, and the cancels asked for a claimed job before its flight exists.
 */
import { writeLines, type Logger } from '@pipeline/server-kit';
import { isJobsError, jobsErrors, type JobsError } from '../errors';
import { isTerminalStatus, type JobProgress, type JobQualityResult, type JobRecord } from '../job';
import type { TaskSettlement, WorkerPool } from '../pool/worker-pool';
import { isoNow } from '../store/state-machine';
import type { WorkerEngineConfig } from '../worker/protocol';
import { cancelEvent, toError, type Flight, type Submitted } from './flight';
import type { CancelResult } from './job-service';
import type { Recorder } from './recorder';
import { nameOf } from './request';

export interface RunnerOptions {
  readonly pool: WorkerPool;
  readonly engine: WorkerEngineConfig;
  readonly write: Recorder['write'];
  /** The plan of a claimed job, or why it no longer plans. */
  readonly planOf: (record: JobRecord) => Submitted | JobsError;
  readonly logger?: Logger;
  /** A running job's progress (no record is written for it). */
  readonly onProgress: (record: JobRecord) => void;
  /** A job left its worker: its slot is free. */
  readonly onSettled: () => void;
  readonly onError: (error: Error) => void;
}

export interface Runner {
  /** Hands a claimed job to a worker (or fails it at once when it no longer plans). */
  run(record: JobRecord): void;
  /** Cancels a job on this replica's workers: before it starts, at once; running, cooperatively. */
  cancel(flight: Flight): Promise<CancelResult>;
  /** The flight of a job this replica runs. */
  get(id: string): Flight | undefined;
  /** Every flight, a copy. */
  flights(): Flight[];
  readonly size: number;
  /** Remembers a cancel for a job this replica claimed whose flight is not registered yet. */
  cancelWhenRegistered(id: string): void;
  /** Takes the job off the workers' count (before anyone hears of its end). */
  forget(id: string): void;
  /** `record` with the progress this replica knows of, while it runs here. */
  withProgress(record: JobRecord | undefined): JobRecord | undefined;
}

export function createRunner(options: RunnerOptions): Runner {
  const { pool, write, onError } = options;
  const jobLog = options.logger;
  const inFlight = new Map<string, Flight>();
  // Cancels asked for jobs this replica claimed whose flight is not registered yet.
  const pendingCancels = new Set<string>();

  const run = (record: JobRecord): void => {
    const id = record.id;
    const planned = options.planOf(record);
    const flight: Flight = {
      record,
      ...('requestId' in planned && planned.requestId !== undefined ? { requestId: planned.requestId } : {}),
      ...(isJobsError(planned) ? {} : nameOf(planned.plan)),
      cancelRequested: false,
      released: false,
      lost: false,
      writes: Promise.resolve(),
    };
    inFlight.set(id, flight);
    if (isJobsError(planned)) {
      // A job that no longer plans (submitted by another version of the service) fails with the reason.
      const at = isoNow();
      void write(flight, { type: 'start', at });
      flight.finished = write(flight, { type: 'fail', at, error: { code: planned.code, message: planned.message } }).then(
        () => settle(id),
        () => settle(id),
      );
      return;
    }
    const task = pool.dispatch(
      {
        type: 'run',
        jobId: id,
        plan: planned.plan,
        backend: planned.backend,
        engine: options.engine,
        log: {
          level: jobLog?.level ?? 'silent',
          ...(flight.requestId === undefined ? {} : { requestId: flight.requestId }),
        },
      },
      (at) => void write(flight, { type: 'start', at }, (r) => r.status === 'queued'),
      (progress) => reportProgress(flight, progress),
    );
    flight.task = task;
    if (pendingCancels.delete(id)) void cancel(flight);
    flight.finished = task.done
      .then((settlement) => finish(flight, settlement))
      .catch((error: unknown) => onError(toError(error)))
      .then(() => settle(id));
  };

  // Progress only decorates a running record (no store write, no state change, no log line): the
  // replica running the job answers with it, listeners hear of it.
  // Kept from the worker's 'started' event on, which can overtake the write of the running record.
  const reportProgress = (flight: Flight, progress: JobProgress): void => {
    if (flight.lost || isTerminalStatus(flight.record.status)) return;
    flight.progress = progress;
    if (flight.record.status === 'running') options.onProgress({ ...flight.record, progress });
  };

  const settle = (id: string): void => {
    inFlight.delete(id);
    options.onSettled();
  };

  /** Writes the final status from the worker's answer; runs outside any cancelled scope. */
  const finish = async (flight: Flight, settlement: TaskSettlement): Promise<void> => {
    // The worker's own lines about the job go between its 'job running' line and its final one.
    const workerLines = (): void => {
      if (jobLog && settlement.kind === 'reply' && settlement.reply.log) writeLines(jobLog, settlement.reply.log);
    };
    const started = (at: string): Promise<unknown> =>
      write(flight, { type: 'start', at }, (r) => r.status === 'queued').catch(() => undefined);
    await flight.writes;
    if (flight.released || flight.lost || isTerminalStatus(flight.record.status)) {
      workerLines();
      return;
    }
    const now = isoNow();
    if (settlement.kind === 'crashed') {
      await started(now);
      const error = jobsErrors.workerCrashed(flight.record.id, settlement.reason);
      await write(flight, { type: 'fail', at: now, error: { code: error.code, message: error.message } });
      return;
    }
    const reply = settlement.reply;
    if (flight.record.status === 'queued') {
      // The reply can overtake the 'started' event: they travel on different ports.
      if (reply.startedAt === undefined) {
        workerLines();
        await write(flight, cancelEvent(flight, now));
        return;
      }
      await started(reply.startedAt);
    }
    workerLines();
    if (reply.type === 'ok') {
      await write(flight, { type: 'complete', at: now, outcome: reply.value });
    } else if (flight.cancelRequested || reply.error.code === 'JOB_CANCELLED' || reply.error.code === 'E_CANCELLED') {
      await write(flight, cancelEvent(flight, now));
    } else {
      // A failing quality check carries the results so far, which the job keeps to list them.
      const quality = reply.error.details?.['quality'];
      await write(flight, {
        type: 'fail',
        at: now,
        error: { code: reply.error.code, message: reply.error.message },
        ...(Array.isArray(quality) ? { quality: quality as JobQualityResult[] } : {}),
      });
    }
  };

  const cancel = async (flight: Flight): Promise<CancelResult> => {
    if (isTerminalStatus(flight.record.status)) return { outcome: 'already_terminal', job: flight.record };
    flight.cancelRequested = true;
    if (flight.task === undefined) return { outcome: 'cancelling', job: flight.record };
    if (flight.task.cancel() === 'before-start') {
      // The worker will see the shared word and skip the task: the job never starts.
      const job = await write(flight, cancelEvent(flight, isoNow()));
      return { outcome: 'cancelled', job };
    }
    const job = await write(flight, { type: 'start', at: isoNow() }, (r) => r.status === 'queued');
    if (isTerminalStatus(job.status)) return { outcome: 'already_terminal', job };
    return { outcome: 'cancelling', job };
  };

  return {
    run,
    cancel,
    get: (id) => inFlight.get(id),
    flights: () => [...inFlight.values()],
    get size() {
      return inFlight.size;
    },
    cancelWhenRegistered: (id) => void pendingCancels.add(id),
    forget: (id) => void inFlight.delete(id),
    withProgress(record) {
      if (record?.status !== 'running') return record;
      const progress = inFlight.get(record.id)?.progress;
      return progress === undefined ? record : { ...record, progress };
    },
  };
}
