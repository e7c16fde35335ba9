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
import { DEFAULT_BACKEND, parseBackendName, sparkReadiness, validatePipelineWithData, type BackendName, type RowsResult } from '@pipeline/engine';
import { validatePipeline, type ValidationResult } from '@pipeline/validation';
import type { Plan } from '@pipeline/planner';
import type { Logger } from '@pipeline/server-kit';
import { isJobsError, jobsErrors, type JobsError } from '../errors';
import { isTerminalStatus, type JobRecord, type JobRequest } from '../job';
import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from '../pool/worker-pool';
import { resolveWorkerFile } from '../pool/worker-file';
import type { JobStore, JobStoreKind } from '../store/job-store';
import { createMemoryJobStore } from '../store/memory-job-store';
import { createJobRecord, isoNow } from '../store/state-machine';
import type { WorkerEngineConfig } from '../worker/protocol';
import { defaultDuckdbMemoryLimit, defaultDuckdbThreads, defaultWorkerCount } from './defaults';
import { createDispatcher } from './dispatcher';
import { toError, type About, type Submitted } from './flight';
import { DEFAULT_QUEUE_CAPACITY } from './job-queue';
import { createJobWaiters } from './job-waiters';
import { createListWatchers, type JobListView } from './list-watchers';
import { createLooks, type LookOptions } from './looks';
import { createRecorder } from './recorder';
import { checkRequestColumns, nameOf, normaliseRequest, planRequest } from './request';
import { createRunner } from './runner';
import { createShutdown } from './shutdown';
import { createStartUp } from './start-up';
import { createSweeper, DEFAULT_STALE_TEMP_SWEEP_MS } from './sweeper';

