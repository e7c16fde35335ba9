/** Cross-column and custom checks: rows whose condition is true over all rows (1 with none). */
import type { ConditionCheck, ConditionCheckType } from '@pipeline/definition';
import { call, caseWhen, literal } from '../../bind/binders/built-expr';
import { typeError } from '../../errors';
import type { CheckPlanning, Judge } from '../check-planner';
import { formatNumber } from '../quality-result';

/** Plans `type: crossColumn` and `type: custom`. */
export function planCondition<T extends ConditionCheckType>(check: ConditionCheck<T>, { asset, where, bindRow, aggregate, fraction }: CheckPlanning): Judge {
  const bound = bindRow(check.condition, `${where}: condition`);
  if (bound.type !== 'boolean' && bound.type !== 'null') throw typeError(asset, `${where}: condition`, `must be a condition (got a value of type ${bound.type})`);
  // A row whose condition is NULL does not satisfy it.
  const passing = aggregate(call('count', [caseWhen([{ when: check.condition, then: literal(1) }])]), `${where}: condition`);
  return (m) => {
    const ok = m.aggregates[passing] ?? 0;
    const observed = m.rows === 0 ? 1 : ok / m.rows;
    const what = `${formatNumber(ok)} of ${formatNumber(m.rows)} rows satisfy the condition, fraction`;
    return [fraction(`${check.type}(${check.text.trim()})`, observed, check.threshold, what, { rows: m.rows - ok, of: m.rows })];
  };
}
