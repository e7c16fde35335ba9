/**
 * Binds a describe (spec 8.43): each statistic of each column is an aggregate over every row
 * (count, avg, stddev_samp, min, max, percentile 0.25/0.5/0.75) cast to double, built as an
 * expression tree that both backends compile like a written one.
 */
import type { DescribeStatistic, Expr } from '@pipeline/definition';
import { typeError } from '../../errors';
import { isNumeric } from '../../types/data-type';
import { bindExpression } from '../bind-expression';
import type { BoundExpr } from '../bound-expr';
import { resolveColumn, uniqueColumns, type Binder } from './binder-kit';
import { call, column, literal } from './built-expr';

export interface BoundDescribe {
  readonly kind: 'describe';
  /** One row per statistic: its name and one aggregate per column described. */
  readonly rows: readonly { readonly statistic: DescribeStatistic; readonly cells: readonly BoundExpr[] }[];
}

const STATISTIC: Readonly<Record<DescribeStatistic, (c: Expr) => Expr>> = {
  count: (c) => call('count', [c]),
  mean: (c) => call('avg', [c]),
  stddev: (c) => call('stddev_samp', [c]),
  min: (c) => call('min', [c]),
  max: (c) => call('max', [c]),
  '25%': (c) => call('percentile', [c, literal(0.25)]),
  '50%': (c) => call('percentile', [c, literal(0.5)]),
  '75%': (c) => call('percentile', [c, literal(0.75)]),
};

const asDouble = (operand: Expr): Expr => ({ kind: 'cast', operand, type: { name: 'double' }, safe: false, span: { start: 0, end: 0 } });

export const bindDescribe: Binder<'describe', BoundDescribe> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const described =
    source.columns === undefined ? columns.filter((c) => isNumeric(c.type)) : source.columns.map((c) => resolveColumn(ref, 'columns', columns, c));
  for (const c of described) {
    if (!isNumeric(c.type)) throw typeError(ref, 'columns', `column "${c.name}" is ${c.type}: describe computes statistics of numeric columns`);
  }
  const scope = { asset: ref, from: source.from, columns, field: 'statistics', context: 'aggregate' as const, groupKeys: [] };
  const rows = source.statistics.map((statistic) => ({
    statistic,
    cells: described.map((c) => bindExpression(asDouble(STATISTIC[statistic](column(c.name))), scope)),
  }));
  const output = [{ name: 'summary', type: 'string' as const }, ...described.map((c) => ({ name: c.name, type: 'double' as const }))];
  return { transform: { kind: 'describe', rows }, columns: uniqueColumns(ref, output) };
};
