/** Catalogue entry of the `add_columns` kind (Teckel `addColumns`): computed columns, in order. */
import type { AddColumnsSource } from '../definition';
import { expressionListAt, type KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_FIELD, EXPRESSION_FIELD } from './schema-parts';

/** Fields of an `add_columns` source once checked. */
export interface AddColumnsFields {
  readonly from: string;
  readonly columns: readonly { readonly name: string; readonly expression: string }[];
}

/** The `add_columns` kind. */
export const ADD_COLUMNS_KIND: KindDefinition<'add_columns', AddColumnsFields> = {
  kind: 'add_columns',
  specKey: 'addColumns',
  role: 'transformation',
  description:
    'Adds the `columns` (`{name, expression}`) to `from` in order, each seeing the ones before it; a column of an existing name is replaced where it stands.',
  label: 'ADD COLUMNS',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      columns: {
        type: 'array',
        minItems: 1,
        description: 'non-empty list of column definitions',
        items: {
          type: 'object',
          properties: { name: COLUMN_FIELD, expression: EXPRESSION_FIELD },
          required: ['name', 'expression'],
          additionalProperties: false,
        },
      },
    },
    required: ['from', 'columns'],
    additionalProperties: false,
  },
  expressions: [{ field: 'columns', item: 'expression', role: 'value', list: true, generators: 'each' }],
  upstream: (source) => [source.from],
  build: (fields, expressions): AddColumnsSource => {
    const trees = expressionListAt(expressions, 'columns.expression');
    return { kind: 'add_columns', from: fields.from, columns: fields.columns.map((c, i) => ({ name: c.name, expression: trees[i] })) };
  },
};
