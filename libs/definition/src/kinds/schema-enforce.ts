/** Catalogue entry of the `schema_enforce` kind (Teckel `schemaEnforce`, spec 8.27). */
import { type CastType, type Expr, readTargetType } from '@pipeline/expression';
import { expression, flag, list, object, oneOf, optional, text } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN } from './schema-parts';

/** One column a schemaEnforce step expects: its type, whether NULLs are allowed, its default (evolve). */
export interface SchemaColumn {
  readonly name: string;
  readonly type: CastType;
  readonly nullable: boolean;
  readonly default?: Expr;
}

/**
 * Enforces a schema on `from` (spec 8.27): `strict` refuses extra and missing columns, `evolve`
 * keeps extra columns and adds missing ones; declared columns are converted (NULL on failure).
 */
export interface SchemaEnforceSource {
  readonly kind: 'schema_enforce';
  readonly from: string;
  readonly mode: 'strict' | 'evolve';
  readonly columns: readonly SchemaColumn[];
}

/** The `schema_enforce` kind. */
export const SCHEMA_ENFORCE_KIND = defineKind({
  kind: 'schema_enforce',
  specKey: 'schemaEnforce',
  role: 'transformation',
  description:
    'Enforces `columns` (`{name, dataType, nullable, default}`) on `from`: converts declared columns (NULL when a value does not convert); `strict` (default) fails on extra or missing columns, `evolve` keeps extra ones and adds missing ones from `default` (NULL); a NULL in a column with `nullable: false` fails the job.',
  label: 'SCHEMA ENFORCE',
  fields: {
    from: ASSET_REF,
    mode: optional(oneOf(['strict', 'evolve'])),
    columns: list(
      object({
        name: COLUMN,
        dataType: text({ minLength: 1 }),
        nullable: optional(flag()),
        default: optional(expression({ role: 'value' }, { type: 'string', description: 'expression', scalarAsText: true })),
      }),
      { minItems: 1, description: 'non-empty list of columns' },
    ),
  },
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
  build: (fields): SchemaEnforceSource => ({
    kind: 'schema_enforce',
    from: fields.from,
    mode: fields.mode ?? 'strict',
    columns: fields.columns.map((c) => ({
      name: c.name,
      type: readTargetType(c.dataType) as CastType,
      nullable: c.nullable ?? true,
      ...(c.default === undefined ? {} : { default: c.default }),
    })),
  }),
  upstream: (source) => [source.from],
});
