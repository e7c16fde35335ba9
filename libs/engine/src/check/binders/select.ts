import { bindExpression } from '../bind-expression';
import { item, uniqueColumns, type Binder, type BoundItem } from './binder-kit';

export interface BoundSelect {
  readonly kind: 'select';
  readonly items: readonly BoundItem[];
}

export const bindSelect: Binder<'select', BoundSelect> = (ref, source, upstream) => {
  const scope = { asset: ref, from: source.from, columns: upstream[0].columns, field: 'columns', context: 'row' } as const;
  const items = source.columns.map((e) => item(e, bindExpression(e, scope)));
  return { transform: { kind: 'select', items }, columns: uniqueColumns(ref, items) };
};
