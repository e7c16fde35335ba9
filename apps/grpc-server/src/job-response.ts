/**
 * Jobs as gRPC messages: empty strings and -1 stand for "not yet" only while a job is not
 * terminal; a job cancelled while queued has no start time and a duration of 0.
 */
import type { CancelJobResponse, JobResponse, JobStep, QualityResult } from './generated/pipeline/v1/pipeline';

/** The fields of a job record this mapping reads (the jobs library's JobRecord has them). */
export interface JobView {
  readonly id: string;
  readonly status: string;
  readonly error?: string;
  readonly createdAt: string;
  readonly startedAt?: string;
  readonly completedAt?: string;
  readonly durationMs?: number;
  /** What a completed job produced. */
  readonly outcome?: {
    readonly outputs: readonly { readonly ref: string; readonly path: string; readonly rowsWritten: number }[];
    readonly quality?: readonly QualityView[];
    readonly steps?: readonly { readonly ref: string; readonly ms: number }[];
  };
  /** While it runs (on this replica): every asset of its plan. */
  readonly progress?: {
    readonly steps: readonly { readonly ref: string; readonly state: string; readonly startedAt?: string; readonly ms?: number; readonly rows?: number }[];
  };
  /** For a job a failing quality check failed: the quality results up to it. */
  readonly quality?: readonly QualityView[];
}

/** One quality check's result as the jobs library records it (spec 17.4; the optional fields are absent on results stored before them). */
export interface QualityView {
  readonly suite: string;
  readonly check: string;
  readonly checkType?: string;
  readonly target?: string;
  readonly column?: string;
  readonly status: string;
  readonly severity: string;
  readonly observed: number | null;
  readonly expected: string;
  readonly failingRows?: number;
  readonly failingPercent?: number;
  readonly description?: string;
  readonly message: string;
  readonly timestamp?: string;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** A job record as a JobResponse; `steps: false` leaves the steps out (ListJobs). */
export function toJobResponse(job: JobView, options: { readonly steps?: boolean } = {}): JobResponse {
  const terminal = TERMINAL.has(job.status);
  return {
    id: job.id,
    status: job.status,
    error: job.status === 'failed' ? (job.error ?? '') : '',
    createdAt: job.createdAt,
    startedAt: job.startedAt ?? '',
    completedAt: terminal ? (job.completedAt ?? '') : '',
    durationMs: terminal ? (job.durationMs ?? 0) : -1,
    outputs:
      job.status === 'completed'
        ? (job.outcome?.outputs ?? []).map((o) => ({ asset: o.ref, path: o.path, rowsWritten: o.rowsWritten }))
        : [],
    quality:
      job.status === 'completed' || job.status === 'failed'
        ? (job.outcome?.quality ?? job.quality ?? []).map(toQualityResult)
        : [],
    steps: options.steps === false ? [] : stepsOf(job),
  };
}

/** One quality result as a QualityResult message. */
function toQualityResult(q: QualityView): QualityResult {
  return {
    suite: q.suite,
    check: q.check,
    checkType: q.checkType ?? '',
    target: q.target ?? '',
    ...(q.column === undefined ? {} : { column: q.column }),
    // Results stored before spec 17.4's statuses said `info` for an info check that did not hold.
    status: q.status === 'info' ? 'pass' : q.status,
    severity: q.severity,
    ...(q.observed === null ? {} : { observedValue: q.observed }),
    expected: q.expected,
    ...(q.failingRows === undefined ? {} : { failingRows: q.failingRows }),
    ...(q.failingPercent === undefined ? {} : { failingPercent: q.failingPercent }),
    ...(q.description === undefined ? {} : { description: q.description }),
    message: q.message,
    timestamp: q.timestamp ?? '',
  };
}

/** Each asset: live from a running job's progress, or a completed job's step timings. */
function stepsOf(job: JobView): JobStep[] {
  if (job.status === 'running') {
    return (job.progress?.steps ?? []).map((s) => ({
      asset: s.ref,
      state: s.state,
      startedAt: s.startedAt ?? '',
      ...(s.ms === undefined ? {} : { ms: s.ms }),
      ...(s.rows === undefined ? {} : { rows: s.rows }),
    }));
  }
  if (job.status !== 'completed') return [];
  const rows = new Map((job.outcome?.outputs ?? []).map((o) => [o.ref, o.rowsWritten]));
  return (job.outcome?.steps ?? []).map((s) => {
    const written = rows.get(s.ref);
    return { asset: s.ref, state: 'done', startedAt: '', ms: s.ms, ...(written === undefined ? {} : { rows: written }) };
  });
}

/** What a cancel request did, as the jobs library reports it. */
export type CancelOutcome = 'cancelled' | 'cancelling' | 'already_terminal';

/** A cancel outcome as a CancelJobResponse: `cancelled`, `cancelling` or the terminal status. */
export function toCancelResponse(outcome: CancelOutcome, job: JobView): CancelJobResponse {
  if (outcome === 'already_terminal') return { cancelled: false, status: job.status };
  return { cancelled: true, status: outcome };
}

/** Default WaitForJob timeout in seconds (used for 0). */
export const DEFAULT_WAIT_SECONDS = 300;
/** Longest WaitForJob timeout in seconds; larger values are capped. */
export const MAX_WAIT_SECONDS = 3600;

/** The wait in milliseconds for a `timeout_seconds` value: 0 means 300, capped at 3600. */
export function waitTimeoutMs(timeoutSeconds: number): number {
  const seconds = timeoutSeconds > 0 ? Math.min(timeoutSeconds, MAX_WAIT_SECONDS) : DEFAULT_WAIT_SECONDS;
  return seconds * 1000;
}
