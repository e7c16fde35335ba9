import { resolveColumn, type Binder } from './binder-kit';

/** One resolved sort key. */
export interface BoundSortKey {
  /** The upstream column's real name. */
  readonly column: string;
  readonly direction: 'asc' | 'desc';
  readonly nulls: 'first' | 'last';
}

export interface BoundOrderBy {
  readonly kind: 'order_by';
  readonly keys: readonly BoundSortKey[];
}

export const bindOrderBy: Binder<'order_by', BoundOrderBy> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const keys = source.columns.map((key, i) => ({
    column: resolveColumn(ref, `columns[${i}]`, columns, key.column).name,
    direction: key.direction,
    nulls: key.nulls,
  }));
  return { transform: { kind: 'order_by', keys }, columns };
};
