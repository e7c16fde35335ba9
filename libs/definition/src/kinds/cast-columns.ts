/** Catalogue entry of the `cast_columns` kind (Teckel `castColumns`). */
import type { CastColumnsSource } from '../definition';
import type { CastType } from '../expr/ast';
import { resolveCastType } from '../expr/cast-types';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_FIELD } from './schema-parts';

/** Fields of a `cast_columns` source once checked. */
export interface CastColumnsFields {
  readonly from: string;
  readonly columns: readonly { readonly name: string; readonly targetType: string }[];
}

const TYPE_TEXT = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\))?\s*$/;

/** The type a `targetType` text names (case-insensitive, `decimal(10,2)` style), or what is wrong with it. */
export function readTargetType(text: string): CastType | { readonly problem: string } {
  const match = TYPE_TEXT.exec(text);
  if (match === null) return { problem: `is not a type name: ${JSON.stringify(text)}` };
  const params = [match[2], match[3]].filter((p): p is string => p !== undefined).map(Number);
  const type = resolveCastType(match[1], params);
  return 'problem' in type ? { problem: type.problem } : type;
}

/** The `cast_columns` kind. */
export const CAST_COLUMNS_KIND: KindDefinition<'cast_columns', CastColumnsFields> = {
  kind: 'cast_columns',
  specKey: 'castColumns',
  role: 'transformation',
  description: 'Converts the `columns` (`{name, targetType}`) of `from` to other types; a value that does not convert becomes NULL.',
  label: 'CAST COLUMNS',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      columns: {
        type: 'array',
        minItems: 1,
        description: 'non-empty list of casts',
        items: {
          type: 'object',
          properties: { name: COLUMN_FIELD, targetType: { type: 'string', minLength: 1 } },
          required: ['name', 'targetType'],
          additionalProperties: false,
        },
      },
    },
    required: ['from', 'columns'],
    additionalProperties: false,
  },
  expressions: [],
  check: (fields) => {
    for (const [i, c] of fields.columns.entries()) {
      const type = readTargetType(c.targetType);
      if ('problem' in type) return { field: `columns[${i}].targetType`, detail: type.problem };
    }
    return undefined;
  },
  upstream: (source) => [source.from],
  build: (fields): CastColumnsSource => ({
    kind: 'cast_columns',
    from: fields.from,
    columns: fields.columns.map((c) => ({ name: c.name, type: readTargetType(c.targetType) as CastType })),
  }),
};
