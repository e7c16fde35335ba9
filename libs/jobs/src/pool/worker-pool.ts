/**
 * The Piscina pool of job workers. It never terminates a thread that may be inside DuckDB:
 * cancellation goes through each task's control channel, and a task's promise settles either
 * with the worker's reply or, when the worker died, with the reason (Piscina replaces the thread).
 */
import { MessageChannel } from 'node:worker_threads';
import type { ResourceLimits } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { JobProgress } from '../job';
import type { ControlMessage, LookReply, LookTask, Rehearsal, RunJobTask, WarmTask, WorkerEngineConfig, WorkerEvent, WorkerReply, WorkerTask } from '../worker/protocol';
import { claimCancel, createTaskState, isClaimed, withdrawBeforeStart, type CancelClaim } from '../worker/task-state';
import { createStepTracker } from './step-tracker';

/** How a task handed to a worker ended: its reply, or the reason its worker died. */
export type Settlement<Reply> = { readonly kind: 'reply'; readonly reply: Reply } | { readonly kind: 'crashed'; readonly reason: string };

/** How a dispatched task ended. */
export type TaskSettlement = Settlement<WorkerReply>;

/** A task handed to a worker. */
export interface DispatchedTask {
  /** Settles once; never rejects. */
  readonly done: Promise<TaskSettlement>;
  /** Cancels before start (the worker will not run it) or signals the running worker. */
  cancel(): CancelClaim;
  /** Takes the task back if its worker has not started it (it never will); false once started. */
  withdraw(): boolean;
  /** True once the worker claimed the task (it may still be telling the main thread). */
  readonly claimed: boolean;
}

/** How a look ended: the worker's reply, or the reason its worker died. */
export type LookSettlement = Settlement<LookReply>;

/** A look handed to a worker. */
export interface DispatchedLook {
  /** Settles once; never rejects. */
  readonly done: Promise<LookSettlement>;
  /** Cancels before start (the worker will not run it) or signals the running worker. */
  cancel(): CancelClaim;
}

/** Options of the pool. */
export interface WorkerPoolOptions {
  /** The JavaScript worker entry (a bundle of `worker/worker.ts`). */
  workerFile: string;
  /** Number of threads, all started at once and kept. */
  size: number;
  resourceLimits?: ResourceLimits;
  /** Called for a worker error that no task owns (e.g. an idle thread dying). */
  onWorkerError?: (error: Error) => void;
}

/** The pool as the job service uses it. */
export interface WorkerPool {
  readonly size: number;
  /**
   * Hands `task` to a worker; `onStarted` fires when the worker reports it began, `onProgress`
   * then and after each asset (every asset of the plan: waiting, running or done).
   */
  dispatch(task: Omit<RunJobTask, 'control'>, onStarted: (at: string) => void, onProgress?: (progress: JobProgress) => void): DispatchedTask;
  /** Hands a look (rows of an output, preview of an asset) to a worker; the caller holds a slot for it. */
  look(task: DistributiveOmit<LookTask, 'control'>): DispatchedLook;
  /**
   * Has `threads` threads (default every one) open their engine for `engine`, and run
   * `rehearsal` when given (one warm task per thread, each thread taking one as it takes one job
   * at a time); resolves when all answered, never rejects.
   */
  warm(engine: WorkerEngineConfig, rehearsal?: Rehearsal, threads?: number): Promise<void>;
  /** Waits for running tasks, then stops the threads (call only once nothing runs in DuckDB). */
  close(): Promise<void>;
  /** Threads alive now. */
  readonly threads: number;
}

/** Starts a pool of `size` job workers. */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const piscina = new Piscina<WorkerTask, WorkerReply>({
    filename: options.workerFile,
    minThreads: options.size,
    maxThreads: options.size,
    idleTimeout: Number.POSITIVE_INFINITY,
    // The service keeps its own bounded queue and dispatches at most `size` tasks.
    maxQueue: Number.POSITIVE_INFINITY,
    concurrentTasksPerWorker: 1,
    // Workers wait for tasks on their event loop, so nothing a task left behind is frozen.
    atomics: 'disabled',
    ...(options.resourceLimits === undefined ? {} : { resourceLimits: options.resourceLimits }),
  });
  // An 'error' event without a listener would throw and take the whole process down.
  piscina.on('error', (error: unknown) => options.onWorkerError?.(toError(error)));

  return {
    size: options.size,
    dispatch(task, onStarted, onProgress) {
      const tracker = createStepTracker(task.plan.steps.map((step) => step.ref));
      const controlled = runControlled<WorkerReply>(piscina, task, (event) => {
        if (event.type === 'started') {
          onStarted(event.at);
          onProgress?.(tracker.started(event.at));
        } else onProgress?.(tracker.stepDone(event));
      });
      const { state } = controlled;
      return {
        done: controlled.done,
        cancel: controlled.cancel,
        withdraw: () => withdrawBeforeStart(state),
        get claimed() {
          return isClaimed(state);
        },
      };
    },
    look(task) {
      // The pool's task type is the union of every task; a look's reply is a LookReply.
      const { done, cancel } = runControlled<LookReply>(piscina, task);
      return { done, cancel };
    },
    async warm(engine, rehearsal, threads = options.size) {
      const task: WarmTask = { type: 'warm', engine, ...(rehearsal === undefined ? {} : { rehearsal }) };
      const tasks = Array.from({ length: threads }, () => piscina.run(task).catch(() => undefined));
      await Promise.all(tasks);
    },
    close: () => piscina.close(),
    get threads() {
      return piscina.threads.length;
    },
  };
}

/**
 * Runs `task` on the pool with its control channel (a port for cancel and the worker's events, and
 * the shared state both sides claim): the settlement never rejects, and `cancel` claims the task
 * before it starts or signals the running worker.
 */
function runControlled<Reply>(
  piscina: Piscina<WorkerTask, WorkerReply>,
  task: DistributiveOmit<WorkerTask, 'control'>,
  onEvent?: (event: WorkerEvent) => void,
): { readonly state: Int32Array; readonly done: Promise<Settlement<Reply>>; cancel(): CancelClaim } {
  const { port1, port2 } = new MessageChannel();
  const state = createTaskState();
  if (onEvent !== undefined) port1.on('message', onEvent);
  const sent = { ...task, control: { port: port2, state } } as WorkerTask;
  const reply = piscina.run(sent, { transferList: [port2] }) as Promise<unknown> as Promise<Reply>;
  const done = reply
    .then(
      (r): Settlement<Reply> => ({ kind: 'reply', reply: r }),
      (error: unknown): Settlement<Reply> => ({ kind: 'crashed', reason: toError(error).message }),
    )
    .finally(() => port1.close());
  return {
    state,
    done,
    cancel() {
      const claim = claimCancel(state);
      if (claim === 'running') port1.postMessage({ type: 'cancel' } satisfies ControlMessage);
      return claim;
    },
  };
}

/** `Omit` over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
