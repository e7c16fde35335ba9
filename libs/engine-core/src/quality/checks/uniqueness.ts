/** Uniqueness checks: distinct keys over the rows with a whole key (1 with none). */
import type { CheckPlanner } from '../check-planner';
import { formatNumber } from '../quality-result';

/** Plans `type: uniqueness`. */
export const planUniqueness: CheckPlanner<'uniqueness'> = (check, { where, resolve, key, fraction }) => {
  const named = check.columns.map((name, i) => resolve(`${where}: columns[${i}]`, name).name);
  const k = key(named);
  return (m) => {
    const counts = m.keys[k] ?? { keyedRows: 0, distinct: 0, duplicateRows: 0 };
    const observed = counts.keyedRows === 0 ? 1 : counts.distinct / counts.keyedRows;
    const what = `${formatNumber(counts.distinct)} distinct keys in ${formatNumber(counts.keyedRows)} rows, uniqueness`;
    // A row fails when another row has its key; a key of one column names that column.
    return [fraction(`uniqueness(${named.join(', ')})`, observed, check.threshold, what, { rows: counts.duplicateRows, of: counts.keyedRows }, named.length === 1 ? named[0] : undefined)];
  };
};
