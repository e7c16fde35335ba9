/** Catalogue entry of the `limit` kind: keeps the first rows. */
import type { LimitSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COUNT_FIELD } from './schema-parts';

/** Fields of a `limit` source once checked. */
export interface LimitFields {
  readonly from: string;
  readonly count: number;
}

/** The `limit` kind. */
export const LIMIT_KIND: KindDefinition<'limit', LimitFields> = {
  kind: 'limit',
  role: 'transformation',
  description: 'Keeps the first `count` rows of `from` (in its order; 0 gives an empty dataset with the same columns).',
  label: 'LIMIT',
  schema: {
    type: 'object',
    properties: { from: ASSET_REF_FIELD, count: COUNT_FIELD },
    required: ['from', 'count'],
    additionalProperties: false,
  },
  expressions: [],
  upstream: (source) => [source.from],
  build: (fields): LimitSource => ({ kind: 'limit', from: fields.from, count: fields.count }),
};
