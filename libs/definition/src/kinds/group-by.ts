/** Catalogue entry of the `group_by` kind: groups rows and computes aggregates. */
import type { GroupBySource } from '../definition';
import { expressionListAt, type KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, EXPRESSION_LIST_FIELD } from './schema-parts';

/** Fields of a `group_by` source once checked. */
export interface GroupByFields {
  readonly from: string;
  readonly by: readonly string[];
  readonly agg: readonly string[];
}

/** The `group_by` kind. */
export const GROUP_BY_KIND: KindDefinition<'group_by', GroupByFields> = {
  kind: 'group_by',
  specKey: 'group',
  role: 'transformation',
  description: 'Groups `from` by the `by` columns and computes the `agg` aggregate expressions.',
  label: 'GROUP BY',
  schema: {
    type: 'object',
    properties: { from: ASSET_REF_FIELD, by: EXPRESSION_LIST_FIELD, agg: EXPRESSION_LIST_FIELD },
    required: ['from', 'by', 'agg'],
    additionalProperties: false,
  },
  expressions: [
    { field: 'by', role: 'column', list: true },
    { field: 'agg', role: 'aggregate', list: true, groupKeysFrom: 'by' },
  ],
  upstream: (source) => [source.from],
  build: (fields, expressions): GroupBySource => ({
    kind: 'group_by',
    from: fields.from,
    by: expressionListAt(expressions, 'by'),
    agg: expressionListAt(expressions, 'agg'),
  }),
};
