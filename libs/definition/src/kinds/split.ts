/**
 * Catalogue entry of the `split` kind (spec 8.21): the rows of `from` go to the asset named `pass`
 * where `condition` holds and to the one named `fail` otherwise (NULL included). Validation turns
 * `pass` and `fail` into two `where` assets that read the split; the split's own name is not
 * referenceable.
 */
import type { SplitSource } from '../definition';
import { expressionAt, type KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, EXPRESSION_FIELD } from './schema-parts';

/** Fields of a `split` source once checked. */
export interface SplitFields {
  readonly from: string;
  readonly condition: string;
  readonly pass: string;
  readonly fail: string;
}

/** The `split` kind. */
export const SPLIT_KIND: KindDefinition<'split', SplitFields> = {
  kind: 'split',
  role: 'transformation',
  description:
    'Routes the rows of `from` to two new assets: `pass` (rows where `condition` is true) and `fail` (false or NULL).',
  label: 'SPLIT',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      condition: EXPRESSION_FIELD,
      pass: { ...ASSET_REF_FIELD, description: 'name of the asset of the rows where condition is true' },
      fail: { ...ASSET_REF_FIELD, description: 'name of the asset of the rows where condition is false or NULL' },
    },
    required: ['from', 'condition', 'pass', 'fail'],
    additionalProperties: false,
  },
  expressions: [{ field: 'condition', role: 'predicate', list: false }],
  check: (fields) =>
    fields.pass === fields.fail ? { field: 'fail', detail: `must differ from pass (both are "${fields.pass}")` } : undefined,
  upstream: (source) => [source.from],
  build: (fields, expressions): SplitSource => ({
    kind: 'split',
    from: fields.from,
    condition: expressionAt(expressions, 'condition'),
    pass: fields.pass,
    fail: fields.fail,
  }),
};
