/** Catalogue entry of the `select` kind: projects columns or aliased expressions. */
import type { SelectSource } from '../definition';
import { expressionListAt, type KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, EXPRESSION_LIST_FIELD } from './schema-parts';

/** Fields of a `select` source once checked. */
export interface SelectFields {
  readonly from: string;
  readonly columns: readonly string[];
}

/** The `select` kind. */
export const SELECT_KIND: KindDefinition<'select', SelectFields> = {
  kind: 'select',
  role: 'transformation',
  description: 'Projects `from` onto `columns` (column names, aliased expressions, `*` for every column, `asset.*` for the columns a join took from that asset), in order.',
  label: 'SELECT',
  schema: {
    type: 'object',
    properties: { from: ASSET_REF_FIELD, columns: EXPRESSION_LIST_FIELD },
    required: ['from', 'columns'],
    additionalProperties: false,
  },
  expressions: [{ field: 'columns', role: 'value', list: true, starAllowed: true, generators: 'one' }],
  upstream: (source) => [source.from],
  build: (fields, expressions): SelectSource => ({
    kind: 'select',
    from: fields.from,
    columns: expressionListAt(expressions, 'columns'),
  }),
};
