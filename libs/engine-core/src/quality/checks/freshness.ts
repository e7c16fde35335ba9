/** Freshness checks: the age in seconds of the latest value of a timestamp or date column when the suite runs. */
import { call, column } from '../../bind/binders/built-expr';
import { typeError } from '../../errors';
import type { CheckPlanner } from '../check-planner';
import { formatNumber } from '../quality-result';

/** Plans `type: freshness`; older than the `escalate` age (or without values), it reports with the escalated severity. */
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
    // No values at all is as stale as can be: it escalates too.
    const escalated = check.escalate !== undefined && (age === null || age > check.escalate.maxAgeMs / 1000);
    const severity = escalated && check.escalate !== undefined ? check.escalate.severity : check.severity;
    return [result({ name: `freshness(${c.name})`, observed: age, expected, holds: age !== null && age <= maxSeconds, message: `${said}, expected at most ${check.maxAge}`, severity, column: c.name })];
  };
};
