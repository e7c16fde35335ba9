/**
 * The worker protocol: every message that crosses between the main thread and a job worker, as
 * closed unions. Everything here is structured-clone data (the plan's expression trees included);
 * errors cross as plain `{code, message, details}` and are rebuilt on the main thread.
 */
import type { MessagePort } from 'node:worker_threads';
import type { Plan } from '@pipeline/planner';
import type { JobOutcome } from '../job';

/** Engine settings a worker runs a job with. */
export interface WorkerEngineConfig {
  /** Absolute data root every input and output path resolves inside. */
  readonly dataRoot: string;
  readonly duckdb?: { readonly threads?: number; readonly memoryLimit?: string };
}

/** How a test asks a worker to die for real (never reachable from a request, see `JobServiceOptions.testHooks`). */
export type WorkerCrashMode = 'exit' | 'uncaught' | 'oom';

/** The per-task control channel: a port for messages and a shared word for the start/cancel race. */
export interface TaskControl {
  /** Main -> worker: {@link ControlMessage}; worker -> main: {@link WorkerEvent}. */
  readonly port: MessagePort;
  /** One Int32 on a SharedArrayBuffer holding a {@link TaskState}. */
  readonly state: Int32Array;
}

/** Run one job's plan. */
export interface RunJobTask {
  readonly type: 'run';
  readonly jobId: string;
  readonly plan: Plan;
  readonly backend: string;
  readonly engine: WorkerEngineConfig;
  readonly control: TaskControl;
  readonly crash?: WorkerCrashMode;
}

/** Every task a worker accepts. */
export type WorkerTask = RunJobTask;

/** Main -> worker over the control port. */
export type ControlMessage = { readonly type: 'cancel' };

/** Worker -> main over the control port. */
export type WorkerEvent = { readonly type: 'started'; readonly at: string };

/** The job ran to the end. */
export interface OkReply {
  readonly type: 'ok';
  readonly startedAt: string;
  readonly outcome: JobOutcome;
}

/** The job did not complete: an engine error, a cancellation (`JOB_CANCELLED`), or a worker bug. */
export interface ErrorReply {
  readonly type: 'error';
  readonly code: string;
  readonly message: string;
  readonly details?: unknown;
  /** Absent when the job was cancelled before it started. */
  readonly startedAt?: string;
}

/** Every reply a worker task resolves with (a worker never rejects a task on purpose). */
export type WorkerReply = OkReply | ErrorReply;
