/** Catalogue entry of the `drop_columns` kind (Teckel `dropColumns`). */
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN_LIST } from './schema-parts';

/** The `drop_columns` kind. */
export const DROP_COLUMNS_KIND = defineKind({
  kind: 'drop_columns',
  specKey: 'dropColumns',
  role: 'transformation',
  description: 'Removes the `columns` of `from` (each must exist; at least one column must remain).',
  label: 'DROP COLUMNS',
  fields: { from: ASSET_REF, columns: COLUMN_LIST },
  upstream: (source) => [source.from],
  build: (fields) => ({ kind: 'drop_columns', from: fields.from, columns: [...fields.columns] }),
});
