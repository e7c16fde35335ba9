/** Statistical checks: each statistic and quantile of a numeric column within its bound, one result each. */
import type { QualityBound } from '@pipeline/definition';
import { call, column, literal } from '../../bind/binders/built-expr';
import { typeError } from '../../errors';
import { isNumeric } from '../../types/data-type';
import type { CheckPlanner } from '../check-planner';
import { formatNumber } from '../quality-result';
import { boundText, within } from './measured-values';

/** The aggregate function of each statistic (stdev is the sample's). */
const STATISTIC_FUNCTIONS = { mean: 'avg', min: 'min', max: 'max', sum: 'sum', stdev: 'stddev_samp' } as const;

/** Plans `type: statistical`. */
export const planStatistical: CheckPlanner<'statistical'> = (check, { asset, where, resolve, aggregate, result }) => {
  const c = resolve(`${where}: column`, check.column);
  if (!isNumeric(c.type)) throw typeError(asset, `${where}: column`, `"${c.name}" is ${c.type}; statistics need a numeric column`);
  const measured: { name: string; at: number; bound: QualityBound }[] = [];
  for (const { statistic, bound } of check.bounds) {
    measured.push({ name: statistic, at: aggregate(call(STATISTIC_FUNCTIONS[statistic], [column(c.name)]), where), bound });
  }
  for (const { fraction: q, bound } of check.quantiles) {
    measured.push({ name: `quantile ${formatNumber(q)}`, at: aggregate(call('percentile', [column(c.name), literal(q)]), where), bound });
  }
  return (m) =>
    measured.map(({ name, at, bound }) => {
      const observed = m.aggregates[at] ?? null;
      const holds = observed !== null && within(observed, bound);
      const label = `statistical(${c.name}) ${name}`;
      const said = observed === null ? `${name} of "${c.name}" is NULL (no values)` : `${name} of "${c.name}": ${formatNumber(observed)}`;
      return result({ name: label, observed, expected: boundText(bound), holds, message: `${said}, expected ${boundText(bound)}`, column: c.name });
    });
};
