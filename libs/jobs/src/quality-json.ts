/**
 * Quality results as the HTTP API and the CLI show them (spec 17.4's field names, snake_case):
 * one view for both, so a job's `quality` reads the same wherever it is printed.
 */
import { type JobQualityResult, type JobRecord, jobQualityResults } from './job';

/** One quality check's result on the wire. */
export interface QualityResultJson {
  /** The quality suite; for an assertion step, its asset. */
  readonly suite: string;
  /** `completeness(email)`, `volume rowCount`, `not_null(id)`. */
  readonly check: string;
  /** The check type (`completeness`); for an assertion or schemaEnforce step, the step's kind. */
  readonly check_type: string;
  /** The asset checked. */
  readonly target: string;
  /** The column checked, for checks of one column. */
  readonly column?: string;
  /** pass, warn, fail (severity error: the job failed) or error; an `info` check passes. */
  readonly status: string;
  readonly severity: string;
  /** The measured value; null when there was nothing to measure. */
  readonly observed_value: number | null;
  readonly expected: string;
  /** Row-level checks: rows (or values) failing, and their share of those checked in percent. */
  readonly failing_rows?: number;
  readonly failing_percent?: number;
  readonly description?: string;
  readonly message: string;
  /** When the check ran, UTC ISO 8601. `check_type`, `target` and this are empty on results stored before they were recorded. */
  readonly timestamp: string;
}

/** One result as JSON. */
export function qualityResultJson(q: JobQualityResult): QualityResultJson {
  return {
    suite: q.suite,
    check: q.check,
    check_type: q.checkType ?? '',
    target: q.target ?? '',
    ...(q.column === undefined ? {} : { column: q.column }),
    // Results stored before spec 17.4's statuses said `info` for an info check that did not hold.
    status: q.status === 'info' ? 'pass' : q.status,
    severity: q.severity,
    observed_value: q.observed,
    expected: q.expected,
    ...(q.failingRows === undefined ? {} : { failing_rows: q.failingRows }),
    ...(q.failingPercent === undefined ? {} : { failing_percent: q.failingPercent }),
    ...(q.description === undefined ? {} : { description: q.description }),
    message: q.message,
    timestamp: q.timestamp ?? '',
  };
}

/** `quality` of a job, present only when it finished (completed, or failed by a check) having run checks. */
export function jobQualityJson(job: JobRecord): { quality?: QualityResultJson[] } {
  const results = job.status === 'completed' || job.status === 'failed' ? jobQualityResults(job) : [];
  return results.length === 0 ? {} : { quality: results.map(qualityResultJson) };
}
