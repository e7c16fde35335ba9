/** Completeness checks (spec 17.3.2): the fraction of non-NULL values of a column. */
import type { QualityCheckRule } from '../check-rule';

/** The rule of `type: completeness`. */
export const COMPLETENESS_RULE: QualityCheckRule<'completeness'> = {
  type: 'completeness',
  fields: ['column', 'threshold'],
  threshold: true,
  read: ({ read, threshold, common }) => ({ type: 'completeness', column: read.column('column'), threshold, ...common }),
};
