/** Volume checks: the row count and the column count within their bounds, one result each. */
import type { QualityResult } from '../quality-result';
import type { CheckPlanner } from '../check-planner';
import { formatNumber } from '../quality-result';
import { boundText, within } from './measured-values';

/** Plans `type: volume`: the row count is always measured. */
export const planVolume: CheckPlanner<'volume'> = (check, { columns, result }) => (m) => {
  const out: QualityResult[] = [];
  if (check.rowCount !== undefined) {
    const b = check.rowCount;
    out.push(result('volume rowCount', m.rows, boundText(b), within(m.rows, b), `${formatNumber(m.rows)} rows, expected ${boundText(b)}`));
  }
  if (check.columnCount !== undefined) {
    const b = check.columnCount;
    const n = columns.length;
    out.push(result('volume columnCount', n, boundText(b), within(n, b), `${n} columns, expected ${boundText(b)}`));
  }
  return out;
};
