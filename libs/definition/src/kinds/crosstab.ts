/** Catalogue entry of the `crosstab` kind (spec 8.44): a frequency table of two columns. */
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN } from './schema-parts';

/** A contingency table of `from`: per value of `col1`, how many rows hold each value of `col2`. */
export interface CrosstabSource {
  readonly kind: 'crosstab';
  readonly from: string;
  readonly col1: string;
  readonly col2: string;
}

/** The `crosstab` kind. */
export const CROSSTAB_KIND = defineKind({
  kind: 'crosstab',
  role: 'transformation',
  description:
    'Counts the rows of `from` per value of `col1` (one row each, NULL included, ascending, NULLs last; the column is named `<col1>_<col2>`) and value of `col2` (one column each, named by the value: the distinct non-NULL values, ascending; at most 1000); rows whose `col2` is NULL count in no column.',
  label: 'CROSSTAB',
  fields: { from: ASSET_REF, col1: COLUMN, col2: COLUMN },
  check: (fields) => (fields.col1 === fields.col2 ? { field: 'col2', detail: `must differ from col1 (both are "${fields.col1}")` } : undefined),
  build: (fields): CrosstabSource => ({ kind: 'crosstab', from: fields.from, col1: fields.col1, col2: fields.col2 }),
  upstream: (source) => [source.from],
});
