/** Catalogue entry of the `add_columns` kind (Teckel `addColumns`): computed columns, in order. */
import { expression, list, object } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN } from './schema-parts';

/** The `add_columns` kind. */
export const ADD_COLUMNS_KIND = defineKind({
  kind: 'add_columns',
  specKey: 'addColumns',
  role: 'transformation',
  description:
    'Adds the `columns` (`{name, expression}`) to `from` in order, each seeing the ones before it; a column of an existing name is replaced where it stands.',
  label: 'ADD COLUMNS',
  fields: {
    from: ASSET_REF,
    columns: list(object({ name: COLUMN, expression: expression({ role: 'value', entry: 'column' }) }), {
      minItems: 1,
      description: 'non-empty list of column definitions',
    }),
  },
  upstream: (source) => [source.from],
  build: (fields) => ({ kind: 'add_columns', from: fields.from, columns: fields.columns.map((c) => ({ name: c.name, expression: c.expression })) }),
});
