/** Catalogue entry of the `order_by` kind (Teckel `orderBy`): sorts rows, stably. */
import { list, object, oneOf, optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN } from './schema-parts';

/** How one sort key orders rows: direction and where NULLs go (last by default in both directions). */
export interface SortKey {
  /** The column name as written. */
  readonly column: string;
  readonly direction: 'asc' | 'desc';
  readonly nulls: 'first' | 'last';
}

/** Sorts `from` by `columns`, stably (equal keys keep their input order). */
export interface OrderBySource {
  readonly kind: 'order_by';
  readonly from: string;
  readonly columns: readonly SortKey[];
}

/** One sort column: a bare name is read as `{ column: name }`. */
export const SORT_COLUMN = object(
  { column: COLUMN, direction: optional(oneOf(['asc', 'desc'])), nulls: optional(oneOf(['first', 'last'])) },
  { stringAs: 'column' },
);

/** The `order_by` kind. */
export const ORDER_BY_KIND = defineKind({
  kind: 'order_by',
  specKey: 'orderBy',
  role: 'transformation',
  description:
    'Sorts `from` by `columns` (a name, or `{column, direction: asc|desc, nulls: first|last}`); stable, NULLs last unless `nulls: first`.',
  label: 'ORDER BY',
  fields: { from: ASSET_REF, columns: list(SORT_COLUMN, { minItems: 1, description: 'non-empty list of sort columns' }) },
  build: (fields): OrderBySource => ({
    kind: 'order_by',
    from: fields.from,
    columns: fields.columns.map((c) => ({ column: c.column, direction: c.direction ?? 'asc', nulls: c.nulls ?? 'last' })),
  }),
  upstream: (source) => [source.from],
});
