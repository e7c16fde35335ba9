/** Catalogue entry of the `tail` kind: keeps the last rows. */
import type { TailSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COUNT_FIELD } from './schema-parts';

/** Fields of a `tail` source once checked. */
export interface TailFields {
  readonly from: string;
  readonly count: number;
}

/** The `tail` kind. */
export const TAIL_KIND: KindDefinition<'tail', TailFields> = {
  kind: 'tail',
  role: 'transformation',
  description: 'Keeps the last `count` rows of `from` (in its order; 0 gives an empty dataset with the same columns).',
  label: 'TAIL',
  schema: {
    type: 'object',
    properties: { from: ASSET_REF_FIELD, count: COUNT_FIELD },
    required: ['from', 'count'],
    additionalProperties: false,
  },
  expressions: [],
  upstream: (source) => [source.from],
  build: (fields): TailSource => ({ kind: 'tail', from: fields.from, count: fields.count }),
};
