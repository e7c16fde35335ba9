/** Catalogue entry of the `except` kind. */
import { defineKind } from './kind-definition';
import { ASSET_REF } from './schema-parts';
import { type SetOperationOptions, SET_OPERATION_FLAGS, checkSetOperationFlags, setOperationOptions } from './set-operation-fields';

/** The rows of `left` not in `right`. */
export interface ExceptSource extends SetOperationOptions {
  readonly kind: 'except';
  readonly left: string;
  readonly right: string;
}

/** The `except` kind. */
export const EXCEPT_KIND = defineKind({
  kind: 'except',
  role: 'transformation',
  description:
    'The rows of `left` not in `right` (distinct unless `all: true`, which removes one row of `left` per matching row of `right`), in the order of `left`.',
  label: 'EXCEPT',
  fields: { left: ASSET_REF, right: ASSET_REF, ...SET_OPERATION_FLAGS },
  check: checkSetOperationFlags,
  build: (fields): ExceptSource => ({ kind: 'except', left: fields.left, right: fields.right, ...setOperationOptions(fields, false) }),
  upstream: (source) => [source.left, source.right],
});
