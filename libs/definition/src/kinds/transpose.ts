/** Catalogue entry of the `transpose` kind (spec 8.41): rows become columns and columns rows. */
import type { TransposeSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_LIST_FIELD } from './schema-parts';

/** Fields of a `transpose` source once checked. */
export interface TransposeFields {
  readonly from: string;
  readonly indexColumns?: readonly string[];
}

/** The `transpose` kind. */
export const TRANSPOSE_KIND: KindDefinition<'transpose', TransposeFields> = {
  kind: 'transpose',
  role: 'transformation',
  description:
    'Swaps rows and columns of `from` (at most 1000 rows): a `column` column naming each non-index column (one row each, in column order), then one column per input row, in input order, named by its `indexColumns` values joined with `_` (NULL as `NULL`), or `row_1`, `row_2`, ... without index columns; the non-index columns must share a type (spec 10.2), which the new columns have.',
  label: 'TRANSPOSE',
  schema: {
    type: 'object',
    properties: { from: ASSET_REF_FIELD, indexColumns: { ...COLUMN_LIST_FIELD, minItems: 0, description: 'list of column names (may be empty)' } },
    required: ['from'],
    additionalProperties: false,
  },
  expressions: [],
  check: (fields) => {
    const twice = fields.indexColumns?.find((c, i) => fields.indexColumns?.indexOf(c) !== i);
    return twice === undefined ? undefined : { field: 'indexColumns', detail: `lists column "${twice}" twice` };
  },
  upstream: (source) => [source.from],
  build: (fields): TransposeSource => ({ kind: 'transpose', from: fields.from, indexColumns: [...(fields.indexColumns ?? [])] }),
};
