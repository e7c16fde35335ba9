/** Catalogue entry of the `select` kind: projects columns or aliased expressions. */
import type { Expr } from '@pipeline/expression';
import { defineKind } from './kind-definition';
import { ASSET_REF, expressionList } from './schema-parts';

/** Projects `from` onto `columns` (column references or aliased expressions). */
export interface SelectSource {
  readonly kind: 'select';
  readonly from: string;
  readonly columns: readonly Expr[];
}

/** The `select` kind. */
export const SELECT_KIND = defineKind({
  kind: 'select',
  role: 'transformation',
  description: 'Projects `from` onto `columns` (column names, aliased expressions, `*` for every column, `asset.*` for the columns a join took from that asset), in order.',
  label: 'SELECT',
  fields: { from: ASSET_REF, columns: expressionList({ role: 'value', entry: 'projection' }) },
  build: (fields): SelectSource => ({ kind: 'select', from: fields.from, columns: fields.columns }),
  upstream: (source) => [source.from],
});
