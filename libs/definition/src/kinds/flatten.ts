/** Catalogue entry of the `flatten` kind (spec 8.18): nested structs become columns. */
import { optional, text } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, FLAG } from './schema-parts';

/** Flattens the structs of `from` into columns `parent<separator>child` (spec 8.18); optionally one row per array element. */
export interface FlattenSource {
  readonly kind: 'flatten';
  readonly from: string;
  readonly separator: string;
  readonly explodeArrays: boolean;
}

/** The `flatten` kind. */
export const FLATTEN_KIND = defineKind({
  kind: 'flatten',
  role: 'transformation',
  description:
    'Replaces each struct column of `from` by one column per field, named `parent` + `separator` (default `_`) + `field`, recursively (a NULL struct gives NULLs); with `explodeArrays: true`, each array column (a struct field too) gives one row per element (in input, then element order; a NULL or empty array drops the row; several arrays multiply), its struct elements flattened alike; other columns are kept.',
  label: 'FLATTEN',
  fields: { from: ASSET_REF, separator: optional(text({ description: 'text between parent and child names' })), explodeArrays: optional(FLAG) },
  build: (fields): FlattenSource => ({ kind: 'flatten', from: fields.from, separator: fields.separator ?? '_', explodeArrays: fields.explodeArrays ?? false }),
  upstream: (source) => [source.from],
});
