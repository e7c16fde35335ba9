/** Catalogue entry of the `where` kind: keeps the rows for which a predicate is true. */
import type { WhereSource } from '../definition';
import { expressionAt, type KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, EXPRESSION_FIELD } from './schema-parts';

/** Fields of a `where` source once checked. */
export interface WhereFields {
  readonly from: string;
  readonly filter: string;
}

/** The `where` kind. */
export const WHERE_KIND: KindDefinition<'where', WhereFields> = {
  kind: 'where',
  role: 'transformation',
  description: 'Keeps the rows of `from` for which `filter` is true (NULL counts as false).',
  label: 'WHERE',
  schema: {
    type: 'object',
    properties: { from: ASSET_REF_FIELD, filter: EXPRESSION_FIELD },
    required: ['from', 'filter'],
    additionalProperties: false,
  },
  expressions: [{ field: 'filter', role: 'predicate', list: false }],
  upstream: (source) => [source.from],
  build: (fields, expressions): WhereSource => ({
    kind: 'where',
    from: fields.from,
    filter: expressionAt(expressions, 'filter'),
  }),
};
