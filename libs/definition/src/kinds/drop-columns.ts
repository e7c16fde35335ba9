/** Catalogue entry of the `drop_columns` kind (Teckel `dropColumns`). */
import type { DropColumnsSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_LIST_FIELD } from './schema-parts';

/** Fields of a `drop_columns` source once checked. */
export interface DropColumnsFields {
  readonly from: string;
  readonly columns: readonly string[];
}

/** The `drop_columns` kind. */
export const DROP_COLUMNS_KIND: KindDefinition<'drop_columns', DropColumnsFields> = {
  kind: 'drop_columns',
  specKey: 'dropColumns',
  role: 'transformation',
  description: 'Removes the `columns` of `from` (each must exist; at least one column must remain).',
  label: 'DROP COLUMNS',
  schema: {
    type: 'object',
    properties: { from: ASSET_REF_FIELD, columns: COLUMN_LIST_FIELD },
    required: ['from', 'columns'],
    additionalProperties: false,
  },
  expressions: [],
  upstream: (source) => [source.from],
  build: (fields): DropColumnsSource => ({ kind: 'drop_columns', from: fields.from, columns: [...fields.columns] }),
};
