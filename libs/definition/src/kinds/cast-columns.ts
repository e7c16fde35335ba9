/** Catalogue entry of the `cast_columns` kind (Teckel `castColumns`). */
import { type CastType, readTargetType } from '@pipeline/expression';
import { list, object, text } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN } from './schema-parts';

/** Converts columns to other types; a value that does not convert becomes NULL. */
export interface CastColumnsSource {
  readonly kind: 'cast_columns';
  readonly from: string;
  readonly columns: readonly { readonly name: string; readonly type: CastType }[];
}

/** The `cast_columns` kind. */
export const CAST_COLUMNS_KIND = defineKind({
  kind: 'cast_columns',
  specKey: 'castColumns',
  role: 'transformation',
  description: 'Converts the `columns` (`{name, targetType}`) of `from` to other types; a value that does not convert becomes NULL.',
  label: 'CAST COLUMNS',
  fields: {
    from: ASSET_REF,
    columns: list(object({ name: COLUMN, targetType: text({ minLength: 1 }) }), { minItems: 1, description: 'non-empty list of casts' }),
  },
  check: (fields) => {
    for (const [i, c] of fields.columns.entries()) {
      const type = readTargetType(c.targetType);
      if ('problem' in type) return { field: `columns[${i}].targetType`, detail: type.problem };
    }
    return undefined;
  },
  build: (fields): CastColumnsSource => ({
    kind: 'cast_columns',
    from: fields.from,
    columns: fields.columns.map((c) => ({ name: c.name, type: readTargetType(c.targetType) as CastType })),
  }),
  upstream: (source) => [source.from],
});
