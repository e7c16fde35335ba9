/** Catalogue entry of the `rename_columns` kind (Teckel `renameColumns`). */
import { mapOf, text } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF } from './schema-parts';

/** Renames columns: old name -> new name. */
export interface RenameColumnsSource {
  readonly kind: 'rename_columns';
  readonly from: string;
  readonly mappings: Readonly<Record<string, string>>;
}

/** The `rename_columns` kind. */
export const RENAME_COLUMNS_KIND = defineKind({
  kind: 'rename_columns',
  specKey: 'renameColumns',
  role: 'transformation',
  description: 'Renames columns of `from` by `mappings` (old name: new name); the columns keep their places.',
  label: 'RENAME COLUMNS',
  fields: {
    from: ASSET_REF,
    mappings: mapOf(text({ minLength: 1, description: 'column name', scalarAsText: true }), { minProperties: 1, description: 'old name: new name' }),
  },
  build: (fields): RenameColumnsSource => ({ kind: 'rename_columns', from: fields.from, mappings: { ...fields.mappings } }),
  upstream: (source) => [source.from],
});
