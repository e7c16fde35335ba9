/** Catalogue entry of the `drop_na` kind (Teckel `dropNa`). */
import type { DropNaSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_LIST_FIELD } from './schema-parts';

/** Fields of a `drop_na` source once checked. */
export interface DropNaFields {
  readonly from: string;
  readonly columns?: readonly string[];
  readonly how?: 'any' | 'all';
  readonly minNonNulls?: number;
}

/** The `drop_na` kind. */
export const DROP_NA_KIND: KindDefinition<'drop_na', DropNaFields> = {
  kind: 'drop_na',
  specKey: 'dropNa',
  role: 'transformation',
  description:
    'Drops the rows of `from` with NULLs in `columns` (all when absent): when `how` is any (the default) or all of them are NULL, or with fewer than `minNonNulls` values.',
  label: 'DROP NA',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      columns: COLUMN_LIST_FIELD,
      how: { type: 'string', enum: ['any', 'all'] },
      minNonNulls: { type: 'integer', minimum: 0 },
    },
    required: ['from'],
    additionalProperties: false,
  },
  expressions: [],
  upstream: (source) => [source.from],
  build: (fields): DropNaSource => ({
    kind: 'drop_na',
    from: fields.from,
    how: fields.how ?? 'any',
    ...(fields.columns === undefined ? {} : { columns: [...fields.columns] }),
    ...(fields.minNonNulls === undefined ? {} : { minNonNulls: fields.minNonNulls }),
  }),
};
