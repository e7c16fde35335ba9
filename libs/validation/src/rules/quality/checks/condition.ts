/** Cross-column and custom checks (spec 17.3.9, 17.3.10): the fraction of rows meeting a condition. */
import type { ConditionCheck, ConditionCheckType } from '@pipeline/definition';
import type { CheckReading, QualityCheckRule } from '../check-rule';
import { THRESHOLD_ESCALATION } from '../escalations';
import { describeJson } from '../read-fields';

const FIELDS = ['condition', 'threshold'];

/** The rule of `type: crossColumn`. */
export const CROSS_COLUMN_RULE: QualityCheckRule<'crossColumn'> = {
  type: 'crossColumn',
  fields: FIELDS,
  threshold: true,
  escalate: THRESHOLD_ESCALATION,
  read: (r) => readCondition('crossColumn', r),
};

/** The rule of `type: custom`. */
export const CUSTOM_RULE: QualityCheckRule<'custom'> = {
  type: 'custom',
  fields: FIELDS,
  threshold: true,
  escalate: THRESHOLD_ESCALATION,
  read: (r) => readCondition('custom', r),
};

function readCondition<T extends ConditionCheckType>(type: T, { raw, invalid, condition, threshold, common }: CheckReading): ConditionCheck<T> {
  const text = raw['condition'];
  if (text === undefined) throw invalid('condition', 'is required');
  if (typeof text !== 'string') throw invalid('condition', `must be a string (got ${describeJson(text)})`);
  return { type, condition: condition(text, 'condition'), text, threshold, ...common };
}
