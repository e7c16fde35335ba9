/** Catalogue entry of the `limit` kind: keeps the first rows. */
import { defineKind } from './kind-definition';
import { ASSET_REF, COUNT } from './schema-parts';

/** Keeps the first `count` rows of `from`. */
export interface LimitSource {
  readonly kind: 'limit';
  readonly from: string;
  readonly count: number;
}

/** The `limit` kind. */
export const LIMIT_KIND = defineKind({
  kind: 'limit',
  role: 'transformation',
  description: 'Keeps the first `count` rows of `from` (in its order; 0 gives an empty dataset with the same columns).',
  label: 'LIMIT',
  fields: { from: ASSET_REF, count: COUNT },
  build: (fields): LimitSource => ({ kind: 'limit', from: fields.from, count: fields.count }),
  upstream: (source) => [source.from],
});
