/**
 * The job service: validates and plans on submit, queues the job in the store (bounded), claims
 * queued jobs from the store while its workers are free and runs them on the worker pool, drives
 * every record through the state machine, wakes waiters, cancels queued jobs at once and running
 * jobs cooperatively (also on another replica sharing the store), and shuts down gracefully.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ResourceLimits } from 'node:worker_threads';
import { checkBackendSupport, parseBackendName, sparkNotConfigured, sparkReadiness, sweepStaleTempFiles, type BackendName, type RowsResult } from '@pipeline/engine';
import { planPipeline, type Plan } from '@pipeline/planner';
import type { ValidationError } from '@pipeline/validation';
import { writeLines, type Logger } from '@pipeline/server-kit';
import { isJobsError, jobsErrors, type JobsError } from '../errors';
import { isTerminalStatus, type JobProgress, type JobQualityResult, type JobRecord, type JobRequest } from '../job';
import { createWorkerPool, type DispatchedTask, type TaskSettlement, type WorkerPool } from '../pool/worker-pool';
import { resolveWorkerFile } from '../pool/worker-file';
import type { JobStore, JobStoreKind } from '../store/job-store';
import { createMemoryJobStore } from '../store/memory-job-store';
import { createJobRecord, isoNow, type JobEvent } from '../store/state-machine';
import type { WorkerCrashMode, WorkerEngineConfig } from '../worker/protocol';
import { defaultDuckdbMemoryLimit, defaultDuckdbThreads, defaultWorkerCount } from './defaults';
import { DEFAULT_QUEUE_CAPACITY } from './job-queue';
import { createJobWaiters } from './job-waiters';
import { createLooks, type LookOptions } from './looks';
import { prepareRehearsal } from './warm-up';

/** Default grace period of `shutdown` for running jobs before they are cancelled. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;

/** How often the data root is swept for abandoned temporary output files (see `staleTempSweepMs`). */
export const DEFAULT_STALE_TEMP_SWEEP_MS = 10 * 60 * 1000;

/** How long `shutdown` waits for cancelled workers to stop before recording their jobs cancelled anyway. */
export const DEFAULT_CANCEL_TIMEOUT_MS = 10_000;

/** Who submitted a job, for log lines (not stored with the job). */
export interface SubmitContext {
  /** The id of the request that submitted the job (HTTP `x-request-id`, a gRPC call's id). */
  readonly requestId?: string;
}

/** Options of {@link createJobService}. */
export interface JobServiceOptions {
  /** Folder every input and output path resolves inside (made absolute). */
  dataRoot: string;
  /** Worker threads (default: the number of cores). */
  workers?: number;
  /**
   * Jobs that may wait for a worker before submit fails with JOB_QUEUE_FULL (default 1000); with
   * a shared store, counted across every replica.
   */
  queueCapacity?: number;
  /** Terminal jobs kept by the default in-memory store before the oldest are evicted (default 10,000). */
  retention?: number;
  /** How long the default in-memory store keeps a terminal job, in ms (default: no age limit). */
  retentionAgeMs?: number;
  /**
   * Engine settings. DuckDB threads default to every core (a lone job uses the whole machine);
   * `memoryLimit` (per worker database, so per job) defaults to {@link defaultDuckdbMemoryLimit}.
   */
  engine?: { duckdb?: { threads?: number; memoryLimit?: string }; spark?: { remote?: string; dataRoot?: string } };
  /**
   * Folder under which the service makes its own temp area (default: the system temp folder).
   * Each worker's DuckDB database spills into a folder inside it; the area is removed at shutdown.
   */
  tempDirectory?: string;
  /**
   * Where records live and queued jobs wait (default: an in-memory store with `retention`). With
   * a shared store (PostgreSQL, `openJobStore`) every replica takes work from the same queue and
   * answers for every job. The service owns the store: `shutdown` closes it.
   */
  store?: JobStore;
  /** The worker bundle (default: built from sources under ts-jest, else `jobs-worker.js` next to the app bundle). */
  workerFile?: string;
  /** V8 heap limits of each worker; a worker that exceeds them dies and its job fails. */
  workerResourceLimits?: ResourceLimits;
  /** Called after every change this replica makes to a job's record (submitted, started, finished), e.g. for metrics or logs. */
  onJobChange?: (job: JobRecord) => void;
  /**
   * Where lifecycle lines go (`job queued`, `job running`, `job completed` / `failed` /
   * `cancelled`), each with `jobId` and the submitting `requestId`; the worker threads log at the
   * same level. Default: no job lines.
   */
  logger?: Logger;
  /**
   * How often the data root is swept for temporary output files a killed process left behind
   * (at once when their writer is known dead, else older than an hour), first at start; 0 turns
   * the sweep off. Default 10 minutes.
   */
  staleTempSweepMs?: number;
  /** Receives errors that belong to no request (an idle worker dying, an internal bug); default console.error. */
  onError?: (error: Error) => void;
  /**
   * Created without starting: no warm-up runs and no queued job is taken until {@link JobService.start}
   * (a server listens first). Default false: the service starts at once.
   */
  startLater?: boolean;
  /**
   * Test-only hooks. Production code never sets them, so no request content can trigger them.
   * `crashWorker` picks requests whose worker must really die ('exit': process.exit inside the
   * thread; 'uncaught': an uncaught exception in it; 'oom': heap exhaustion, with
   * `workerResourceLimits` set).
   */
  testHooks?: { crashWorker?: (request: JobRequest) => WorkerCrashMode | undefined };
}

