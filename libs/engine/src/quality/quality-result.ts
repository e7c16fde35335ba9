/** What a quality check reports (spec 17.4, reduced to what a client acts on). */

/**
 * Outcome of one check: `pass`, or for a check that does not hold, what its severity made of it:
 * `fail` (severity error: the job fails), `warn` (severity warn) or `info` (severity info, recorded only).
 */
export type QualityStatus = 'pass' | 'fail' | 'warn' | 'info';

/** One check's result. */
export interface QualityResult {
  /** The suite's name; for an assertion step, the asset's name. */
  readonly suite: string;
  /** The check, as `<type>(<what>)`: `completeness(email)`, `volume rowCount`, `not_null(id)`. */
  readonly check: string;
  readonly status: QualityStatus;
  /** The severity the check ran with (after escalation). */
  readonly severity: 'error' | 'warn' | 'info';
  /** The measured value (a fraction, a statistic, a count, an age in seconds); null when there was nothing to measure. */
  readonly observed: number | null;
  /** What the check requires, in words (`>= 0.95`, `between 50 and 500`). */
  readonly expected: string;
  /** One sentence: what was measured against what. */
  readonly message: string;
}

/** The severity a failed check of `severity` reports as status. */
export function statusOf(severity: 'error' | 'warn' | 'info'): QualityStatus {
  return severity === 'error' ? 'fail' : severity;
}

/** A number as messages print it: integers as they are, others to at most 6 significant digits. */
export function formatNumber(n: number | null): string {
  if (n === null) return 'NULL';
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toPrecision(6)));
}
