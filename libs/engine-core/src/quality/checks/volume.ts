/** Volume checks: the row count and the column count within their bounds, one result each. */
import type { QualityBound } from '@pipeline/definition';
import type { CheckOutcome, CheckPlanner } from '../check-planner';
import { formatNumber } from '../quality-result';
import { boundText, within } from './measured-values';

/** Plans `type: volume`: the row count is always measured; a count outside its `escalate` bound reports with the escalated severity. */
export const planVolume: CheckPlanner<'volume'> = (check, { columns, result }) => (m) => {
  const out: CheckOutcome[] = [];
  const judge = (field: 'rowCount' | 'columnCount', n: number, b: QualityBound, said: string): CheckOutcome => {
    const wider = check.escalate?.[field];
    const severity = check.escalate !== undefined && wider !== undefined && !within(n, wider) ? check.escalate.severity : check.severity;
    return result({ name: `volume ${field}`, observed: n, expected: boundText(b), holds: within(n, b), message: `${said}, expected ${boundText(b)}`, severity });
  };
  if (check.rowCount !== undefined) out.push(judge('rowCount', m.rows, check.rowCount, `${formatNumber(m.rows)} rows`));
  if (check.columnCount !== undefined) out.push(judge('columnCount', columns.length, check.columnCount, `${columns.length} columns`));
  return out;
};