/** What cancelling found: done at once, signalled, or too late. */
export interface CancelResult {
  readonly outcome: 'cancelled' | 'cancelling' | 'already_terminal';
  /** The job after the request (status `cancelled` for `cancelled`, `running` for `cancelling`). */
  readonly job: JobRecord;
}

/** Options of {@link JobService.shutdown}. */
export interface ShutdownOptions {
  /** How long running jobs may go on before they are cancelled (default 30 s). */
  graceMs?: number;
  /** How long cancelled workers get to stop before their jobs are recorded cancelled regardless (default 10 s). */
  cancelTimeoutMs?: number;
}

/** Whether the service can take jobs now, and why not (see {@link JobService.readiness}). */
export type JobServiceReadiness = { readonly ready: true } | { readonly ready: false; readonly reason: string };

/** How long {@link JobService.readiness} waits for the job store to answer. */
export const READINESS_STORE_TIMEOUT_MS = 2_000;

/** Counters for health and metrics. */
export interface JobServiceStats {
  readonly queued: number;
  readonly running: number;
  readonly workers: number;
  /** Worker threads alive now (a dead worker is replaced shortly). */
  readonly threads: number;
  readonly queueCapacity: number;
  readonly accepting: boolean;
  /** Which store holds the jobs. */
  readonly store: JobStoreKind;
}

/** Asynchronous pipeline jobs on a worker pool. */
export interface JobService {
  /**
   * Validates and plans the pipeline, then queues it; returns the queued record at once.
   * Throws JobsError JOB_INVALID_PIPELINE (message: the validation message, `V-0xx: ...` or
   * `parse error: ...`), JOB_INVALID_REQUEST, JOB_UNKNOWN_BACKEND, JOB_QUEUE_FULL (`job queue is full`),
   * JOB_SHUTTING_DOWN or JOB_STORE_UNAVAILABLE (the database cannot be reached).
   */
  submit(request: JobRequest, context?: SubmitContext): Promise<JobRecord>;
  /** The job, or undefined when unknown (or evicted). */
  get(id: string): Promise<JobRecord | undefined>;
  /** Every job held, in submission order, oldest first. */
  list(): Promise<JobRecord[]>;
  /**
   * Resolves with the job once terminal (woken by its state change, no polling), or with its
   * current record when `timeoutMs` passes or `signal` aborts; undefined for an unknown id.
   */
  wait(id: string, timeoutMs: number, signal?: AbortSignal): Promise<JobRecord | undefined>;
  /**
   * Cancels a queued job at once or signals a running one (on whichever replica runs it);
   * undefined for an unknown id.
   */
  cancel(id: string): Promise<CancelResult | undefined>;
  /**
   * Stops accepting, cancels queued jobs (with a shared store: hands the jobs this replica had
   * taken but not started back to the queue, and leaves the others queued for the other
   * replicas), lets running ones finish within the grace period,
   * cancels the rest (DuckDB interrupted, never a thread terminated), stops the pool. Called again
   * with `graceMs: 0` while it runs, the grace ends at once (a second signal); the same promise.
   */
  shutdown(options?: ShutdownOptions): Promise<void>;
  /** Queue and pool counters. */
  stats(): JobServiceStats;
  /**
   * Starts a service created with `startLater`: the worker threads open their engines and queued
   * jobs are taken (with a shared store, also those other replicas or an earlier run left).
   * Called once a server listens; calling it again does nothing.
   */
  start(): void;
  /**
   * Warms up (once started; the first call begins it) and resolves once that is over: every
   * worker thread has opened its engine (its DuckDB database), the main thread has planned a
   * document once, and every worker thread that was free then has run that document (a rehearsal over a few rows in the service's temp area, on a
   * throwaway database; the data root is never touched), so the first jobs run as fast as later
   * ones. The warm-up runs beside jobs, never in front of them: a worker busy with a job (one
   * taken back from the queue at start) is not rehearsed. Never rejects (what fails there fails
   * the first job again, which reports it). Jobs may be submitted before; the servers call it once
   * they listen and do not wait for it.
   */
  ready(): Promise<void>;
  /**
   * Whether the service can take jobs now: not while it is starting (not started, or its workers
   * have not opened their engines yet) or stopping, nor while the job store does not answer a
   * trivial query within {@link READINESS_STORE_TIMEOUT_MS}; `reason` says which.
   */
  readiness(): Promise<JobServiceReadiness>;
  /**
   * The first rows of output `asset` of completed job `id`, read back on a worker from the path
   * the job recorded (resolved inside the data root), with the format and options the pipeline
   * wrote it with; undefined for an unknown id. Throws JOB_NOT_COMPLETED, JOB_OUTPUT_NOT_FOUND,
   * JOB_OUTPUT_GONE, JOB_INVALID_OPTION (limit, timeout), JOB_QUEUE_FULL, JOB_LOOK_TIMEOUT,
   * JOB_LOOK_FAILED, JOB_SHUTTING_DOWN; the signal's reason when it aborts.
   */
  outputRows(id: string, asset: string, options?: LookOptions): Promise<RowsResult | undefined>;
  /**
   * Validates and plans the request as `submit` does (and throws as it does), then computes
   * `asset` (an output's name previews the asset it writes) from its upstream assets on a worker
   * and returns its first rows; nothing is written and no job is kept. Throws JOB_UNKNOWN_ASSET
   * and, as `outputRows`, the look's errors.
   */
  preview(request: JobRequest, asset: string, options?: LookOptions): Promise<RowsResult>;
}

