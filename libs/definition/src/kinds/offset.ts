/** Catalogue entry of the `offset` kind: skips the first rows. */
import { defineKind } from './kind-definition';
import { ASSET_REF, COUNT } from './schema-parts';

/** Skips the first `count` rows of `from`. */
export interface OffsetSource {
  readonly kind: 'offset';
  readonly from: string;
  readonly count: number;
}

/** The `offset` kind. */
export const OFFSET_KIND = defineKind({
  kind: 'offset',
  role: 'transformation',
  description: 'Skips the first `count` rows of `from` (in its order).',
  label: 'OFFSET',
  fields: { from: ASSET_REF, count: COUNT },
  build: (fields): OffsetSource => ({ kind: 'offset', from: fields.from, count: fields.count }),
  upstream: (source) => [source.from],
});
