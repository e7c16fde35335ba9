/** Catalogue entry of the `group_by` kind: groups rows and computes aggregates. */
import type { Expr } from '@pipeline/expression';
import { defineKind } from './kind-definition';
import { ASSET_REF, expressionList } from './schema-parts';

/** Groups `from` by the `by` columns and computes the `agg` aggregate expressions. */
export interface GroupBySource {
  readonly kind: 'group_by';
  readonly from: string;
  readonly by: readonly Expr[];
  readonly agg: readonly Expr[];
}

/** The `group_by` kind. */
export const GROUP_BY_KIND = defineKind({
  kind: 'group_by',
  specKey: 'group',
  role: 'transformation',
  description: 'Groups `from` by the `by` columns and computes the `agg` aggregate expressions.',
  label: 'GROUP BY',
  fields: {
    from: ASSET_REF,
    by: expressionList({ role: 'column' }),
    agg: expressionList({ role: 'aggregate', groupKeys: { expressionsOf: 'by' } }),
  },
  build: (fields): GroupBySource => ({ kind: 'group_by', from: fields.from, by: fields.by, agg: fields.agg }),
  upstream: (source) => [source.from],
});
