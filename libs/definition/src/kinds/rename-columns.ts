/** Catalogue entry of the `rename_columns` kind (Teckel `renameColumns`). */
import type { RenameColumnsSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_FIELD } from './schema-parts';

/** Fields of a `rename_columns` source once checked. */
export interface RenameColumnsFields {
  readonly from: string;
  readonly mappings: Readonly<Record<string, string>>;
}

/** The `rename_columns` kind. */
export const RENAME_COLUMNS_KIND: KindDefinition<'rename_columns', RenameColumnsFields> = {
  kind: 'rename_columns',
  specKey: 'renameColumns',
  role: 'transformation',
  description: 'Renames columns of `from` by `mappings` (old name: new name); the columns keep their places.',
  label: 'RENAME COLUMNS',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      mappings: { type: 'object', additionalProperties: { ...COLUMN_FIELD, scalarAsText: true }, minProperties: 1, description: 'old name: new name' },
    },
    required: ['from', 'mappings'],
    additionalProperties: false,
  },
  expressions: [],
  upstream: (source) => [source.from],
  build: (fields): RenameColumnsSource => ({ kind: 'rename_columns', from: fields.from, mappings: { ...fields.mappings } }),
};
