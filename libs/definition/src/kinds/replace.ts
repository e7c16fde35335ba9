/** Catalogue entry of the `replace` kind. */
import { anything, list, object, optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN_LIST } from './schema-parts';
import type { Primitive } from '../definition';
import { describeValue, isPrimitive } from './primitive-fields';

/** Replaces values: in `columns` (every column of a matching type when absent), each `old` by its `new`. */
export interface ReplaceSource {
  readonly kind: 'replace';
  readonly from: string;
  readonly columns?: readonly string[];
  readonly mappings: readonly { readonly old: Primitive; readonly new: Primitive }[];
}

/** The `replace` kind. */
export const REPLACE_KIND = defineKind({
  kind: 'replace',
  role: 'transformation',
  description:
    'Replaces values of `from`: in `columns` (without `columns`, in every column of the type of the values), each `old` of `mappings` by its `new`.',
  label: 'REPLACE',
  fields: {
    from: ASSET_REF,
    columns: optional(COLUMN_LIST),
    mappings: list(object({ old: anything(), new: anything() }), { minItems: 1, description: 'non-empty list of {old, new}' }),
  },
  check: (fields) => {
    for (const [i, m] of fields.mappings.entries()) {
      for (const side of ['old', 'new'] as const) {
        if (!isPrimitive(m[side])) return { field: `mappings[${i}].${side}`, detail: `must be text, a number or a boolean (got ${describeValue(m[side])})` };
      }
    }
    return undefined;
  },
  build: (fields): ReplaceSource => ({
    kind: 'replace',
    from: fields.from,
    ...(fields.columns === undefined ? {} : { columns: [...fields.columns] }),
    mappings: fields.mappings.map((m) => ({ old: m.old as Primitive, new: m.new as Primitive })),
  }),
  upstream: (source) => [source.from],
});
