/**
 * What crosses between the main thread and a job worker, on the workspace's one worker protocol
 * (`@pipeline/workers`): a Piscina task per job whose answer is a `Reply`, and a control port
 * carrying `CancelMessage` one way and the 'started' event the other. Everything here is
 * structured-clone data (the plan's expression trees included); errors cross as `WireError` data.
 */
import type { MessagePort } from 'node:worker_threads';
import type { RowsResult, WrittenOutput } from '@pipeline/engine';
import type { Plan } from '@pipeline/planner';
import type { CancelMessage, Reply } from '@pipeline/workers';
import type { JobOutcome } from '../job';

/** Engine settings a worker runs a job with. */
export interface WorkerEngineConfig {
  /** Absolute data root every input and output path resolves inside. */
  readonly dataRoot: string;
  readonly duckdb?: { readonly threads?: number; readonly memoryLimit?: string; readonly tempDirectory?: string };
  /** The spark backend's Spark Connect server and data root as the cluster sees it. */
  readonly spark?: { readonly remote: string; readonly dataRoot?: string };
}

/** How a test asks a worker to die for real (never reachable from a request, a test pool sets it, see `JobServiceSeams`). */
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
  /** The worker's log level for this job (`silent`: no lines) and the request that submitted it. */
  readonly log?: { readonly level: string; readonly requestId?: string };
}

/**
 * Open the thread's engine for `engine` now (DuckDB database, first connection), and run the
 * rehearsal if there is one, so the first job on this worker does not wait for either. Answered
 * `ok` (value undefined) whether or not it opened: what fails here fails the first job again,
 * with its error.
 */
export interface WarmTask {
  readonly type: 'warm';
  readonly engine: WorkerEngineConfig;
  /** A job to run once on a throwaway database over a folder of the service's own, never the data root. */
  readonly rehearsal?: Rehearsal;
}

/**
 * A small job run at start-up so that a thread's first real job does not pay for compiling the
 * engine's code paths: its plan, and the folder (inside the service's temp area) it reads and writes.
 */
export interface Rehearsal {
  readonly plan: Plan;
  readonly dataRoot: string;
}

/** Read back the first rows of an output a completed job wrote (the rows endpoint). */
export interface RowsTask {
  readonly type: 'rows';
  readonly backend: string;
  readonly engine: WorkerEngineConfig;
  readonly output: WrittenOutput;
  readonly limit: number;
  readonly control: TaskControl;
}

/** Compute one asset of a plan from its upstream assets and return its first rows, writing nothing (preview). */
export interface PreviewTask {
  readonly type: 'preview';
  readonly backend: string;
  readonly engine: WorkerEngineConfig;
  readonly plan: Plan;
  readonly asset: string;
  readonly limit: number;
  readonly control: TaskControl;
}

/** A task that looks at data and keeps nothing: it is no job and has no record. */
export type LookTask = RowsTask | PreviewTask;

/** The answer to a look: the rows, or why there are none (`E_CANCELLED` when cancelled). */
export type LookReply = Reply<RowsResult>;

/** Every task a worker accepts. */
export type WorkerTask = RunJobTask | WarmTask | LookTask;

/** Main -> worker over the control port. */
export type ControlMessage = CancelMessage;

/** Worker -> main over the control port. */
export type WorkerEvent =
  | { readonly type: 'started'; readonly at: string }
  | {
      readonly type: 'progress';
      readonly assetsDone: number;
      readonly assetsTotal: number;
      /** Rows every output of the job staged so far. */
      readonly rowsWritten: number;
      /** The asset just done, its time in ms and, for an output, the rows it staged. */
      readonly ref: string;
      readonly ms: number;
      readonly rows?: number;
      /** When it was done (UTC ISO 8601). */
      readonly at: string;
    };

/**
 * The answer to one task (a worker never rejects a task on purpose): the job's outcome, or why it
 * did not complete (an engine error, a cancellation `JOB_CANCELLED`, a worker bug). `startedAt`
 * is absent when the job was cancelled before it started; `log` holds the worker's log lines
 * about the job (JSON), which the main thread writes to its own log.
 */
export type WorkerReply = Reply<JobOutcome, { readonly startedAt?: string; readonly log?: readonly string[] }>;

/** A reply that is an error. */
export type ErrorReply = Extract<WorkerReply, { readonly type: 'error' }>;
