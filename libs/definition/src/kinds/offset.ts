/** Catalogue entry of the `offset` kind: skips the first rows. */
import { defineKind } from './kind-definition';
import { ASSET_REF, COUNT } from './schema-parts';

/** The `offset` kind. */
export const OFFSET_KIND = defineKind({
  kind: 'offset',
  role: 'transformation',
  description: 'Skips the first `count` rows of `from` (in its order).',
  label: 'OFFSET',
  fields: { from: ASSET_REF, count: COUNT },
  upstream: (source) => [source.from],
  build: (fields) => ({ kind: 'offset', from: fields.from, count: fields.count }),
});
