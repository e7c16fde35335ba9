/** Catalogue entry of the `distinct` kind: one row per distinct value of all or some columns. */
import { optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN_LIST } from './schema-parts';

/** Keeps one row per distinct value of `columns` (all columns when absent), the first one met. */
export interface DistinctSource {
  readonly kind: 'distinct';
  readonly from: string;
  readonly columns?: readonly string[];
}

/** The `distinct` kind. */
export const DISTINCT_KIND = defineKind({
  kind: 'distinct',
  role: 'transformation',
  description:
    'Removes duplicate rows of `from`, comparing all columns or only `columns` (NULLs equal); the first row of each group is kept, in input order.',
  label: 'DISTINCT',
  fields: { from: ASSET_REF, columns: optional(COLUMN_LIST) },
  build: (fields): DistinctSource =>
    fields.columns === undefined
      ? { kind: 'distinct', from: fields.from }
      : { kind: 'distinct', from: fields.from, columns: [...fields.columns] },
  upstream: (source) => [source.from],
});
