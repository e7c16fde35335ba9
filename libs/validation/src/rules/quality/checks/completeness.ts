/** Completeness checks (spec 17.3.2): the fraction of non-NULL values of a column. */
import type { QualityCheckRule } from '../check-rule';
import { THRESHOLD_ESCALATION } from '../escalations';

/** The rule of `type: completeness`. */
export const COMPLETENESS_RULE: QualityCheckRule<'completeness'> = {
  type: 'completeness',
  fields: ['column', 'threshold'],
  threshold: true,
  escalate: THRESHOLD_ESCALATION,
  read: ({ read, threshold, common }) => ({ type: 'completeness', column: read.column('column'), threshold, ...common }),
};
