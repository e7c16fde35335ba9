/**
 * The HTTP job object: snake_case fields, timestamps only once they exist, `error` only for a
 * failed job (decisions, section 4), `outputs` (what it wrote) only for a completed one, `quality`
 * (check results) only for a job that ran quality checks, `steps` (each asset: state, start,
 * time, rows) while it runs on the replica answering and once it has completed.
 */
import { jobQualityJson, type JobRecord, type QualityResultJson } from '@pipeline/jobs';

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
  readonly steps?: readonly JobStepJson[];
}

/** One asset of a job's plan: where it is, when it began, how long it took, an output's rows. */
export interface JobStepJson {
  readonly asset: string;
  /** waiting, running or done. */
  readonly state: string;
  /** When it began running (known while the job runs on the replica answering). */
  readonly started_at?: string;
  /** How long it took, once done. */
  readonly ms?: number;
  /** For an output once done: the rows it wrote (staged while the job runs). */
  readonly rows?: number;
}

/**
 * `GET /api/jobs/{id}/progress`: the job's status and, while it runs (once its first asset is
 * done, on the replica running it), how far it has got. Kept off the job object, whose fields are
 * the contract's.
 */
export interface JobProgressJson {
  readonly status: string;
  readonly assets_done?: number;
  readonly assets_total?: number;
  /** Rows its outputs have staged so far; they are placed when the whole plan succeeds. */
  readonly rows_written?: number;
}

/** Renders a job record's progress answer. */
export function toJobProgressJson(job: JobRecord): JobProgressJson {
  const progress = job.status === 'running' ? job.progress : undefined;
  return {
    status: job.status,
    ...(progress === undefined ? {} : { assets_done: progress.assetsDone, assets_total: progress.assetsTotal, rows_written: progress.rowsWritten }),
  };
}


/** One quality check's result, on a job that ran checks (completed, or failed by a check): spec 17.4's model. */
export type JobQualityJson = QualityResultJson;

/** One output a completed job wrote. */
export interface JobOutputJson {
  /** The output asset. */
  readonly asset: string;
  /** The file, relative to the data root, as the pipeline names it. */
  readonly path: string;
  /** Rows the output added (0 when mode ignore found the file already there). */
  readonly rows_written: number;
}

/** Renders a job record for the wire; `steps: false` leaves the steps out (the list). */
export function toJobJson(job: JobRecord, options: { readonly steps?: boolean } = {}): JobJson {
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
    ...jobQualityJson(job),
    ...(options.steps === false ? {} : stepsJson(job)),
  };
}

/** `steps`: live from the running job's progress, or the completed job's step timings. */
function stepsJson(job: JobRecord): { steps?: JobStepJson[] } {
  if (job.status === 'running' && job.progress !== undefined) {
    return {
      steps: job.progress.steps.map((s) => ({
        asset: s.ref,
        state: s.state,
        ...(s.startedAt === undefined ? {} : { started_at: s.startedAt }),
        ...(s.ms === undefined ? {} : { ms: s.ms }),
        ...(s.rows === undefined ? {} : { rows: s.rows }),
      })),
    };
  }
  if (job.status !== 'completed' || job.outcome === undefined || job.outcome.steps.length === 0) return {};
  const rows = new Map(job.outcome.outputs.map((o) => [o.ref, o.rowsWritten]));
  return {
    steps: job.outcome.steps.map((s) => {
      const written = rows.get(s.ref);
      return { asset: s.ref, state: 'done', ms: s.ms, ...(written === undefined ? {} : { rows: written }) };
    }),
  };
}
