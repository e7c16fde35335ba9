/**
 * What a job is: its status, the request it was submitted with, and what running it produced.
 */
import type { RunLineage } from '@pipeline/engine';

/** Every job status, in lifecycle order. */
export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

/** A job's status. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The statuses a job never leaves. */
export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'cancelled'];

/** True when a job in `status` will never change again. */
export function isTerminalStatus(status: JobStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** What a client submitted: the pipeline text, its variables and the backend to run it on. */
export interface JobRequest {
  readonly yaml: string;
  readonly variables?: Readonly<Record<string, string>>;
  /** `duckdb` (default when absent or empty) or `danfo`. */
  readonly backend?: string;
}

/** Rows written by one output asset (`skipped` when mode `ignore` found the file present). */
export interface JobOutputResult {
  readonly ref: string;
  readonly path: string;
  readonly rowsWritten: number;
  readonly skipped: boolean;
}

/** How long one asset took to run. */
export interface JobStepTiming {
  readonly ref: string;
  readonly ms: number;
}

/**
 * One quality check's result (a suite's check, or an assertion step's rule), as the engine reports
 * it (spec 17.4). `checkType`, `target` and `timestamp` are absent only on results stored before
 * they were recorded, which also report a failed `info` check as status `info`.
 */
export interface JobQualityResult {
  readonly suite: string;
  readonly check: string;
  readonly checkType?: string;
  readonly target?: string;
  readonly column?: string;
  /** pass, warn, fail (error severity) or error. */
  readonly status: string;
  readonly severity: string;
  /** The measured value; null when there was nothing to measure. */
  readonly observed: number | null;
  readonly expected: string;
  readonly failingRows?: number;
  readonly failingPercent?: number;
  readonly description?: string;
  readonly message: string;
  readonly timestamp?: string;
}

/** What a completed job produced. */
export interface JobOutcome {
  readonly outputs: readonly JobOutputResult[];
  readonly steps: readonly JobStepTiming[];
  /** Results of the quality checks it ran, in the order they ran; absent when none ran. */
  readonly quality?: readonly JobQualityResult[];
  /** The columns it read and wrote and what each output column derives from (spec 18.9); absent on jobs stored before it was recorded. */
  readonly lineage?: RunLineage;
}

/** One job as stored: immutable; every state change produces a new record. */
export interface JobRecord {
  /** UUID v4. */
  readonly id: string;
  readonly status: JobStatus;
  /** The error message, set only when the job failed. */
  readonly error?: string;
  /** The stable code of the error (an engine `E_...` code or a jobs `JOB_...` code), set with `error`. */
  readonly errorCode?: string;
  /** UTC ISO 8601 with milliseconds. */
  readonly createdAt: string;
  /** Absent until the job runs; a job cancelled while queued never gets one. */
  readonly startedAt?: string;
  /** Set once the job is terminal. */
  readonly completedAt?: string;
  /** completedAt - startedAt once terminal; 0 for a job cancelled while queued. */
  readonly durationMs?: number;
  readonly request: JobRequest;
  /** Set when the job completed. */
  readonly outcome?: JobOutcome;
  /** Set when the job failed on a quality check: every quality result up to the failure. */
  readonly quality?: readonly JobQualityResult[];
  /** While the job runs: how far its plan has got (reported by the worker after each asset). */
  readonly progress?: JobProgress;
}

/** How far a running job has got. */
export interface JobProgress {
  readonly assetsDone: number;
  readonly assetsTotal: number;
  /** Rows its outputs have staged so far (placed when the whole plan succeeds). */
  readonly rowsWritten: number;
  /** Every asset of the plan, in plan order. */
  readonly steps: readonly JobStepProgress[];
}

/** Where one asset of a running job is. */
export interface JobStepProgress {
  readonly ref: string;
  readonly state: 'waiting' | 'running' | 'done';
  /** When it began running (UTC ISO 8601); absent while waiting. */
  readonly startedAt?: string;
  /** How long it took, once done. */
  readonly ms?: number;
  /** For an output once done: the rows it staged. */
  readonly rows?: number;
}

/** The quality results of a job: its outcome's when it completed, those up to the failure when a check failed it. */
export function jobQualityResults(job: JobRecord): readonly JobQualityResult[] {
  return job.outcome?.quality ?? job.quality ?? [];
}
