/** Catalogue entry of the `union` kind. */
import { defineKind } from './kind-definition';
import { SOURCES } from './schema-parts';
import { SET_OPERATION_FLAGS, checkSetOperationFlags, setOperationOptions } from './set-operation-fields';

/** The `union` kind. */
export const UNION_KIND = defineKind({
  kind: 'union',
  role: 'transformation',
  description: 'The rows of every source in `sources`, in order (`all: true`, the default) or without duplicates; columns by position (names from the first source) or `byName`.',
  label: 'UNION',
  fields: { sources: SOURCES, ...SET_OPERATION_FLAGS },
  check: checkSetOperationFlags,
  upstream: (source) => source.sources,
  build: (fields) => ({ kind: 'union', sources: [...fields.sources], ...setOperationOptions(fields, true) }),
});
