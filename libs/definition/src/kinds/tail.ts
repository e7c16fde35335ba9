/** Catalogue entry of the `tail` kind: keeps the last rows. */
import { defineKind } from './kind-definition';
import { ASSET_REF, COUNT } from './schema-parts';

/** The `tail` kind. */
export const TAIL_KIND = defineKind({
  kind: 'tail',
  role: 'transformation',
  description: 'Keeps the last `count` rows of `from` (in its order; 0 gives an empty dataset with the same columns).',
  label: 'TAIL',
  fields: { from: ASSET_REF, count: COUNT },
  upstream: (source) => [source.from],
  build: (fields) => ({ kind: 'tail', from: fields.from, count: fields.count }),
});
