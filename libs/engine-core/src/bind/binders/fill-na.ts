import type { Column } from '../bind-expression';
import { resolveColumn, type Binder } from './binder-kit';
import { call, column, literal } from './built-expr';
import { boundItem, passThrough, type BoundProjection } from './projection';
import { sameKind } from './value-kind';
import type { Primitive } from '@pipeline/definition';

export type BoundFillNa = BoundProjection<'fill_na'>;

// Each filled column is coalesce(column, value): both backends compute it the same way.
export const bindFillNa: Binder<'fill_na', BoundFillNa> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const fills = new Map<string, { value: Primitive; field: string }>();
  if (source.values !== undefined) {
    for (const [name, value] of Object.entries(source.values)) {
      fills.set(resolveColumn(ref, `values.${name}`, columns, name).name, { value, field: `values.${name}` });
    }
  } else if (source.value !== undefined) {
    const value = source.value;
    const targets: readonly Column[] =
      source.columns === undefined
        ? // Without columns, the value fills the columns it fits (text in text columns, ...).
          columns.filter((c) => sameKind(c.type, value))
        : source.columns.map((name, i) => resolveColumn(ref, `columns[${i}]`, columns, name));
    for (const c of targets) fills.set(c.name, { value, field: 'value' });
  }
  const items = columns.map((c) => {
    const fill = fills.get(c.name);
    if (fill === undefined) return passThrough(ref, source.from, columns, c);
    return boundItem(ref, source.from, fill.field, columns, call('coalesce', [column(c.name), literal(fill.value)]), c.name);
  });
  return { transform: { kind: 'fill_na', items }, columns: items.map((i) => ({ name: i.name, type: i.type })) };
};
