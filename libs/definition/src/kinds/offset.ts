/** Catalogue entry of the `offset` kind: skips the first rows. */
import type { OffsetSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COUNT_FIELD } from './schema-parts';

/** Fields of a `offset` source once checked. */
export interface OffsetFields {
  readonly from: string;
  readonly count: number;
}

/** The `offset` kind. */
export const OFFSET_KIND: KindDefinition<'offset', OffsetFields> = {
  kind: 'offset',
  role: 'transformation',
  description: 'Skips the first `count` rows of `from` (in its order).',
  label: 'OFFSET',
  schema: {
    type: 'object',
    properties: { from: ASSET_REF_FIELD, count: COUNT_FIELD },
    required: ['from', 'count'],
    additionalProperties: false,
  },
  expressions: [],
  upstream: (source) => [source.from],
  build: (fields): OffsetSource => ({ kind: 'offset', from: fields.from, count: fields.count }),
};
