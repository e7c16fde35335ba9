/**
 * The HTTP job object: snake_case fields, timestamps only once they exist, `error` only for a
 * failed job (decisions, section 4), `outputs` (what it wrote) only for a completed one, `quality`
 * (check results) only for a job that ran quality checks, `progress` only while it runs.
 */
import { jobQualityResults, type JobRecord } from '@pipeline/jobs';

/** A job as `GET /api/jobs/{id}` answers it. */
export interface JobJson {
  readonly id: string;
  readonly status: string;
  readonly created_at: string;
  readonly started_at?: string;
  readonly completed_at?: string;
  readonly duration_ms?: number;
  readonly error?: string;
  readonly outputs?: readonly JobOutputJson[];
  readonly quality?: readonly JobQualityJson[];
  readonly progress?: JobProgressJson;
}

/** How far a running job has got (present only while it runs, once its first asset is done). */
export interface JobProgressJson {
  readonly assets_done: number;
  readonly assets_total: number;
  /** Rows its outputs have staged so far; they are placed when the whole plan succeeds. */
  readonly rows_written: number;
}

/** One quality check's result, on a job that ran checks (completed, or failed by a check). */
export interface JobQualityJson {
  /** The quality suite; for an assertion step, its asset. */
  readonly suite: string;
  /** `completeness(email)`, `volume rowCount`, `not_null(id)`. */
  readonly check: string;
  /** pass, fail (severity error: the job failed), warn or info. */
  readonly status: string;
  readonly severity: string;
  /** The measured value; null when there was nothing to measure. */
  readonly observed_value: number | null;
  readonly expected: string;
  readonly message: string;
}

/** One output a completed job wrote. */
export interface JobOutputJson {
  /** The output asset. */
  readonly asset: string;
  /** The file, relative to the data root, as the pipeline names it. */
  readonly path: string;
  /** Rows the output added (0 when mode ignore found the file already there). */
  readonly rows_written: number;
}

/** Renders a job record for the wire. */
export function toJobJson(job: JobRecord): JobJson {
  return {
    id: job.id,
    status: job.status,
    created_at: job.createdAt,
    ...(job.startedAt === undefined ? {} : { started_at: job.startedAt }),
    ...(job.completedAt === undefined ? {} : { completed_at: job.completedAt }),
    ...(job.durationMs === undefined ? {} : { duration_ms: job.durationMs }),
    ...(job.status === 'failed' ? { error: job.error ?? '' } : {}),
    ...(job.status === 'completed'
      ? { outputs: (job.outcome?.outputs ?? []).map((o) => ({ asset: o.ref, path: o.path, rows_written: o.rowsWritten })) }
      : {}),
    ...qualityJson(job),
    ...(job.status === 'running' && job.progress !== undefined
      ? { progress: { assets_done: job.progress.assetsDone, assets_total: job.progress.assetsTotal, rows_written: job.progress.rowsWritten } }
      : {}),
  };
}

/** `quality`, present only when the job ran quality checks. */
function qualityJson(job: JobRecord): { quality?: JobQualityJson[] } {
  const results = job.status === 'completed' || job.status === 'failed' ? jobQualityResults(job) : [];
  if (results.length === 0) return {};
  return {
    quality: results.map((q) => ({
      suite: q.suite,
      check: q.check,
      status: q.status,
      severity: q.severity,
      observed_value: q.observed,
      expected: q.expected,
      message: q.message,
    })),
  };
}
