import { bindExpression } from '../bind-expression';
import { item, uniqueColumns, type Binder, type BoundItem } from './binder-kit';

export interface BoundGroupBy {
  readonly kind: 'group_by';
  readonly keys: readonly BoundItem[];
  readonly aggs: readonly BoundItem[];
}

export const bindGroupBy: Binder<'group_by', BoundGroupBy> = (ref, source, upstream) => {
  const scope = { asset: ref, from: source.from, columns: upstream[0].columns };
  const keys = source.by.map((e) => item(e, bindExpression(e, { ...scope, field: 'by', context: 'row' })));
  const groupKeys = keys.flatMap((k) => {
    const inner = k.expr.kind === 'alias' ? k.expr.expr : k.expr;
    return inner.kind === 'column' ? [inner.name] : [];
  });
  const aggs = source.agg.map((e) => item(e, bindExpression(e, { ...scope, field: 'agg', context: 'aggregate', groupKeys })));
  return { transform: { kind: 'group_by', keys, aggs }, columns: uniqueColumns(ref, [...keys, ...aggs]) };
};
