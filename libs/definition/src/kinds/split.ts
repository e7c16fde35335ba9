/**
 * Catalogue entry of the `split` kind (spec 8.21): the rows of `from` go to the asset named `pass`
 * where `condition` holds and to the one named `fail` otherwise (NULL included). Validation turns
 * `pass` and `fail` into two `where` assets that read the split; the split's own name is not
 * referenceable.
 */
import type { Expr } from '@pipeline/expression';
import { expression, text } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF } from './schema-parts';

/**
 * A split (spec 8.21): the split asset itself holds every row of `from`; validation adds the assets
 * `pass` and `fail` as filters over it.
 */
export interface SplitSource {
  readonly kind: 'split';
  readonly from: string;
  readonly condition: Expr;
  readonly pass: string;
  readonly fail: string;
}

/** The `split` kind. */
export const SPLIT_KIND = defineKind({
  kind: 'split',
  role: 'transformation',
  description:
    'Routes the rows of `from` to two new assets: `pass` (rows where `condition` is true) and `fail` (false or NULL).',
  label: 'SPLIT',
  fields: {
    from: ASSET_REF,
    condition: expression({ role: 'predicate' }),
    pass: text({ minLength: 1, description: 'name of the asset of the rows where condition is true' }),
    fail: text({ minLength: 1, description: 'name of the asset of the rows where condition is false or NULL' }),
  },
  check: (fields) =>
    fields.pass === fields.fail ? { field: 'fail', detail: `must differ from pass (both are "${fields.pass}")` } : undefined,
  build: (fields): SplitSource => ({
    kind: 'split',
    from: fields.from,
    condition: fields.condition,
    pass: fields.pass,
    fail: fields.fail,
  }),
  upstream: (source) => [source.from],
});
