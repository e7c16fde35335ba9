/** Catalogue entry of the `replace` kind. */
import type { Primitive, ReplaceSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { describeValue, isPrimitive } from './primitive-fields';
import { ASSET_REF_FIELD, COLUMN_LIST_FIELD } from './schema-parts';

/** Fields of a `replace` source once checked. */
export interface ReplaceFields {
  readonly from: string;
  readonly columns?: readonly string[];
  readonly mappings: readonly { readonly old: unknown; readonly new: unknown }[];
}

/** The `replace` kind. */
export const REPLACE_KIND: KindDefinition<'replace', ReplaceFields> = {
  kind: 'replace',
  role: 'transformation',
  description:
    'Replaces values of `from`: in `columns` (without `columns`, in every column of the type of the values), each `old` of `mappings` by its `new`.',
  label: 'REPLACE',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      columns: COLUMN_LIST_FIELD,
      mappings: {
        type: 'array',
        minItems: 1,
        description: 'non-empty list of {old, new}',
        items: { type: 'object', properties: { old: {}, new: {} }, required: ['old', 'new'], additionalProperties: false },
      },
    },
    required: ['from', 'mappings'],
    additionalProperties: false,
  },
  expressions: [],
  check: (fields) => {
    for (const [i, m] of fields.mappings.entries()) {
      for (const side of ['old', 'new'] as const) {
        if (!isPrimitive(m[side])) return { field: `mappings[${i}].${side}`, detail: `must be text, a number or a boolean (got ${describeValue(m[side])})` };
      }
    }
    return undefined;
  },
  upstream: (source) => [source.from],
  build: (fields): ReplaceSource => ({
    kind: 'replace',
    from: fields.from,
    ...(fields.columns === undefined ? {} : { columns: [...fields.columns] }),
    mappings: fields.mappings.map((m) => ({ old: m.old as Primitive, new: m.new as Primitive })),
  }),
};
