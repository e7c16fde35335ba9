/** Completeness checks: non-NULL values of the column over the rows (1 with no rows). */
import { call, column } from '../../bind/binders/built-expr';
import type { CheckPlanner } from '../check-planner';
import { formatNumber } from '../quality-result';

/** Plans `type: completeness`. */
export const planCompleteness: CheckPlanner<'completeness'> = (check, { where, resolve, aggregate, fraction }) => {
  const c = resolve(`${where}: column`, check.column);
  const count = aggregate(call('count', [column(c.name)]), where);
  return (m) => {
    const present = m.aggregates[count] ?? 0;
    const observed = m.rows === 0 ? 1 : present / m.rows;
    const what = `${formatNumber(present)} of ${formatNumber(m.rows)} values of "${c.name}" are not NULL, completeness`;
    return [fraction(`completeness(${c.name})`, observed, check.threshold, what, { rows: m.rows - present, of: m.rows }, c.name)];
  };
};
