/** Catalogue entry of the `select` kind: projects columns or aliased expressions. */
import { defineKind } from './kind-definition';
import { ASSET_REF, expressionList } from './schema-parts';

/** The `select` kind. */
export const SELECT_KIND = defineKind({
  kind: 'select',
  role: 'transformation',
  description: 'Projects `from` onto `columns` (column names, aliased expressions, `*` for every column, `asset.*` for the columns a join took from that asset), in order.',
  label: 'SELECT',
  fields: { from: ASSET_REF, columns: expressionList({ role: 'value', entry: 'projection' }) },
  upstream: (source) => [source.from],
  build: (fields) => ({ kind: 'select', from: fields.from, columns: fields.columns }),
});
