/** Catalogue entry of the `union` kind. */
import type { UnionSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { SOURCES_FIELD } from './schema-parts';
import { SET_OPERATION_FLAG_FIELDS, checkSetOperationFlags, setOperationOptions, type SetOperationFlags } from './set-operation-fields';

/** Fields of a `union` source once checked. */
export interface UnionFields extends SetOperationFlags {
  readonly sources: readonly string[];
}

/** The `union` kind. */
export const UNION_KIND: KindDefinition<'union', UnionFields> = {
  kind: 'union',
  role: 'transformation',
  description: 'The rows of every source in `sources`, in order (`all: true`, the default) or without duplicates; columns by position (names from the first source) or `byName`.',
  label: 'UNION',
  schema: {
    type: 'object',
    properties: { sources: SOURCES_FIELD, ...SET_OPERATION_FLAG_FIELDS },
    required: ['sources'],
    additionalProperties: false,
  },
  expressions: [],
  check: checkSetOperationFlags,
  upstream: (source) => source.sources,
  build: (fields): UnionSource => ({ kind: 'union', sources: [...fields.sources], ...setOperationOptions(fields, true) }),
};
