/**
 * The job service: validates and plans on submit, keeps a bounded FIFO of queued jobs, runs them
 * on the worker pool, drives every record through the state machine, wakes waiters, cancels
 * queued jobs at once and running jobs cooperatively, and shuts down gracefully.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ResourceLimits } from 'node:worker_threads';
import { checkBackendSupport, parseBackendName, sweepStaleTempFiles, type BackendName } from '@pipeline/engine';
import { planPipeline, type Plan } from '@pipeline/planner';
import type { ValidationError } from '@pipeline/validation';
import { writeLines, type Logger } from '@pipeline/server-kit';
import { jobsErrors, type JobsError } from '../errors';
import { isTerminalStatus, type JobProgress, type JobQualityResult, type JobRecord, type JobRequest } from '../job';
import { createWorkerPool, type DispatchedTask, type TaskSettlement, type WorkerPool } from '../pool/worker-pool';
import { resolveWorkerFile } from '../pool/worker-file';
import type { JobStore } from '../store/job-store';
import { createMemoryJobStore } from '../store/memory-job-store';
import { applyJobEvent, createJobRecord, isoNow, type JobEvent } from '../store/state-machine';
import type { WorkerCrashMode, WorkerEngineConfig } from '../worker/protocol';
import { defaultDuckdbMemoryLimit, defaultDuckdbThreads, defaultWorkerCount } from './defaults';
import { createJobQueue, DEFAULT_QUEUE_CAPACITY } from './job-queue';
import { createJobWaiters } from './job-waiters';

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
  /** Jobs that may wait for a worker before submit fails with JOB_QUEUE_FULL (default 1000). */
  queueCapacity?: number;
  /** Terminal jobs kept by the default in-memory store before the oldest are evicted (default 10,000). */
  retention?: number;
  /**
   * Engine settings. DuckDB threads default to every core (a lone job uses the whole machine);
   * `memoryLimit` (per worker database, so per job) defaults to {@link defaultDuckdbMemoryLimit}.
   */
  engine?: { duckdb?: { threads?: number; memoryLimit?: string } };
  /**
   * Folder under which the service makes its own temp area (default: the system temp folder).
   * Each worker's DuckDB database spills into a folder inside it; the area is removed at shutdown.
   */
  tempDirectory?: string;
  /**
   * Where records live (default: an in-memory store with `retention`). Jobs an earlier process
   * left in a durable store are recovered at start: running ones fail (JOB_INTERRUPTED), queued
   * ones are queued again.
   */
  store?: JobStore;
  /** The worker bundle (default: built from sources under ts-jest, else `jobs-worker.js` next to the app bundle). */
  workerFile?: string;
  /** V8 heap limits of each worker; a worker that exceeds them dies and its job fails. */
  workerResourceLimits?: ResourceLimits;
  /** Called after every change of a job's record (submitted, started, finished), e.g. for metrics or logs. */
  onJobChange?: (job: JobRecord) => void;
  /**
   * Where lifecycle lines go (`job queued`, `job running`, `job completed` / `failed` /
   * `cancelled`), each with `jobId` and the submitting `requestId`; the worker threads log at the
   * same level. Default: no job lines.
   */
  logger?: Logger;
  /**
   * How often the data root is swept for temporary output files a killed process left behind
   * (older than an hour), first at start; 0 turns the sweep off. Default 10 minutes.
   */
  staleTempSweepMs?: number;
  /** Receives errors that belong to no request (an idle worker dying, an internal bug); default console.error. */
  onError?: (error: Error) => void;
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

/** Counters for health and metrics. */
export interface JobServiceStats {
  readonly queued: number;
  readonly running: number;
  readonly workers: number;
  /** Worker threads alive now (a dead worker is replaced shortly). */
  readonly threads: number;
  readonly queueCapacity: number;
  readonly accepting: boolean;
}

