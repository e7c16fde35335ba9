/** Catalogue entry of the `where` kind: keeps the rows for which a predicate is true. */
import type { Expr } from '@pipeline/expression';
import { expression } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF } from './schema-parts';

/** Keeps the rows of `from` for which `filter` is true (NULL counts as false). */
export interface WhereSource {
  readonly kind: 'where';
  readonly from: string;
  readonly filter: Expr;
}

/** The `where` kind. */
export const WHERE_KIND = defineKind({
  kind: 'where',
  role: 'transformation',
  description: 'Keeps the rows of `from` for which `filter` is true (NULL counts as false).',
  label: 'WHERE',
  fields: { from: ASSET_REF, filter: expression({ role: 'predicate' }) },
  build: (fields): WhereSource => ({ kind: 'where', from: fields.from, filter: fields.filter }),
  upstream: (source) => [source.from],
});
