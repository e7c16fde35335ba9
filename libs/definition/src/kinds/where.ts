/** Catalogue entry of the `where` kind: keeps the rows for which a predicate is true. */
import { expression } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF } from './schema-parts';

/** The `where` kind. */
export const WHERE_KIND = defineKind({
  kind: 'where',
  role: 'transformation',
  description: 'Keeps the rows of `from` for which `filter` is true (NULL counts as false).',
  label: 'WHERE',
  fields: { from: ASSET_REF, filter: expression({ role: 'predicate' }) },
  upstream: (source) => [source.from],
  build: (fields) => ({ kind: 'where', from: fields.from, filter: fields.filter }),
});
