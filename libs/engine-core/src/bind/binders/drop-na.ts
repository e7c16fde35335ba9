import { bindExpression } from '../bind-expression';
import type { BoundExpr } from '../bound-expr';
import { resolveColumn, type Binder } from './binder-kit';
import { binary, caseWhen, chain, column, isNull, literal } from './built-expr';

export interface BoundDropNa {
  readonly kind: 'drop_na';
  /** True for the rows kept. */
  readonly filter: BoundExpr;
}

export const bindDropNa: Binder<'drop_na', BoundDropNa> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const targets = source.columns?.map((name, i) => resolveColumn(ref, `columns[${i}]`, columns, name).name) ?? columns.map((c) => c.name);
  const keep =
    source.minNonNulls !== undefined
      ? binary('>=', chain('+', targets.map((t) => caseWhen([{ when: isNull(column(t)), then: literal(0) }], literal(1)))), literal(source.minNonNulls))
      : chain(source.how === 'all' ? 'OR' : 'AND', targets.map((t) => isNull(column(t), true)));
  const filter = bindExpression(keep, { asset: ref, from: source.from, columns, field: 'columns', context: 'row' });
  return { transform: { kind: 'drop_na', filter }, columns };
};
