/** Catalogue entry of the `flatten` kind (spec 8.18): nested structs become columns. */
import type { FlattenSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, FLAG_FIELD } from './schema-parts';

/** Fields of a `flatten` source once checked. */
export interface FlattenFields {
  readonly from: string;
  readonly separator?: string;
  readonly explodeArrays?: boolean;
}

/** The `flatten` kind. */
export const FLATTEN_KIND: KindDefinition<'flatten', FlattenFields> = {
  kind: 'flatten',
  role: 'transformation',
  description:
    'Replaces each struct column of `from` by one column per field, named `parent` + `separator` (default `_`) + `field`, recursively (a NULL struct gives NULLs); with `explodeArrays: true`, each array column (a struct field too) gives one row per element (in input, then element order; a NULL or empty array drops the row; several arrays multiply), its struct elements flattened alike; other columns are kept.',
  label: 'FLATTEN',
  schema: {
    type: 'object',
    properties: { from: ASSET_REF_FIELD, separator: { type: 'string', description: 'text between parent and child names' }, explodeArrays: FLAG_FIELD },
    required: ['from'],
    additionalProperties: false,
  },
  expressions: [],
  upstream: (source) => [source.from],
  build: (fields): FlattenSource => ({ kind: 'flatten', from: fields.from, separator: fields.separator ?? '_', explodeArrays: fields.explodeArrays ?? false }),
};