/** Asynchronous pipeline jobs on a worker pool. */
export interface JobService {
  /**
   * Validates and plans the pipeline, then queues it; returns the queued record at once.
   * Throws JobsError JOB_INVALID_PIPELINE (message: the validation message, `V-0xx: ...` or
   * `parse error: ...`), JOB_INVALID_REQUEST, JOB_UNKNOWN_BACKEND, JOB_QUEUE_FULL (`job queue is full`) or JOB_SHUTTING_DOWN.
   */
  submit(request: JobRequest, context?: SubmitContext): JobRecord;
  /** The job, or undefined when unknown (or evicted). */
  get(id: string): JobRecord | undefined;
  /** Every job held, in submission order, oldest first. */
  list(): JobRecord[];
  /**
   * Resolves with the job once terminal (woken by its state change, no polling), or with its
   * current record when `timeoutMs` passes or `signal` aborts; undefined for an unknown id.
   */
  wait(id: string, timeoutMs: number, signal?: AbortSignal): Promise<JobRecord | undefined>;
  /** Cancels a queued job at once or signals a running one; undefined for an unknown id. */
  cancel(id: string): CancelResult | undefined;
  /**
   * Stops accepting, cancels queued jobs, lets running ones finish within the grace period,
   * cancels the rest (DuckDB interrupted, never a thread terminated), stops the pool. Called again
   * with `graceMs: 0` while it runs, the grace ends at once (a second signal); the same promise.
   */
  shutdown(options?: ShutdownOptions): Promise<void>;
  /** Queue and pool counters. */
  stats(): JobServiceStats;
}

interface QueuedJob {
  readonly plan: Plan;
  readonly backend: string;
  readonly requestId?: string;
  readonly crash?: WorkerCrashMode;
}

interface Flight {
  readonly task: DispatchedTask;
  cancelRequested: boolean;
  /** Settles after the final record was written. */
  finished?: Promise<void>;
}

