/** Catalogue entry of the `tail` kind: keeps the last rows. */
import { defineKind } from './kind-definition';
import { ASSET_REF, COUNT } from './schema-parts';

/** Keeps the last `count` rows of `from`. */
export interface TailSource {
  readonly kind: 'tail';
  readonly from: string;
  readonly count: number;
}

/** The `tail` kind. */
export const TAIL_KIND = defineKind({
  kind: 'tail',
  role: 'transformation',
  description: 'Keeps the last `count` rows of `from` (in its order; 0 gives an empty dataset with the same columns).',
  label: 'TAIL',
  fields: { from: ASSET_REF, count: COUNT },
  build: (fields): TailSource => ({ kind: 'tail', from: fields.from, count: fields.count }),
  upstream: (source) => [source.from],
});
