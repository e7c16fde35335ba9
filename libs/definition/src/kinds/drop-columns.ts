/** Catalogue entry of the `drop_columns` kind (Teckel `dropColumns`). */
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN_LIST } from './schema-parts';

/** Removes columns. */
export interface DropColumnsSource {
  readonly kind: 'drop_columns';
  readonly from: string;
  readonly columns: readonly string[];
}

/** The `drop_columns` kind. */
export const DROP_COLUMNS_KIND = defineKind({
  kind: 'drop_columns',
  specKey: 'dropColumns',
  role: 'transformation',
  description: 'Removes the `columns` of `from` (each must exist; at least one column must remain).',
  label: 'DROP COLUMNS',
  fields: { from: ASSET_REF, columns: COLUMN_LIST },
  build: (fields): DropColumnsSource => ({ kind: 'drop_columns', from: fields.from, columns: [...fields.columns] }),
  upstream: (source) => [source.from],
});
