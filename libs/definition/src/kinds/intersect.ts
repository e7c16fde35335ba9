/** Catalogue entry of the `intersect` kind. */
import { defineKind } from './kind-definition';
import { SOURCES } from './schema-parts';
import { SET_OPERATION_FLAGS, checkSetOperationFlags, setOperationOptions } from './set-operation-fields';

/** The `intersect` kind. */
export const INTERSECT_KIND = defineKind({
  kind: 'intersect',
  role: 'transformation',
  description: 'The rows of the first of `sources` present in every other (distinct unless `all: true`), in the order of the first source.',
  label: 'INTERSECT',
  fields: { sources: SOURCES, ...SET_OPERATION_FLAGS },
  check: checkSetOperationFlags,
  upstream: (source) => source.sources,
  build: (fields) => ({ kind: 'intersect', sources: [...fields.sources], ...setOperationOptions(fields, false) }),
});