/** What this replica knows of a job it submitted, until a worker of it takes the job. */
interface Submitted {
  readonly plan: Plan;
  /** The pipeline's name, for log lines. */
  readonly pipeline?: string;
  readonly backend: BackendName;
  readonly requestId?: string;
  readonly crash?: WorkerCrashMode;
}

/** A job this replica claimed: on (or about to be on) one of its workers. */
interface Flight {
  /** The record as this replica last wrote (or claimed) it. */
  record: JobRecord;
  readonly requestId?: string;
  /** The pipeline's name, for log lines. */
  readonly pipeline?: string;
  task?: DispatchedTask;
  /** Why this replica cancels it, when the user did not ask (the server stopped). */
  cancelReason?: { readonly code: string; readonly message: string };
  cancelRequested: boolean;
  /** Handed back to the queue at shutdown: its worker's reply is not recorded. */
  released: boolean;
  /** Someone else changed the job first (the lease reaper): nothing more is written. */
  lost: boolean;
  /** The store writes of this job, one after the other. */
  writes: Promise<unknown>;
  /** Settles after the final record was written. */
  finished?: Promise<void>;
  /** How far the running job has got, as its worker last reported (this replica's knowledge only). */
  progress?: JobProgress;
}

/** The status each event leads to. */
const EVENT_STATUS: Readonly<Record<JobEvent['type'], JobRecord['status']>> = {
  start: 'running',
  complete: 'completed',
  fail: 'failed',
  cancel: 'cancelled',
};

/** Delays between attempts of a write the store refused because it was unreachable. */
const RETRY_DELAYS_MS = [50, 100, 200, 500, 1000, 2000];

