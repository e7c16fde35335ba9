/** Catalogue entry of the `intersect` kind. */
import { defineKind } from './kind-definition';
import { SOURCES } from './schema-parts';
import { type SetOperationOptions, SET_OPERATION_FLAGS, checkSetOperationFlags, setOperationOptions } from './set-operation-fields';

/** The rows of the first source present in every other. */
export interface IntersectSource extends SetOperationOptions {
  readonly kind: 'intersect';
  readonly sources: readonly string[];
}

/** The `intersect` kind. */
export const INTERSECT_KIND = defineKind({
  kind: 'intersect',
  role: 'transformation',
  description: 'The rows of the first of `sources` present in every other (distinct unless `all: true`), in the order of the first source.',
  label: 'INTERSECT',
  fields: { sources: SOURCES, ...SET_OPERATION_FLAGS },
  check: checkSetOperationFlags,
  build: (fields): IntersectSource => ({ kind: 'intersect', sources: [...fields.sources], ...setOperationOptions(fields, false) }),
  upstream: (source) => source.sources,
});
