/** Catalogue entry of the `schema_enforce` kind (Teckel `schemaEnforce`, spec 8.27). */
import type { SchemaEnforceSource } from '../definition';
import type { CastType, Expr } from '../expr/ast';
import { readTargetType } from './cast-columns';
import type { KindDefinition, ParsedExpressions } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_FIELD, EXPRESSION_FIELD } from './schema-parts';

/** Fields of a `schema_enforce` source once checked. */
export interface SchemaEnforceFields {
  readonly from: string;
  readonly mode?: 'strict' | 'evolve';
  readonly columns: readonly { readonly name: string; readonly dataType: string; readonly nullable?: boolean; readonly default?: string }[];
}

/** The `schema_enforce` kind. */
export const SCHEMA_ENFORCE_KIND: KindDefinition<'schema_enforce', SchemaEnforceFields> = {
  kind: 'schema_enforce',
  specKey: 'schemaEnforce',
  role: 'transformation',
  description:
    'Enforces `columns` (`{name, dataType, nullable, default}`) on `from`: converts declared columns (NULL when a value does not convert); `strict` (default) fails on extra or missing columns, `evolve` keeps extra ones and adds missing ones from `default` (NULL); a NULL in a column with `nullable: false` fails the job.',
  label: 'SCHEMA ENFORCE',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      mode: { type: 'string', enum: ['strict', 'evolve'] },
      columns: {
        type: 'array',
        minItems: 1,
        description: 'non-empty list of columns',
        items: {
          type: 'object',
          properties: {
            name: COLUMN_FIELD,
            dataType: { type: 'string', minLength: 1 },
            nullable: { type: 'boolean' },
            default: { ...EXPRESSION_FIELD, scalarAsText: true },
          },
          required: ['name', 'dataType'],
          additionalProperties: false,
        },
      },
    },
    required: ['from', 'columns'],
    additionalProperties: false,
  },
  expressions: [{ field: 'columns', item: 'default', role: 'value', list: true, optionalItem: true }],
  check: (fields) => {
    const seen = new Map<string, number>();
    for (const [i, c] of fields.columns.entries()) {
      const type = readTargetType(c.dataType);
      if ('problem' in type) return { field: `columns[${i}].dataType`, detail: type.problem };
      const first = seen.get(c.name.toLowerCase());
      if (first !== undefined) return { field: `columns[${i}].name`, detail: `repeats columns[${first}].name ("${c.name}")` };
      seen.set(c.name.toLowerCase(), i);
      if (c.default !== undefined && (fields.mode ?? 'strict') === 'strict') {
        return { field: `columns[${i}].default`, detail: 'is only used in mode evolve (strict fails on a missing column)' };
      }
    }
    return undefined;
  },
  upstream: (source) => [source.from],
  build: (fields, expressions: ParsedExpressions): SchemaEnforceSource => {
    const defaults = (expressions['columns.default'] ?? []) as readonly Expr[];
    let next = 0;
    return {
      kind: 'schema_enforce',
      from: fields.from,
      mode: fields.mode ?? 'strict',
      columns: fields.columns.map((c) => ({
        name: c.name,
        type: readTargetType(c.dataType) as CastType,
        nullable: c.nullable ?? true,
        ...(c.default === undefined ? {} : { default: defaults[next++] as Expr }),
      })),
    };
  },
};
