/** Catalogue entry of the `distinct` kind: one row per distinct value of all or some columns. */
import type { DistinctSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_LIST_FIELD } from './schema-parts';

/** Fields of a `distinct` source once checked. */
export interface DistinctFields {
  readonly from: string;
  readonly columns?: readonly string[];
}

/** The `distinct` kind. */
export const DISTINCT_KIND: KindDefinition<'distinct', DistinctFields> = {
  kind: 'distinct',
  role: 'transformation',
  description:
    'Removes duplicate rows of `from`, comparing all columns or only `columns` (NULLs equal); the first row of each group is kept, in input order.',
  label: 'DISTINCT',
  schema: {
    type: 'object',
    properties: { from: ASSET_REF_FIELD, columns: COLUMN_LIST_FIELD },
    required: ['from'],
    additionalProperties: false,
  },
  expressions: [],
  upstream: (source) => [source.from],
  build: (fields): DistinctSource =>
    fields.columns === undefined
      ? { kind: 'distinct', from: fields.from }
      : { kind: 'distinct', from: fields.from, columns: [...fields.columns] },
};
