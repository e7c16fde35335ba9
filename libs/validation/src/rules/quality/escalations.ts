/**
 * Escalation rules (spec 17.6) shared by check types: below a second threshold for checks with a
 * threshold. An escalation must describe a larger violation than the check's own, so that a check
 * escalates only once it already fails.
 */
import type { QualityBound, ThresholdCheck } from '@pipeline/definition';
import type { EscalationReading } from './check-rule';

/** The escalation of a check with a threshold: `escalate.threshold`, at most the check's `threshold`. */
export const THRESHOLD_ESCALATION = {
  fields: ['threshold'],
  read({ read, invalid }: EscalationReading, check: ThresholdCheck): { threshold: number } {
    const at = read.fraction('threshold');
    if (at === undefined) throw invalid('threshold', 'is required');
    if (at > check.threshold) throw invalid('threshold', `must not be above threshold (${at} > ${check.threshold})`);
    return { threshold: at };
  },
} as const;

/** Whether `outer` contains `inner` (every value within `inner` is within `outer`). */
export function boundContains(outer: QualityBound, inner: QualityBound): boolean {
  const low = outer.min === undefined || (inner.min !== undefined && outer.min <= inner.min);
  const high = outer.max === undefined || (inner.max !== undefined && outer.max >= inner.max);
  return low && high;
}

/** A bound in words, for messages: `between 1 and 5`, `min 1`, `max 5`. */
export function describeBound(b: QualityBound): string {
  if (b.min !== undefined && b.max !== undefined) return `between ${b.min} and ${b.max}`;
  return b.min !== undefined ? `min ${b.min}` : `max ${b.max ?? ''}`;
}
