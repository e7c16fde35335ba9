/**
 * Looks at data on the job workers without making jobs of them: the first rows of a completed
 * job's output, and the preview of one asset of a pipeline. A look takes a worker slot the way a
 * job does (waiting in a bounded line when every worker is busy, JOB_QUEUE_FULL past it), is
 * cancelled when its caller's signal aborts or its timeout passes (cooperatively: the worker
 * interrupts DuckDB, the thread is never terminated), and leaves nothing in the store.
 */
import { DEFAULT_ROWS_LIMIT, fromPlainError, MAX_ROWS_LIMIT, type RowsResult, type WrittenOutput } from '@pipeline/engine';
import type { Plan } from '@pipeline/planner';
import { jobsErrors, type JobsError } from '../errors';
import type { DispatchedLook, LookSettlement, WorkerPool } from '../pool/worker-pool';
import type { LookTask, WorkerEngineConfig } from '../worker/protocol';

/** A look's own timeout when the caller gives none. */
export const DEFAULT_LOOK_TIMEOUT_MS = 30_000;

/** The longest timeout a caller may give a look. */
export const MAX_LOOK_TIMEOUT_MS = 600_000;

/** How a caller bounds a look. */
export interface LookOptions {
  /** Rows to return (default 100, at most 10,000). */
  readonly limit?: number;
  /** Cancels the look when it passes (default 30 s, at most 600 s): JOB_LOOK_TIMEOUT. */
  readonly timeoutMs?: number;
  /** Cancels the look (the caller went away): it rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** What the job service gives the looks. */
export interface LooksContext {
  readonly pool: WorkerPool;
  readonly engine: WorkerEngineConfig;
  /** Looks that may wait for a worker at once. */
  readonly capacity: number;
  /** Workers no job holds now. */
  readonly workersFreeOfJobs: () => number;
  /** Called when a look gives its worker back (the service hands it to a job). */
  readonly onRelease: () => void;
}

/** The looks of one job service. */
export interface Looks {
  /** Workers looks hold now (the service's pump leaves them alone). */
  readonly running: number;
  rows(output: WrittenOutput & { readonly jobId: string }, backend: string, options: LookOptions): Promise<RowsResult>;
  preview(plan: Plan, backend: string, asset: string, options: LookOptions): Promise<RowsResult>;
  /** Gives free workers to waiting looks, first come first served; call before handing them to jobs. */
  wake(): void;
  /** Refuses waiting looks and cancels running ones (shutdown). */
  cancelAll(): void;
}

/** The checked `limit` of a look. */
export function lookLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_ROWS_LIMIT;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_ROWS_LIMIT) {
    throw jobsErrors.invalidOption('limit', `an integer from 0 to ${MAX_ROWS_LIMIT}`, limit);
  }
  return limit;
}

/** The checked timeout of a look. */
export function lookTimeout(timeoutMs: number | undefined): number {
  if (timeoutMs === undefined) return DEFAULT_LOOK_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_LOOK_TIMEOUT_MS) {
    throw jobsErrors.invalidOption('timeout', `an integer number of milliseconds from 1 to ${MAX_LOOK_TIMEOUT_MS}`, timeoutMs);
  }
  return timeoutMs;
}

interface Waiting {
  readonly start: () => void;
  readonly refuse: (error: Error) => void;
}

/** Creates the looks of a job service. */
export function createLooks(context: LooksContext): Looks {
  let running = 0;
  const waiting: Waiting[] = [];
  const dispatched = new Set<DispatchedLook>();
  const free = (): number => context.workersFreeOfJobs() - running;

  /** Resolves once this look holds a worker; rejects when the line is full or the caller leaves. */
  const acquire = (signal: AbortSignal): Promise<void> => {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    if (waiting.length === 0 && free() > 0) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= context.capacity) return Promise.reject(jobsErrors.queueFull(context.capacity));
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        start: () => {
          signal.removeEventListener('abort', leave);
          running += 1;
          resolve();
        },
        refuse: (error) => {
          signal.removeEventListener('abort', leave);
          reject(error);
        },
      };
      const leave = (): void => {
        const at = waiting.indexOf(entry);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', leave, { once: true });
      waiting.push(entry);
    });
  };

  const release = (): void => {
    running -= 1;
    wake();
    context.onRelease();
  };

  const wake = (): void => {
    while (waiting.length > 0 && free() > 0) (waiting.shift() as Waiting).start();
  };

  /** Runs one look on a worker within its bounds. */
  const run = async (task: DistributiveOmitControl<LookTask>, options: LookOptions, onError: (error: Error) => Error): Promise<RowsResult> => {
    const timeoutMs = lookTimeout(options.timeoutMs);
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(jobsErrors.lookTimeout(task.type === 'rows' ? 'reading rows' : 'preview', timeoutMs)), timeoutMs);
    const signal = options.signal === undefined ? timer.signal : AbortSignal.any([options.signal, timer.signal]);
    try {
      await acquire(signal);
      let look: DispatchedLook | undefined;
      try {
        look = context.pool.look(task);
        dispatched.add(look);
        const cancel = (): void => void look?.cancel();
        signal.addEventListener('abort', cancel, { once: true });
        const settlement: LookSettlement = await look.done;
        signal.removeEventListener('abort', cancel);
        if (signal.aborted) throw signal.reason as Error;
        if (settlement.kind === 'crashed') throw jobsErrors.lookFailed(`the worker running it died (${settlement.reason})`, 'E_INTERNAL');
        if (settlement.reply.type === 'ok') return settlement.reply.value;
        throw onError(fromPlainError(settlement.reply.error));
      } finally {
        if (look !== undefined) dispatched.delete(look);
        release();
      }
    } finally {
      clearTimeout(timeout);
    }
  };

  return {
    get running() {
      return running;
    },
    async rows(output, backend, options) {
      const limit = lookLimit(options.limit);
      const { jobId, ...written } = output;
      return await run({ type: 'rows', backend, engine: context.engine, output: written, limit }, options, (error) =>
        isEngineCode(error, 'E_FILE_NOT_FOUND') ? jobsErrors.outputGone(jobId, output.asset, output.path) : asLookFailed(error),
      );
    },
    async preview(plan, backend, asset, options) {
      const limit = lookLimit(options.limit);
      if (!plan.steps.some((s) => s.ref === asset)) throw jobsErrors.unknownAsset(asset, plan.steps.map((s) => s.ref));
      return await run({ type: 'preview', backend, engine: context.engine, plan, asset, limit }, options, asLookFailed);
    },
    wake,
    cancelAll() {
      for (const entry of waiting.splice(0)) entry.refuse(jobsErrors.shuttingDown());
      for (const look of dispatched) look.cancel();
    },
  };
}

type DistributiveOmitControl<T> = T extends unknown ? Omit<T, 'control'> : never;

function isEngineCode(error: Error, code: string): boolean {
  return (error as { code?: unknown }).code === code;
}

/** Engine codes that say a server the backend depends on is down, rather than that the pipeline failed. */
const BACKEND_DOWN: ReadonlySet<string> = new Set(['E_SPARK_UNAVAILABLE']);

function asLookFailed(error: Error): JobsError {
  const code = String((error as { code?: unknown }).code ?? 'E_INTERNAL');
  return BACKEND_DOWN.has(code) ? jobsErrors.backendUnavailable(error.message, code) : jobsErrors.lookFailed(error.message, code);
}