/** Creates the job service and starts its worker threads. */
export function createJobService(options: JobServiceOptions): JobService {
  const workers = options.workers ?? defaultWorkerCount();
  if (!Number.isInteger(workers) || workers < 1) {
    throw jobsErrors.invalidOption('workers', 'a positive integer', workers);
  }
  if (typeof options.dataRoot !== 'string' || options.dataRoot === '') {
    throw jobsErrors.invalidOption('dataRoot', 'a folder path', options.dataRoot);
  }
  const capacity = options.queueCapacity ?? DEFAULT_QUEUE_CAPACITY;
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw jobsErrors.invalidOption('queueCapacity', 'a positive integer', capacity);
  }
  const onError = options.onError ?? ((error: Error) => console.error(`[jobs] ${error.message}`));
  const store = options.store ?? createMemoryJobStore({ retention: options.retention, retentionAgeMs: options.retentionAgeMs });
  const workerFile = resolveWorkerFile(options.workerFile);
  const tempBase = path.resolve(options.tempDirectory ?? os.tmpdir());
  fs.mkdirSync(tempBase, { recursive: true });
  /** The service's own temp area: the workers' DuckDB spill folders live here; removed at shutdown. */
  const tempArea = fs.mkdtempSync(path.join(tempBase, 'pipeline-jobs-'));
  const engine: WorkerEngineConfig = {
    dataRoot: path.resolve(options.dataRoot),
    duckdb: {
      ...options.engine?.duckdb,
      threads: options.engine?.duckdb?.threads ?? defaultDuckdbThreads(workers),
      memoryLimit: options.engine?.duckdb?.memoryLimit ?? defaultDuckdbMemoryLimit(workers),
      tempDirectory: tempArea,
    },
    ...(options.engine?.spark?.remote === undefined ? {} : { spark: { remote: options.engine.spark.remote, ...(options.engine.spark.dataRoot === undefined ? {} : { dataRoot: options.engine.spark.dataRoot }) } }),
  };
  const waiters = createJobWaiters();
  const submitted = new Map<string, Submitted>();
  const inFlight = new Map<string, Flight>();
  // Cancels asked for jobs this replica claimed whose flight is not registered yet.
  const pendingCancels = new Set<string>();
  const pool: WorkerPool = createWorkerPool({
    workerFile,
    size: workers,
    resourceLimits: options.workerResourceLimits,
    onWorkerError: (error) => onError(new Error(`worker error outside any job: ${error.message}`, { cause: error })),
  });
  let started = false;
  // Every worker thread has opened its engine: the service takes jobs at full speed.
  let engineOpen = false;
  // Workers running the warm-up rehearsal: not free for jobs meanwhile.
  let rehearsing = 0;
  let markStarted: () => void = () => undefined;
  const startedSignal = new Promise<void>((resolve) => (markStarted = resolve));
  // Settles once every worker thread has opened its engine (set by start()).
  let opened: Promise<void> | undefined;
  let warmedUp: Promise<void> | undefined;
  const looks = createLooks({
    pool,
    engine,
    capacity,
    workersFreeOfJobs: () => pool.size - inFlight.size - rehearsing,
    onRelease: () => pump(),
  });
  let accepting = true;
  let stopped = false;
  let shutdownPromise: Promise<void> | undefined;

  // Temporary outputs of a process killed mid-write (kill -9) would stay forever otherwise.
  const sweepEveryMs = options.staleTempSweepMs ?? DEFAULT_STALE_TEMP_SWEEP_MS;
  const sweep = (): void => {
    sweepStaleTempFiles(engine.dataRoot).then(
      (result) => {
        if (result.removed.length > 0) options.logger?.info({ removed: result.removed.length }, 'removed abandoned temporary output files');
      },
      (error: unknown) => onError(new Error(`sweeping temporary output files failed: ${(error as Error).message}`, { cause: error })),
    );
  };
  const sweeper = sweepEveryMs > 0 ? setInterval(sweep, sweepEveryMs) : undefined;
  sweeper?.unref();
  if (sweeper !== undefined) sweep();

  const jobLog = options.logger;
  /** Logs a change this replica made and tells the `onJobChange` listener. */
  const publish = (record: JobRecord, about: About): void => {
    if (jobLog) {
      const { requestId, pipeline } = about;
      const fields = {
        jobId: record.id,
        ...(pipeline === undefined ? {} : { pipeline }),
        ...(requestId === undefined ? {} : { requestId }),
        status: record.status,
        ...(record.durationMs === undefined ? {} : { durationMs: record.durationMs }),
        ...(record.errorCode === undefined ? {} : { errorCode: record.errorCode, error: record.error }),
      };
      if (record.status === 'failed') jobLog.warn(fields, 'job failed');
      else jobLog.info(fields, `job ${record.status}`);
    }
    tellListener(record);
  };

  /** Hands a record to the `onJobChange` listener; a listener that throws is reported, never fatal. */
  const tellListener = (record: JobRecord): void => {
    try {
      options.onJobChange?.(record);
    } catch (error) {
      onError(new Error(`onJobChange listener failed: ${(error as Error).message}`, { cause: error }));
    }
  };

  /**
   * Who a job's log lines are about: known from its submission or its flight here, else (a job
   * another replica submitted) its pipeline's name read from its plan.
   */
  const aboutOf = (record: JobRecord): About => {
    const known = submitted.get(record.id) ?? inFlight.get(record.id);
    if (known !== undefined) return { requestId: known.requestId, pipeline: known.pipeline };
    try {
      return nameOf(planRequest(record.request, engine.spark?.remote !== undefined).plan);
    } catch {
      return {};
    }
  };

  /** A record this replica wrote: waiters wake, listeners hear of it. */
  const changed = (record: JobRecord, about?: About): void => {
    const lineAbout = about ?? (jobLog === undefined ? {} : aboutOf(record));
    if (isTerminalStatus(record.status)) submitted.delete(record.id);
    waiters.notify(record);
    publish(record, lineAbout);
  };

  const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

  /**
   * Runs a store write again while the store is unreachable (a database restarting), with
   * growing pauses, until it lands or the service has stopped; other errors are thrown.
   */
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

  /**
   * Writes `event` for a job this replica runs, after its earlier writes, when `when` holds for
   * its record. A write the store refuses (the job changed elsewhere) marks the flight lost.
   */
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
      // Off the workers' count before anyone hears of the end (a waiter may look at stats()).
      if (isTerminalStatus(next.status)) inFlight.delete(next.id);
      changed(next, flight);
      return next;
    });
    flight.writes = done.catch((error: unknown) => onError(toError(error)));
    return done;
  };

  let pumping = false;
  let pumpAgain = false;
  let claimFailures = 0;
  let claimRetry: NodeJS.Timeout | undefined;
  /** Claims waiting jobs while workers are free; one claim at a time, repeated while asked. */
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
          const free = pool.size - inFlight.size - rehearsing - looks.running;
          if (!accepting || !started || free <= 0) break;
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
          for (const record of claimed) dispatch(record);
          if (claimed.length === free) pumpAgain = true;
        } while (pumpAgain && accepting);
      } finally {
        pumping = false;
      }
    })();
  };

  /** The plan of a claimed job: the one made at submit on this replica, else planned again. */
  const planOf = (record: JobRecord): Submitted | JobsError => {
    const known = submitted.get(record.id);
    submitted.delete(record.id);
    if (known !== undefined) return known;
    try {
      const planned = planRequest(record.request, engine.spark?.remote !== undefined);
      return { ...planned, ...nameOf(planned.plan), ...crashOf(record.request) };
    } catch (error) {
      return isJobsError(error) ? error : jobsErrors.invalidPipeline(toError(error).message);
    }
  };
  const crashOf = (request: JobRequest): { crash?: WorkerCrashMode } => {
    const crash = options.testHooks?.crashWorker?.(request);
    return crash === undefined ? {} : { crash };
  };

  const dispatch = (record: JobRecord): void => {
    const id = record.id;
    const planned = planOf(record);
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
        engine,
        crash: planned.crash,
        log: {
          level: jobLog?.level ?? 'silent',
          ...(flight.requestId === undefined ? {} : { requestId: flight.requestId }),
        },
      },
      (at) => void write(flight, { type: 'start', at }, (r) => r.status === 'queued'),
      (progress) => reportProgress(flight, progress),
    );
    flight.task = task;
    if (pendingCancels.delete(id)) void cancelFlight(flight);
    flight.finished = task.done
      .then((settlement) => finish(flight, settlement))
      .catch((error: unknown) => onError(toError(error)))
      .then(() => settle(id));
  };

  // Progress only decorates a running record (no store write, no state change, no log line): the
  // replica running the job answers with it, listeners hear of it.
  const reportProgress = (flight: Flight, progress: JobProgress): void => {
    if (flight.record.status !== 'running' || flight.lost) return;
    flight.progress = progress;
    tellListener({ ...flight.record, progress });
  };
  /** `record` with the progress this replica knows of, while it runs here. */
  const withProgress = (record: JobRecord | undefined): JobRecord | undefined => {
    if (record?.status !== 'running') return record;
    const progress = inFlight.get(record.id)?.progress;
    return progress === undefined ? record : { ...record, progress };
  };

  const settle = (id: string): void => {
    inFlight.delete(id);
    // A look waits for a worker only while every worker is busy; it is served before the queue.
    looks.wake();
    pump();
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

  /** Cancels a job on this replica's workers: before it starts, at once; running, cooperatively. */
  const cancelFlight = async (flight: Flight): Promise<CancelResult> => {
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

  const cancel = async (id: string): Promise<CancelResult | undefined> => {
    const local = inFlight.get(id);
    if (local !== undefined) return cancelFlight(local);
    const found = await store.cancelWaiting(id, isoNow());
    if (found === undefined) return undefined;
    if (found.outcome === 'terminal') return { outcome: 'already_terminal', job: found.job };
    if (found.outcome === 'cancelled') {
      changed(found.job);
      return { outcome: 'cancelled', job: found.job };
    }
    // Owned by a replica: this one (its flight is about to be registered) or another.
    const flight = inFlight.get(id);
    if (flight !== undefined) return cancelFlight(flight);
    if (found.owner === store.replicaId) pendingCancels.add(id);
    else await store.requestCancel(id);
    return { outcome: 'cancelling', job: found.job };
  };

  /** Reads the job and wakes its waiters when it has ended (after an event from another replica). */
  const refreshWaiters = (id: string): void => {
    store.get(id).then(
      (record) => {
        if (record !== undefined) waiters.notify(record);
      },
      () => undefined,
    );
  };

  const unsubscribe = store.subscribe((event) => {
    switch (event.type) {
      case 'queued':
        pump();
        return;
      case 'status':
        if (isTerminalStatus(event.status)) {
          submitted.delete(event.id);
          if (waiters.has(event.id)) refreshWaiters(event.id);
        }
        return;
      case 'cancel': {
        const flight = inFlight.get(event.id);
        if (flight !== undefined) void cancelFlight(flight).catch((error: unknown) => onError(toError(error)));
        else if (event.owner === store.replicaId) pendingCancels.add(event.id);
        return;
      }
      case 'resync':
        pump();
        for (const id of waiters.ids()) refreshWaiters(id);
        store.cancelRequested([...inFlight.keys()]).then(
          (ids) => {
            for (const id of ids) {
              const flight = inFlight.get(id);
              if (flight !== undefined && !flight.cancelRequested) void cancelFlight(flight);
            }
          },
          () => undefined,
        );
        return;
    }
  });

  /** Resolves when every flight has settled, `ms` passed, or `cut` fired (whichever comes first). */
  const settledWithin = async (flights: Flight[], ms: number, cut?: AbortSignal): Promise<void> => {
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
  };

  // A shutdown asked again with a shorter grace (a second signal) ends the grace at once.
  const graceCut = new AbortController();

  const shutdown = async (shutdownOptions: ShutdownOptions): Promise<void> => {
    accepting = false;
    // A service stopped before it started: whoever waits for its warm-up is not left waiting.
    markStarted();
    clearInterval(sweeper);
    const stoppedReason = jobsErrors.serverStopped();
    const reason = { code: stoppedReason.code, message: stoppedReason.message };
    looks.cancelAll();
    if (store.kind === 'memory') {
      for (const job of await store.cancelAllWaiting(isoNow(), reason)) changed(job);
    } else {
      // Other replicas share the queue: jobs claimed here but not started go back to it.
      const handedBack: string[] = [];
      for (const [id, flight] of inFlight) {
        if (flight.task?.withdraw()) {
          flight.released = true;
          handedBack.push(id);
        }
      }
      // One attempt: with the database down, the lease hands them back (they never started).
      if (handedBack.length > 0) {
        await store.release(handedBack).catch((error: unknown) =>
          onError(new Error(`handing queued jobs back failed (the lease will): ${toError(error).message}`, { cause: error })),
        );
      }
    }
    await settledWithin([...inFlight.values()], shutdownOptions.graceMs ?? DEFAULT_SHUTDOWN_GRACE_MS, graceCut.signal);
    for (const flight of [...inFlight.values()]) {
      // A job someone already asked to cancel keeps no reason: it was the user's cancel.
      if (!flight.cancelRequested) flight.cancelReason ??= reason;
      void cancelFlight(flight).catch((error: unknown) => onError(toError(error)));
    }
    const cancelTimeoutMs = shutdownOptions.cancelTimeoutMs ?? DEFAULT_CANCEL_TIMEOUT_MS;
    await settledWithin([...inFlight.values()], cancelTimeoutMs);
    stopped = true;
    clearTimeout(claimRetry);
    unsubscribe();
    if (inFlight.size > 0) {
      // A worker that ignores its cancellation is left alone: terminating a thread inside
      // DuckDB would abort the process. Its job is recorded cancelled; the reply is ignored.
      for (const flight of inFlight.values()) {
        void write(flight, { type: 'start', at: isoNow() }, (r) => r.status === 'queued');
        void write(flight, cancelEvent(flight, isoNow()));
      }
      await settledWithin(
        [...inFlight.values()].map((f) => ({ ...f, finished: f.writes.then(() => undefined) })),
        cancelTimeoutMs,
      );
      onError(new Error(`${inFlight.size} worker(s) did not stop after cancellation; the pool was left running`));
      await store.close().catch((error: unknown) => onError(toError(error)));
      return;
    }
    // A warm task (engine open, rehearsal) that Piscina still held queued when close() began can
    // reach a thread after close() found it idle; terminating that thread while it opens DuckDB
    // aborts the whole process. Both promises never reject.
    await Promise.all([opened, warmedUp]);
    await pool.close();
    // The workers closed their databases (DuckDB removed its spill folders); the area goes too.
    fs.rmSync(tempArea, { recursive: true, force: true });
    await store.close().catch((error: unknown) => onError(toError(error)));
  };

  /** Runs the warm-up rehearsal on the workers no job holds, once they have opened their engines. */
  const rehearseBeside = async (engines: Promise<void>): Promise<void> => {
    // The main thread's part of a first request, while the threads open their databases.
    const folder = path.join(tempArea, 'warm-up');
    const rehearsal = prepareRehearsal(folder);
    if (rehearsal === undefined) onError(new Error('the warm-up document no longer plans, or its folder cannot be written'));
    await engines;
    // A worker holding a job (one taken back from the queue at start) or a look is warmed by it.
    const free = pool.size - inFlight.size - looks.running;
    try {
      if (rehearsal !== undefined && accepting && free > 0) {
        rehearsing = free;
        try {
          await pool.warm(engine, rehearsal, free);
        } finally {
          rehearsing = 0;
          pump();
        }
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  };

  const start = (): void => {
    if (started || !accepting) return;
    started = true;
    // These reach Piscina before any job: each thread opens its engine first.
    opened = pool.warm(engine).then(() => {
      engineOpen = true;
    });
    pump();
    markStarted();
  };

  const readiness = async (): Promise<JobServiceReadiness> => {
    if (!accepting) return { ready: false, reason: 'shutting down' };
    if (!engineOpen) return { ready: false, reason: 'starting' };
    try {
      await store.ping(READINESS_STORE_TIMEOUT_MS);
    } catch (error) {
      return { ready: false, reason: toError(error).message };
    }
    if (engine.spark?.remote !== undefined) {
      const spark = await sparkReadiness(engine.spark.remote, READINESS_STORE_TIMEOUT_MS);
      if (spark !== undefined) return { ready: false, reason: spark };
    }
    return accepting ? { ready: true } : { ready: false, reason: 'shutting down' };
  };

  if (options.startLater !== true) start();

  return {
    async submit(request, context) {
      if (!accepting) throw jobsErrors.shuttingDown();
      const normalised = normaliseRequest(request);
      // Validation then planning, the same code the explain endpoints use (fail fast), then
      // whether the chosen backend runs every kind (V-014), before anything runs.
      const { plan, backend } = planRequest(normalised, engine.spark?.remote !== undefined);
      const record = createJobRecord(randomUUID(), normalised, isoNow());
      const requestId = context?.requestId;
      const about = { ...nameOf(plan), ...(requestId === undefined ? {} : { requestId }) };
      submitted.set(record.id, { plan, backend, ...crashOf(normalised), ...about });
      try {
        await store.enqueue(record, capacity);
      } catch (error) {
        submitted.delete(record.id);
        throw error;
      }
      publish(record, about);
      pump();
      return record;
    },
    get: async (id) => withProgress(await store.get(id)),
    async outputRows(id, asset, lookOptions = {}) {
      if (!accepting) throw jobsErrors.shuttingDown();
      const record = await store.get(id);
      if (record === undefined) return undefined;
      if (record.status !== 'completed' || record.outcome === undefined) throw jobsErrors.notCompleted(id, record.status);
      const outputs = record.outcome.outputs;
      const written = outputs.find((o) => o.ref === asset);
      if (written === undefined) throw jobsErrors.outputNotFound(id, asset, outputs.map((o) => o.ref));
      let planned: { plan: Plan; backend: BackendName };
      try {
        planned = planRequest(record.request, engine.spark?.remote !== undefined);
      } catch (error) {
        throw jobsErrors.lookFailed(`the job's pipeline no longer plans: ${toError(error).message}`, 'JOB_INVALID_PIPELINE');
      }
      const step = planned.plan.steps.find((s) => s.ref === asset);
      if (step?.source.kind !== 'output') throw jobsErrors.outputNotFound(id, asset, outputs.map((o) => o.ref));
      // The path is the one the job recorded (never the request's); the engine resolves it inside the data root.
      const output = { jobId: id, asset, format: step.source.format, path: written.path, options: step.source.options };
      return looks.rows(output, planned.backend, lookOptions);
    },
    async preview(request, asset, lookOptions = {}) {
      if (!accepting) throw jobsErrors.shuttingDown();
      const { plan, backend } = planRequest(normaliseRequest(request), engine.spark?.remote !== undefined);
      return looks.preview(plan, backend, asset, lookOptions);
    },
    list: async () => (await store.list()).map((r) => withProgress(r) as JobRecord),
    async wait(id, timeoutMs, signal) {
      const current = await store.get(id);
      if (current === undefined) return undefined;
      const read = () => store.get(id);
      const ended = waiters.wait(current, read, timeoutMs, signal);
      // The job may have ended between the read and the registration (elsewhere, or here).
      if (!isTerminalStatus(current.status)) refreshWaiters(id);
      return withProgress(await ended);
    },
    cancel,
    shutdown(shutdownOptions = {}) {
      if (shutdownPromise !== undefined && shutdownOptions.graceMs === 0) graceCut.abort();
      shutdownPromise ??= shutdown(shutdownOptions);
      return shutdownPromise;
    },
    stats: () => ({
      queued: store.waiting,
      running: inFlight.size,
      workers: pool.size,
      threads: pool.threads,
      queueCapacity: capacity,
      accepting,
      store: store.kind,
    }),
    start,
    ready: () => (warmedUp ??= startedSignal.then(() => (opened !== undefined && accepting ? rehearseBeside(opened) : undefined))),
    readiness,
  };
}

/** Who a log line is about besides the job: the submitting request and the pipeline's name. */
interface About {
  readonly requestId?: string;
  readonly pipeline?: string;
}

/** The `pipeline` field of log lines about a job of `plan` (none when the document has no name). */
function nameOf(plan: Plan): { pipeline?: string } {
  return plan.name === undefined ? {} : { pipeline: plan.name };
}

/** The cancel event of a flight: with the reason when this replica, not a user, cancels it. */
function cancelEvent(flight: Flight, at: string): JobEvent {
  return { type: 'cancel', at, ...(flight.cancelReason === undefined ? {} : { reason: flight.cancelReason }) };
}

/** Validates, plans and checks the backend of a request; throws the JobsError a submit answers. */
function planRequest(request: JobRequest, sparkConfigured: boolean): { plan: Plan; backend: BackendName } {
  let backend: BackendName;
  try {
    backend = parseBackendName(request.backend);
  } catch (error) {
    throw jobsErrors.unknownBackend(String(request.backend), (error as Error).message);
  }
  const planned = planPipeline(request.yaml, request.variables ?? {});
  if (!planned.ok) throw invalidPipeline(planned.error);
  const refused = checkBackendSupport(planned.pipeline.assets, backend) ?? (backend === 'spark' && !sparkConfigured ? sparkNotConfigured() : undefined);
  if (refused !== undefined) throw invalidPipeline(refused);
  return { plan: planned.plan, backend };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Keeps only the request's known fields, checked, so a stored record holds nothing unexpected. */
function normaliseRequest(request: JobRequest): JobRequest {
  const invalid = (what: string): JobsError => jobsErrors.invalidRequest(what);
  if (request === null || typeof request !== 'object') throw invalid('the request must be an object');
  if (typeof request.yaml !== 'string') throw invalid('yaml must be a string');
  const out: { yaml: string; variables?: Record<string, string>; backend?: string } = { yaml: request.yaml };
  if (request.variables !== undefined && request.variables !== null) {
    if (typeof request.variables !== 'object' || Array.isArray(request.variables)) {
      throw invalid('variables must map strings to strings');
    }
    // A null-prototype map keeps a variable named `__proto__` as data instead of dropping it.
    const variables: Record<string, string> = Object.create(null);
    for (const [key, value] of Object.entries(request.variables)) {
      if (typeof value !== 'string') throw invalid(`variable "${key}" must be a string`);
      variables[key] = value;
    }
    out.variables = variables;
  }
  if (request.backend !== undefined && request.backend !== null) {
    if (typeof request.backend !== 'string') throw invalid('backend must be a string');
    out.backend = request.backend;
  }
  return out;
}

/** JOB_INVALID_PIPELINE carrying a validation error's message and details. */
function invalidPipeline(error: ValidationError): JobsError {
  return jobsErrors.invalidPipeline(error.message, { ...error.details, kind: error.kind, validationCode: error.code });
}
