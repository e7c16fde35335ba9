import { resolveColumn, type Binder } from './binder-kit';

export interface BoundDistinct {
  readonly kind: 'distinct';
  /** The upstream columns rows are compared on (every column when the source names none). */
  readonly keys: readonly string[];
  /** True when every column is compared. */
  readonly allColumns: boolean;
}

export const bindDistinct: Binder<'distinct', BoundDistinct> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const named = source.columns?.map((c, i) => resolveColumn(ref, `columns[${i}]`, columns, c).name);
  const keys = named === undefined ? columns.map((c) => c.name) : [...new Set(named)];
  return { transform: { kind: 'distinct', keys, allColumns: named === undefined }, columns };
};
