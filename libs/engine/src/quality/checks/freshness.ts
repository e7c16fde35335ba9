/** Freshness checks: the age in seconds of the latest value of a timestamp or date column when the suite runs. */
import { call, column } from '../../check/binders/built-expr';
import { typeError } from '../../errors';
import type { CheckPlanner } from '../check-planner';
import { formatNumber } from '../quality-result';

/** Plans `type: freshness`. */
export const planFreshness: CheckPlanner<'freshness'> = (check, { asset, where, resolve, aggregate, result }) => {
  const c = resolve(`${where}: column`, check.column);
  if (c.type !== 'timestamp' && c.type !== 'date') {
    throw typeError(asset, `${where}: column`, `"${c.name}" is ${c.type}; freshness needs a timestamp or date column`);
  }
  const latest = aggregate(call('max', [column(c.name)]), where);
  const maxSeconds = check.maxAgeMs / 1000;
  return (m, nowMs) => {
    const value = m.aggregates[latest] ?? null;
    // Dates count from the start of their day; timestamps are microseconds (UTC).
    const latestMs = value === null ? null : c.type === 'date' ? value * 86_400_000 : value / 1000;
    const age = latestMs === null ? null : Math.max(0, Math.round((nowMs - latestMs) / 1000));
    const expected = `<= ${formatNumber(maxSeconds)} s (${check.maxAge})`;
    const said = age === null ? `"${c.name}" has no values` : `latest "${c.name}" is ${formatNumber(age)} s old`;
    return [result(`freshness(${c.name})`, age, expected, age !== null && age <= maxSeconds, `${said}, expected at most ${check.maxAge}`)];
  };
};
