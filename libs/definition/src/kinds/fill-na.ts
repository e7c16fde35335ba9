/** Catalogue entry of the `fill_na` kind (Teckel `fillNa`). */
import { anything, optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN_LIST } from './schema-parts';
import type { Primitive } from '../definition';
import { describeValue, isPrimitive } from './primitive-fields';

/** Replaces NULLs: with `value` in `columns` (every column of a matching type when absent), or per column. */
export interface FillNaSource {
  readonly kind: 'fill_na';
  readonly from: string;
  readonly columns?: readonly string[];
  readonly value?: Primitive;
  readonly values?: Readonly<Record<string, Primitive>>;
}

/** The `fill_na` kind. */
export const FILL_NA_KIND = defineKind({
  kind: 'fill_na',
  specKey: 'fillNa',
  role: 'transformation',
  description:
    'Replaces NULLs of `from`: with `value` in `columns` (without `columns`, in every column of the type of `value`), or with per-column `values`.',
  label: 'FILL NA',
  fields: {
    from: ASSET_REF,
    columns: optional(COLUMN_LIST),
    value: optional(anything({ description: 'text, number or boolean' })),
    values: optional(anything<Readonly<Record<string, unknown>>>({ type: 'object', minProperties: 1, description: 'column: text, number or boolean' })),
  },
  check: (fields) => {
    if ((fields.value === undefined) === (fields.values === undefined)) {
      return { field: 'value', detail: 'and values: give exactly one of them', specCode: 'E-OP-004' };
    }
    if (fields.value !== undefined && !isPrimitive(fields.value)) {
      return { field: 'value', detail: `must be text, a number or a boolean (got ${describeValue(fields.value)})` };
    }
    for (const [column, v] of Object.entries(fields.values ?? {})) {
      if (!isPrimitive(v)) return { field: `values.${column}`, detail: `must be text, a number or a boolean (got ${describeValue(v)})` };
    }
    if (fields.values !== undefined && fields.columns !== undefined) {
      return { field: 'columns', detail: 'cannot be given with values (values names its columns)' };
    }
    return undefined;
  },
  build: (fields): FillNaSource => ({
    kind: 'fill_na',
    from: fields.from,
    ...(fields.columns === undefined ? {} : { columns: [...fields.columns] }),
    ...(fields.value === undefined ? {} : { value: fields.value as Primitive }),
    ...(fields.values === undefined ? {} : { values: { ...(fields.values as Record<string, Primitive>) } }),
  }),
  upstream: (source) => [source.from],
});
