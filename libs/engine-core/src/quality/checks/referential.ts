/** Referential checks: non-NULL values of the column found in a column of another asset (1 with none). */
import { typeError } from '../../errors';
import type { CheckPlanner } from '../check-planner';
import { formatNumber } from '../quality-result';
import { family } from './measured-values';

/** Plans `type: referential`: the two columns must be comparable. */
export const planReferential: CheckPlanner<'referential'> = (check, { asset, where, resolve, columnsOf, reference, fraction }) => {
  const c = resolve(`${where}: column`, check.column);
  const other = resolve(`${where}: reference.column`, check.reference.column, columnsOf(check.reference.asset), check.reference.asset);
  if (family(c.type) !== family(other.type)) {
    throw typeError(asset, `${where}: reference.column`, `"${c.name}" is ${c.type} but "${check.reference.asset}"."${other.name}" is ${other.type}; they cannot be compared`);
  }
  const r = reference({ column: c.name, asset: check.reference.asset, referenceColumn: other.name });
  return (m) => {
    const { checked, missing } = m.references[r] ?? { checked: 0, missing: 0 };
    const observed = checked === 0 ? 1 : (checked - missing) / checked;
    const name = `referential(${c.name} -> ${check.reference.asset}.${other.name})`;
    const what = `${formatNumber(missing)} of ${formatNumber(checked)} non-NULL values of "${c.name}" are not in ${check.reference.asset}.${other.name}, integrity`;
    return [fraction(name, observed, check.threshold, what, { rows: missing, of: checked }, c.name)];
  };
};
