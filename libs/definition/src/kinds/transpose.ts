/** Catalogue entry of the `transpose` kind (spec 8.41): rows become columns and columns rows. */
import { list, optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN } from './schema-parts';

/** Swaps rows and columns of `from`: each non-index column becomes a row, each row a column. */
export interface TransposeSource {
  readonly kind: 'transpose';
  readonly from: string;
  readonly indexColumns: readonly string[];
}

/** The `transpose` kind. */
export const TRANSPOSE_KIND = defineKind({
  kind: 'transpose',
  role: 'transformation',
  description:
    'Swaps rows and columns of `from` (at most 1000 rows): a `column` column naming each non-index column (one row each, in column order), then one column per input row, in input order, named by its `indexColumns` values joined with `_` (NULL as `NULL`), or `row_1`, `row_2`, ... without index columns; the non-index columns must share a type (spec 10.2), which the new columns have.',
  label: 'TRANSPOSE',
  fields: { from: ASSET_REF, indexColumns: optional(list(COLUMN, { minItems: 0, description: 'list of column names (may be empty)' })) },
  check: (fields) => {
    const twice = fields.indexColumns?.find((c, i) => fields.indexColumns?.indexOf(c) !== i);
    return twice === undefined ? undefined : { field: 'indexColumns', detail: `lists column "${twice}" twice` };
  },
  build: (fields): TransposeSource => ({ kind: 'transpose', from: fields.from, indexColumns: [...(fields.indexColumns ?? [])] }),
  upstream: (source) => [source.from],
});
