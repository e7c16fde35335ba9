/** Uniqueness checks (spec 17.3.3): distinct keys over rows with a whole key; `columns` may be one name. */
import type { QualityCheckRule } from '../check-rule';
import { THRESHOLD_ESCALATION } from '../escalations';

/** The rule of `type: uniqueness`. */
export const UNIQUENESS_RULE: QualityCheckRule<'uniqueness'> = {
  type: 'uniqueness',
  fields: ['columns', 'threshold'],
  threshold: true,
  escalate: THRESHOLD_ESCALATION,
  read({ raw, read, invalid, threshold, common }) {
    const columns = raw['columns'];
    const list = typeof columns === 'string' ? [columns] : read.names('columns');
    if (list === undefined) throw invalid('columns', 'is required');
    if (list.length === 0) throw invalid('columns', 'must not be empty');
    return { type: 'uniqueness', columns: list, threshold, ...common };
  },
};