export { DEFAULT_CANCEL_TIMEOUT_MS, DEFAULT_SHUTDOWN_GRACE_MS } from './shutdown';
export { DEFAULT_STALE_TEMP_SWEEP_MS } from './sweeper';

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
  /** Held waits on the job list allowed at once (default 256); more fail with JOB_TOO_MANY_LIST_WAITS. */
  maxListWaits?: number;
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
  /**
   * Validates the request's pipeline as submit does, without making a job: the document's rules,
   * then the columns its inputs' CSV headers in this service's data root tell (V-009). A backend
   * that is not one is not looked with (submit refuses it). Never throws for a bad document.
   */
  validate(request: Pick<JobRequest, 'yaml' | 'variables' | 'backend'>): Promise<ValidationResult>;
  /** The job, or undefined when unknown (or evicted). */
  get(id: string): Promise<JobRecord | undefined>;
  /** Every job held, in submission order, oldest first. */
  list(): Promise<JobRecord[]>;
  /**
   * The list with its version, once its version differs from `since` (a job submitted, started
   * or ended here or, with PostgreSQL, on another replica), or as it is when `timeoutMs` passes or
   * `signal` aborts. Throws JOB_TOO_MANY_LIST_WAITS past `maxListWaits` held at once.
   */
  waitForList(since: string, timeoutMs: number, signal?: AbortSignal): Promise<JobListView>;
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
   * JOB_LOOK_FAILED, JOB_BACKEND_UNAVAILABLE (the backend's server, Spark, is down), JOB_SHUTTING_DOWN;
   * the signal's reason when it aborts.
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

/**
 * The parts tests swap for fakes or wrappers (production passes none): the worker pool, e.g. one
 * whose tasks make their worker really die. The store is injected through `options.store`.
 */
export interface JobServiceSeams {
  readonly createPool?: (options: WorkerPoolOptions) => WorkerPool;
}

/**
 * Creates the job service and starts its worker threads. It wires its parts: the dispatcher
 * claims queued jobs while slots are free, the runner runs them on the pool, the recorder writes
 * their records, the sweeper cleans the data root, shutdown stops them in order.
 */
export function createJobService(options: JobServiceOptions, seams: JobServiceSeams = {}): JobService {
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
  const sparkConfigured = engine.spark?.remote !== undefined;
  const waiters = createJobWaiters();
  const listWatchers = createListWatchers(() => list(), options.maxListWaits);
  // Plans made at submit, until a worker of this replica takes the job.
  const submitted = new Map<string, Submitted>();
  const pool: WorkerPool = (seams.createPool ?? createWorkerPool)({
    workerFile,
    size: workers,
    resourceLimits: options.workerResourceLimits,
    onWorkerError: (error) => onError(new Error(`worker error outside any job: ${error.message}`, { cause: error })),
  });
  let accepting = true;
  const startUp = createStartUp({
    pool,
    engine,
    tempArea,
    accepting: () => accepting,
    busy: () => runner.size + looks.running,
    // Workers back from the warm-up rehearsal serve the looks that waited for them (a preview sent
    // right after start-up waited for its own timeout), then the queue.
    onFree: () => {
      looks.wake();
      dispatcher.pump();
    },
    onError,
  });
  const looks = createLooks({
    pool,
    engine,
    capacity,
    workersFreeOfJobs: () => pool.size - runner.size - startUp.rehearsing,
    onRelease: () => dispatcher.pump(),
  });
  const sweeper = createSweeper({
    dataRoot: engine.dataRoot,
    everyMs: options.staleTempSweepMs ?? DEFAULT_STALE_TEMP_SWEEP_MS,
    logger: options.logger,
    onError,
  });

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
        // Said once, when the job is made (the submitting route logs no line of its own).
        ...(record.status === 'queued' ? { backend: record.request.backend || DEFAULT_BACKEND } : {}),
        ...(record.durationMs === undefined ? {} : { durationMs: record.durationMs }),
        ...(record.errorCode === undefined ? {} : { errorCode: record.errorCode, error: record.error }),
      };
      if (record.status === 'failed') jobLog.warn(fields, 'job failed');
      else jobLog.info(fields, `job ${record.status}`);
    }
    listWatchers.changed();
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
    const known = submitted.get(record.id) ?? runner.get(record.id);
    if (known !== undefined) return { requestId: known.requestId, pipeline: known.pipeline };
    try {
      return nameOf(planRequest(record.request, sparkConfigured).plan);
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

  const recorder = createRecorder({
    store,
    onError,
    onWritten: (flight, record) => {
      // Off the workers' count before anyone hears of the end (a waiter may look at stats()).
      if (isTerminalStatus(record.status)) runner.forget(record.id);
      changed(record, flight);
    },
  });

  /** The plan of a claimed job: the one made at submit on this replica, else planned again. */
  const planOf = (record: JobRecord): Submitted | JobsError => {
    const known = submitted.get(record.id);
    submitted.delete(record.id);
    if (known !== undefined) return known;
    try {
      const { plan, backend } = planRequest(record.request, sparkConfigured);
      return { plan, backend, ...nameOf(plan) };
    } catch (error) {
      return isJobsError(error) ? error : jobsErrors.invalidPipeline(toError(error).message);
    }
  };

  const runner = createRunner({
    pool,
    engine,
    write: recorder.write,
    planOf,
    logger: jobLog,
    onProgress: tellListener,
    onSettled: () => {
      // A look waits for a worker only while every worker is busy; it is served before the queue.
      looks.wake();
      dispatcher.pump();
    },
    onError,
  });

  const dispatcher = createDispatcher({
    store,
    open: () => accepting && startUp.started,
    freeSlots: () => pool.size - runner.size - startUp.rehearsing - looks.running,
    run: runner.run,
    onError,
  });

  const cancel = async (id: string): Promise<CancelResult | undefined> => {
    const local = runner.get(id);
    if (local !== undefined) return runner.cancel(local);
    const found = await store.cancelWaiting(id, isoNow());
    if (found === undefined) return undefined;
    if (found.outcome === 'terminal') return { outcome: 'already_terminal', job: found.job };
    if (found.outcome === 'cancelled') {
      changed(found.job);
      return { outcome: 'cancelled', job: found.job };
    }
    // Owned by a replica: this one (its flight is about to be registered) or another.
    const flight = runner.get(id);
    if (flight !== undefined) return runner.cancel(flight);
    if (found.owner === store.replicaId) runner.cancelWhenRegistered(id);
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
    // Another replica's submission or status change (or a reconnection) may change the list.
    if (event.type !== 'cancel') listWatchers.changed();
    switch (event.type) {
      case 'queued':
        dispatcher.pump();
        return;
      case 'status':
        if (isTerminalStatus(event.status)) {
          submitted.delete(event.id);
          if (waiters.has(event.id)) refreshWaiters(event.id);
        }
        return;
      case 'cancel': {
        const flight = runner.get(event.id);
        if (flight !== undefined) void runner.cancel(flight).catch((error: unknown) => onError(toError(error)));
        else if (event.owner === store.replicaId) runner.cancelWhenRegistered(event.id);
        return;
      }
      case 'resync':
        dispatcher.pump();
        for (const id of waiters.ids()) refreshWaiters(id);
        store.cancelRequested(runner.flights().map((f) => f.record.id)).then(
          (ids) => {
            for (const id of ids) {
              const flight = runner.get(id);
              if (flight !== undefined && !flight.cancelRequested) void runner.cancel(flight);
            }
          },
          () => undefined,
        );
        return;
    }
  });

  const shutdown = createShutdown({
    store,
    runner,
    write: recorder.write,
    changed,
    onError,
    stopAccepting: () => {
      accepting = false;
      // A service stopped before it started: whoever waits for its warm-up is not left waiting.
      startUp.stopping();
      sweeper.stop();
      looks.cancelAll();
    },
    stopWork: () => {
      recorder.stop();
      dispatcher.stop();
      unsubscribe();
    },
    closePool: async () => {
      // A warm task (engine open, rehearsal) that Piscina still held queued when close() began can
      // reach a thread after close() found it idle; terminating that thread while it opens DuckDB
      // aborts the whole process. Both promises never reject.
      await startUp.settled();
      await pool.close();
      // The workers closed their databases (DuckDB removed its spill folders); the area goes too.
      fs.rmSync(tempArea, { recursive: true, force: true });
    },
  });

  const readiness = async (): Promise<JobServiceReadiness> => {
    if (!accepting) return { ready: false, reason: 'shutting down' };
    if (!startUp.engineOpen) return { ready: false, reason: 'starting' };
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

  if (options.startLater !== true) startUp.start();

  async function list(): Promise<JobRecord[]> {
    return (await store.list()).map((r) => runner.withProgress(r) as JobRecord);
  }

  return {
    async submit(request, context) {
      if (!accepting) throw jobsErrors.shuttingDown();
      const normalised = normaliseRequest(request);
      // Validation then planning, the same code the explain endpoints use (fail fast), then
      // whether the chosen backend runs every kind (V-014), and the columns an input's header
      // tells (V-009), before anything runs.
      const { plan, backend, pipeline } = planRequest(normalised, sparkConfigured);
      await checkRequestColumns(normalised, pipeline, backend, engine.dataRoot);
      if (!accepting) throw jobsErrors.shuttingDown();
      const record = createJobRecord(randomUUID(), normalised, isoNow());
      const requestId = context?.requestId;
      const about = { ...nameOf(plan), ...(requestId === undefined ? {} : { requestId }) };
      submitted.set(record.id, { plan, backend, ...about });
      try {
        await store.enqueue(record, capacity);
      } catch (error) {
        submitted.delete(record.id);
        throw error;
      }
      publish(record, about);
      dispatcher.pump();
      return record;
    },
    async validate(request) {
      let backend: BackendName;
      try {
        backend = parseBackendName(request.backend);
      } catch {
        return validatePipeline(request.yaml, request.variables ?? undefined);
      }
      return validatePipelineWithData(request.yaml, request.variables ?? undefined, { dataRoot: engine.dataRoot, backend });
    },
    get: async (id) => runner.withProgress(await store.get(id)),
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
        planned = planRequest(record.request, sparkConfigured);
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
      const { plan, backend } = planRequest(normaliseRequest(request), sparkConfigured);
      return looks.preview(plan, backend, asset, lookOptions);
    },
    list,
    waitForList: (since, timeoutMs, signal) => listWatchers.wait(since, timeoutMs, signal),
    async wait(id, timeoutMs, signal) {
      const current = await store.get(id);
      if (current === undefined) return undefined;
      const read = () => store.get(id);
      const ended = waiters.wait(current, read, timeoutMs, signal);
      // The job may have ended between the read and the registration (elsewhere, or here).
      if (!isTerminalStatus(current.status)) refreshWaiters(id);
      return runner.withProgress(await ended);
    },
    cancel,
    shutdown,
    stats: () => ({
      queued: store.waiting,
      running: runner.size,
      workers: pool.size,
      threads: pool.threads,
      queueCapacity: capacity,
      accepting,
      store: store.kind,
    }),
    start: startUp.start,
    ready: startUp.ready,
    readiness,
  };
}
