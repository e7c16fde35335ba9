/** Catalogue entry of the `add_columns` kind (Teckel `addColumns`): computed columns, in order. */
import type { Expr } from '@pipeline/expression';
import { expression, list, object } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN } from './schema-parts';

/** One column an addColumns step computes. */
export interface ColumnDefinition {
  readonly name: string;
  readonly expression: Expr;
}

/** Adds (or replaces, in place) computed columns, in order: each sees the ones before it. */
export interface AddColumnsSource {
  readonly kind: 'add_columns';
  readonly from: string;
  readonly columns: readonly ColumnDefinition[];
}

/** The `add_columns` kind. */
export const ADD_COLUMNS_KIND = defineKind({
  kind: 'add_columns',
  specKey: 'addColumns',
  role: 'transformation',
  description:
    'Adds the `columns` (`{name, expression}`) to `from` in order, each seeing the ones before it; a column of an existing name is replaced where it stands.',
  label: 'ADD COLUMNS',
  fields: {
    from: ASSET_REF,
    columns: list(object({ name: COLUMN, expression: expression({ role: 'value', entry: 'column' }) }), {
      minItems: 1,
      description: 'non-empty list of column definitions',
    }),
  },
  build: (fields): AddColumnsSource => ({ kind: 'add_columns', from: fields.from, columns: fields.columns.map((c) => ({ name: c.name, expression: c.expression })) }),
  upstream: (source) => [source.from],
});
