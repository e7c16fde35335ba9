/** Catalogue entry of the `drop_na` kind (Teckel `dropNa`). */
import { integer, oneOf, optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN_LIST } from './schema-parts';

/** Drops rows with NULLs in `columns` (all when absent): any, all, or fewer than `minNonNulls` values. */
export interface DropNaSource {
  readonly kind: 'drop_na';
  readonly from: string;
  readonly columns?: readonly string[];
  readonly how: 'any' | 'all';
  readonly minNonNulls?: number;
}

/** The `drop_na` kind. */
export const DROP_NA_KIND = defineKind({
  kind: 'drop_na',
  specKey: 'dropNa',
  role: 'transformation',
  description:
    'Drops the rows of `from` with NULLs in `columns` (all when absent): when `how` is any (the default) or all of them are NULL, or with fewer than `minNonNulls` values.',
  label: 'DROP NA',
  fields: {
    from: ASSET_REF,
    columns: optional(COLUMN_LIST),
    how: optional(oneOf(['any', 'all'])),
    minNonNulls: optional(integer({ minimum: 0 })),
  },
  build: (fields): DropNaSource => ({
    kind: 'drop_na',
    from: fields.from,
    how: fields.how ?? 'any',
    ...(fields.columns === undefined ? {} : { columns: [...fields.columns] }),
    ...(fields.minNonNulls === undefined ? {} : { minNonNulls: fields.minNonNulls }),
  }),
  upstream: (source) => [source.from],
});
