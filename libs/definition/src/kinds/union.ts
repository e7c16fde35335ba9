/** Catalogue entry of the `union` kind. */
import { defineKind } from './kind-definition';
import { SOURCES } from './schema-parts';
import { type SetOperationOptions, SET_OPERATION_FLAGS, checkSetOperationFlags, setOperationOptions } from './set-operation-fields';

/** The rows of every source, one after the other (`all`, the default) or without duplicates. */
export interface UnionSource extends SetOperationOptions {
  readonly kind: 'union';
  readonly sources: readonly string[];
}

/** The `union` kind. */
export const UNION_KIND = defineKind({
  kind: 'union',
  role: 'transformation',
  description: 'The rows of every source in `sources`, in order (`all: true`, the default) or without duplicates; columns by position (names from the first source) or `byName`.',
  label: 'UNION',
  fields: { sources: SOURCES, ...SET_OPERATION_FLAGS },
  check: checkSetOperationFlags,
  build: (fields): UnionSource => ({ kind: 'union', sources: [...fields.sources], ...setOperationOptions(fields, true) }),
  upstream: (source) => source.sources,
});
