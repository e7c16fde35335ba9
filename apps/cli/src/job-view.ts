/**
 * One shape for a job, local or remote: the HTTP API's job object (snake_case, timestamps once
 * they exist, `error` when failed, `outputs` when completed). A local job record is rendered into
 * it; a server's answer already has it.
 */
import { isTerminalStatus, jobQualityJson, type JobRecord, type JobStatus, type QualityResultJson } from '@pipeline/jobs';

/** One output a completed job wrote. */
export interface OutputView {
  readonly asset: string;
  readonly path: string;
  readonly rows_written: number;
}

/** One quality check's result, as the HTTP API's `quality` entries have it (the jobs library renders both). */
export type QualityView = QualityResultJson;

/** A job as the tool shows it (and prints with `--json`). */
export interface JobView {
  readonly id: string;
  readonly status: JobStatus;
  readonly created_at: string;
  readonly started_at?: string;
  readonly completed_at?: string;
  readonly duration_ms?: number;
  readonly error?: string;
  readonly outputs?: readonly OutputView[];
  /** The quality checks it ran (completed, or failed by a check); absent when none ran. */
  readonly quality?: readonly QualityView[];
  /** While it runs, once its first asset is done. */
  readonly progress?: { readonly assets_done: number; readonly assets_total: number; readonly rows_written: number };
}

/** A local job record in the API's shape. */
export function viewOfRecord(job: JobRecord): JobView {
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
    ...(job.status === 'running' && job.progress !== undefined
      ? { progress: { assets_done: job.progress.assetsDone, assets_total: job.progress.assetsTotal, rows_written: job.progress.rowsWritten } }
      : {}),
  };
}

/** True when an error-severity check failed (such a job fails; a server's answer is not trusted to say so). */
export function qualityFailed(job: JobView): boolean {
  return (job.quality ?? []).some((q) => q.status === 'fail');
}

/** True once the job will not change again. */
export function isFinished(job: JobView): boolean {
  return isTerminalStatus(job.status);
}

/** Rows written by every output of the job (0 until it completed). */
export function rowsWritten(job: JobView): number {
  if (job.status === 'running') return job.progress?.rows_written ?? 0;
  return (job.outputs ?? []).reduce((sum, o) => sum + o.rows_written, 0);
}

/** One quality result as one line: `suite: check: message` (the message names what was measured and expected). */
export function qualityLine(q: QualityView): string {
  const said = q.message !== '' ? q.message : `observed ${q.observed_value ?? 'nothing'}, expected ${q.expected}`;
  return `${q.suite}: ${q.check}: ${said}`;
}

/** The job as `key  value` lines (`jobs get`, `jobs wait`); a quality row's value starts with its status. */
export function jobLines(job: JobView): string[][] {
  const rows: string[][] = [
    ['id', job.id],
    ['status', job.status],
    ['created_at', job.created_at],
  ];
  if (job.started_at !== undefined) rows.push(['started_at', job.started_at]);
  if (job.completed_at !== undefined) rows.push(['completed_at', job.completed_at]);
  if (job.duration_ms !== undefined) rows.push(['duration_ms', String(job.duration_ms)]);
  if (job.error !== undefined) rows.push(['error', job.error]);
  for (const output of job.outputs ?? []) rows.push(['output', `${output.asset} -> ${output.path} (${output.rows_written} rows)`]);
  for (const q of job.quality ?? []) rows.push(['quality', `${q.status.padEnd(4)}  ${qualityLine(q)}`]);
  return rows;
}