/** Creates the job service and starts its worker threads. */
export function createJobService(options: JobServiceOptions): JobService {
  const workers = options.workers ?? defaultWorkerCount();
  if (!Number.isInteger(workers) || workers < 1) {
    throw jobsErrors.invalidOption('workers', 'a positive integer', workers);
  }
  if (typeof options.dataRoot !== 'string' || options.dataRoot === '') {
    throw jobsErrors.invalidOption('dataRoot', 'a folder path', options.dataRoot);
  }
  const onError = options.onError ?? ((error: Error) => console.error(`[jobs] ${error.message}`));
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
  };
  const store = options.store ?? createMemoryJobStore({ retention: options.retention });
  const queue = createJobQueue<QueuedJob>(options.queueCapacity ?? DEFAULT_QUEUE_CAPACITY);
  const waiters = createJobWaiters();
  const inFlight = new Map<string, Flight>();
  const pool: WorkerPool = createWorkerPool({
    workerFile: resolveWorkerFile(options.workerFile),
    size: workers,
    resourceLimits: options.workerResourceLimits,
    onWorkerError: (error) => onError(new Error(`worker error outside any job: ${error.message}`, { cause: error })),
  });
  let accepting = true;
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

  /** Applies `event` to the job and publishes the new record; the only way records change. */
  const advance = (id: string, event: JobEvent): JobRecord | undefined => {
    const current = store.get(id);
    if (current === undefined) return undefined;
    const next = applyJobEvent(current, event);
    store.update(next);
    waiters.notify(next);
    publish(next);
    return next;
  };

  // The submitting request of each job not yet terminal, for its log lines.
  const requestIds = new Map<string, string>();
  const jobLog = options.logger;
  const publish = (record: JobRecord): void => {
    if (jobLog) {
      const requestId = requestIds.get(record.id);
      const fields = {
        jobId: record.id,
        ...(requestId === undefined ? {} : { requestId }),
        status: record.status,
        ...(record.durationMs === undefined ? {} : { durationMs: record.durationMs }),
        ...(record.errorCode === undefined ? {} : { errorCode: record.errorCode, error: record.error }),
      };
      if (record.status === 'failed') jobLog.warn(fields, 'job failed');
      else jobLog.info(fields, `job ${record.status}`);
    }
    if (isTerminalStatus(record.status)) requestIds.delete(record.id);
    try {
      options.onJobChange?.(record);
    } catch (error) {
      onError(new Error(`onJobChange listener failed: ${(error as Error).message}`, { cause: error }));
    }
  };

  const onStarted = (id: string, at: string): void => {
    if (store.get(id)?.status === 'queued') advance(id, { type: 'start', at });
  };

  // Progress only decorates a running record: no state change, so waiters are not woken.
  const onProgress = (id: string, progress: JobProgress): void => {
    const current = store.get(id);
    if (current?.status !== 'running') return;
    const next = { ...current, progress };
    store.update(next);
    try {
      options.onJobChange?.(next);
    } catch (error) {
      onError(new Error(`onJobChange listener failed: ${(error as Error).message}`, { cause: error }));
    }
  };

  const pump = (): void => {
    while (accepting && inFlight.size < pool.size) {
      const next = queue.shift();
      if (next === undefined) return;
      dispatch(next.id, next.entry);
    }
  };

  const dispatch = (id: string, job: QueuedJob): void => {
    const task = pool.dispatch(
      {
        type: 'run',
        jobId: id,
        plan: job.plan,
        backend: job.backend,
        engine,
        crash: job.crash,
        log: { level: jobLog?.level ?? 'silent', ...(job.requestId === undefined ? {} : { requestId: job.requestId }) },
      },
      (at) => onStarted(id, at),
      (progress) => onProgress(id, progress),
    );
    const flight: Flight = { task, cancelRequested: false };
    inFlight.set(id, flight);
    flight.finished = task.done.then((settlement) => {
      inFlight.delete(id);
      try {
        finish(id, flight, settlement);
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)));
      }
      pump();
    });
  };

  /** Writes the final status from the worker's answer; runs outside any cancelled scope. */
  const finish = (id: string, flight: Flight, settlement: TaskSettlement): void => {
    // The worker's own lines about the job, written before the final status line.
    if (jobLog && settlement.kind === 'reply' && settlement.reply.log) writeLines(jobLog, settlement.reply.log);
    const current = store.get(id);
    if (current === undefined || isTerminalStatus(current.status)) return;
    const now = isoNow();
    if (settlement.kind === 'crashed') {
      if (current.status === 'queued') advance(id, { type: 'start', at: now });
      const error = jobsErrors.workerCrashed(id, settlement.reason);
      advance(id, { type: 'fail', at: now, error: { code: error.code, message: error.message } });
      return;
    }
    const reply = settlement.reply;
    if (current.status === 'queued') {
      // The reply can overtake the 'started' event: they travel on different ports.
      if (reply.startedAt === undefined) {
        advance(id, { type: 'cancel', at: now });
        return;
      }
      advance(id, { type: 'start', at: reply.startedAt });
    }
    if (reply.type === 'ok') {
      advance(id, { type: 'complete', at: now, outcome: reply.value });
    } else if (flight.cancelRequested || reply.error.code === 'JOB_CANCELLED' || reply.error.code === 'E_CANCELLED') {
      advance(id, { type: 'cancel', at: now });
    } else {
      // A failing quality check carries the results so far, which the job keeps to list them.
      const quality = reply.error.details?.['quality'];
      advance(id, {
        type: 'fail',
        at: now,
        error: { code: reply.error.code, message: reply.error.message },
        ...(Array.isArray(quality) ? { quality: quality as JobQualityResult[] } : {}),
      });
    }
  };

  const cancel = (id: string): CancelResult | undefined => {
    const current = store.get(id);
    if (current === undefined) return undefined;
    if (isTerminalStatus(current.status)) return { outcome: 'already_terminal', job: current };
    if (queue.remove(id)) {
      return { outcome: 'cancelled', job: advance(id, { type: 'cancel', at: isoNow() }) ?? current };
    }
    const flight = inFlight.get(id);
    if (flight === undefined) {
      throw new Error(`job ${id} is ${current.status} but neither queued nor on a worker`);
    }
    flight.cancelRequested = true;
    if (flight.task.cancel() === 'before-start') {
      // The worker will see the shared word and skip the task: the job never starts.
      return { outcome: 'cancelled', job: advance(id, { type: 'cancel', at: isoNow() }) ?? current };
    }
    const job = current.status === 'queued' ? advance(id, { type: 'start', at: isoNow() }) ?? current : current;
    return { outcome: 'cancelling', job };
  };

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
    clearInterval(sweeper);
    for (const { id } of queue.drain()) advance(id, { type: 'cancel', at: isoNow() });
    await settledWithin([...inFlight.values()], shutdownOptions.graceMs ?? DEFAULT_SHUTDOWN_GRACE_MS, graceCut.signal);
    for (const id of [...inFlight.keys()]) cancel(id);
    await settledWithin([...inFlight.values()], shutdownOptions.cancelTimeoutMs ?? DEFAULT_CANCEL_TIMEOUT_MS);
    if (inFlight.size > 0) {
      // A worker that ignores its cancellation is left alone: terminating a thread inside
      // DuckDB would abort the process. Its job is recorded cancelled; the reply is ignored.
      for (const id of inFlight.keys()) {
        const current = store.get(id);
        if (current?.status === 'queued') advance(id, { type: 'start', at: isoNow() });
        if (current !== undefined && !isTerminalStatus(current.status)) advance(id, { type: 'cancel', at: isoNow() });
      }
      onError(new Error(`${inFlight.size} worker(s) did not stop after cancellation; the pool was left running`));
      return;
    }
    await pool.close();
    // The workers closed their databases (DuckDB removed its spill folders); the area goes too.
    fs.rmSync(tempArea, { recursive: true, force: true });
  };

  /**
   * A store that outlived an earlier process (a durable one) may hold jobs that process left
   * behind: running ones failed with it; queued ones are planned again and queued in their
   * submission order, or cancelled when they no longer plan or do not fit.
   */
  const recover = (): void => {
    for (const job of store.list()) {
      if (job.status === 'running') {
        const error = jobsErrors.interrupted(job.id);
        advance(job.id, { type: 'fail', at: isoNow(), error: { code: error.code, message: error.message } });
      } else if (job.status === 'queued') {
        const planned = planPipeline(job.request.yaml, job.request.variables ?? {});
        let backend: string | undefined;
        try {
          backend = parseBackendName(job.request.backend);
        } catch {
          backend = undefined;
        }
        if (planned.ok && backend !== undefined && queue.size < queue.capacity) {
          queue.push(job.id, { plan: planned.plan, backend });
        } else {
          advance(job.id, { type: 'cancel', at: isoNow() });
        }
      }
    }
    pump();
  };
  recover();

  return {
    submit(request, context) {
      if (!accepting) throw jobsErrors.shuttingDown();
      const normalised = normaliseRequest(request);
      let backend: BackendName;
      try {
        backend = parseBackendName(normalised.backend);
      } catch (error) {
        throw jobsErrors.unknownBackend(String(normalised.backend), (error as Error).message);
      }
      // Validation then planning, the same code the explain endpoints use (fail fast), then
      // whether the chosen backend runs every kind (V-014), before anything runs.
      const planned = planPipeline(normalised.yaml, normalised.variables ?? {});
      if (!planned.ok) throw invalidPipeline(planned.error);
      const refused = checkBackendSupport(planned.pipeline.assets, backend);
      if (refused !== undefined) throw invalidPipeline(refused);
      const plan = planned.plan;
      const record = createJobRecord(randomUUID(), normalised, isoNow());
      const crash = options.testHooks?.crashWorker?.(normalised);
      const requestId = context?.requestId;
      if (requestId !== undefined) requestIds.set(record.id, requestId);
      queue.push(record.id, {
        plan,
        backend,
        ...(crash === undefined ? {} : { crash }),
        ...(requestId === undefined ? {} : { requestId }),
      });
      store.insert(record);
      publish(record);
      pump();
      return store.get(record.id) ?? record;
    },
    get: (id) => store.get(id),
    list: () => store.list(),
    async wait(id, timeoutMs, signal) {
      const current = store.get(id);
      if (current === undefined) return undefined;
      return waiters.wait(current, () => store.get(id), timeoutMs, signal);
    },
    cancel,
    shutdown(shutdownOptions = {}) {
      if (shutdownPromise !== undefined && shutdownOptions.graceMs === 0) graceCut.abort();
      shutdownPromise ??= shutdown(shutdownOptions);
      return shutdownPromise;
    },
    stats: () => ({
      queued: queue.size,
      running: inFlight.size,
      workers: pool.size,
      threads: pool.threads,
      queueCapacity: queue.capacity,
      accepting,
    }),
  };
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
