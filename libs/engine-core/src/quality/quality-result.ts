/** What a quality check reports: the check result model of spec 17.4. */

/**
 * Outcome of one check (spec 17.4): `pass`, or for a check that does not hold, what its severity
 * made of it: `fail` (severity error: the job fails) or `warn` (severity warn). A check of severity
 * `info` records its metric and passes. `error` is the spec's status for a check that could not be
 * evaluated; the engine never reports it, because such a check fails the job with an error naming it.
 */
export type QualityStatus = 'pass' | 'warn' | 'fail' | 'error';

/** One check's result. */
export interface QualityResult {
  /** The suite's name; for an assertion step, the asset's name. */
  readonly suite: string;
  /** The check, as `<type>(<what>)`: `completeness(email)`, `volume rowCount`, `not_null(id)`. */
  readonly check: string;
  /** The check type (`completeness`, `volume`); for an assertion or schemaEnforce step, the step's kind. */
  readonly checkType: string;
  /** The asset checked: the suite's target, or the step's asset. */
  readonly target: string;
  /** The column checked, for checks of one column. */
  readonly column?: string;
  readonly status: QualityStatus;
  /** The severity the check ran with (after escalation). */
  readonly severity: 'error' | 'warn' | 'info';
  /** The measured value (a fraction, a statistic, a count, an age in seconds); null when there was nothing to measure. */
  readonly observed: number | null;
  /** What the check requires, in words (`>= 0.95`, `between 50 and 500`). */
  readonly expected: string;
  /** For row-level checks: the rows (or values) that fail it, and their share of those checked, in percent. */
  readonly failingRows?: number;
  readonly failingPercent?: number;
  /** The check's description, when it has one. */
  readonly description?: string;
  /** One sentence: what was measured against what. */
  readonly message: string;
  /** When the check ran (its suite's or step's measurement): UTC ISO 8601. */
  readonly timestamp: string;
}

/** The status of a check of `severity` that does not hold: an `info` check only records, so it passes. */
export function statusOf(severity: 'error' | 'warn' | 'info'): QualityStatus {
  return severity === 'error' ? 'fail' : severity === 'warn' ? 'warn' : 'pass';
}

/** `failing` of `checked` as spec 17.4's failing rows and percent (0 when nothing was checked). */
export function failing(failingRows: number, checked: number): { failingRows: number; failingPercent: number } {
  return { failingRows, failingPercent: checked === 0 ? 0 : Number(((failingRows / checked) * 100).toPrecision(6)) };
}

/** A number as messages print it: integers as they are, others to at most 6 significant digits. */
export function formatNumber(n: number | null): string {
  if (n === null) return 'NULL';
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toPrecision(6)));
}
