/** Catalogue entry of the `except` kind. */
import type { ExceptSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD } from './schema-parts';
import { SET_OPERATION_FLAG_FIELDS, checkSetOperationFlags, setOperationOptions, type SetOperationFlags } from './set-operation-fields';

/** Fields of an `except` source once checked. */
export interface ExceptFields extends SetOperationFlags {
  readonly left: string;
  readonly right: string;
}

/** The `except` kind. */
export const EXCEPT_KIND: KindDefinition<'except', ExceptFields> = {
  kind: 'except',
  role: 'transformation',
  description:
    'The rows of `left` not in `right` (distinct unless `all: true`, which removes one row of `left` per matching row of `right`), in the order of `left`.',
  label: 'EXCEPT',
  schema: {
    type: 'object',
    properties: { left: ASSET_REF_FIELD, right: ASSET_REF_FIELD, ...SET_OPERATION_FLAG_FIELDS },
    required: ['left', 'right'],
    additionalProperties: false,
  },
  expressions: [],
  check: checkSetOperationFlags,
  upstream: (source) => [source.left, source.right],
  build: (fields): ExceptSource => ({ kind: 'except', left: fields.left, right: fields.right, ...setOperationOptions(fields, false) }),
};
