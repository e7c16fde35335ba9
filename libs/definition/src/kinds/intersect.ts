/** Catalogue entry of the `intersect` kind. */
import type { IntersectSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { SOURCES_FIELD } from './schema-parts';
import { SET_OPERATION_FLAG_FIELDS, checkSetOperationFlags, setOperationOptions, type SetOperationFlags } from './set-operation-fields';

/** Fields of a `intersect` source once checked. */
export interface IntersectFields extends SetOperationFlags {
  readonly sources: readonly string[];
}

/** The `intersect` kind. */
export const INTERSECT_KIND: KindDefinition<'intersect', IntersectFields> = {
  kind: 'intersect',
  role: 'transformation',
  description: 'The rows of the first of `sources` present in every other (distinct unless `all: true`), in the order of the first source.',
  label: 'INTERSECT',
  schema: {
    type: 'object',
    properties: { sources: SOURCES_FIELD, ...SET_OPERATION_FLAG_FIELDS },
    required: ['sources'],
    additionalProperties: false,
  },
  expressions: [],
  check: checkSetOperationFlags,
  upstream: (source) => source.sources,
  build: (fields): IntersectSource => ({ kind: 'intersect', sources: [...fields.sources], ...setOperationOptions(fields, false) }),
};
