/** Catalogue entry of the `fill_na` kind (Teckel `fillNa`). */
import type { FillNaSource, Primitive } from '../definition';
import type { KindDefinition } from './kind-definition';
import { describeValue, isPrimitive } from './primitive-fields';
import { ASSET_REF_FIELD, COLUMN_LIST_FIELD } from './schema-parts';

/** Fields of a `fill_na` source once checked. */
export interface FillNaFields {
  readonly from: string;
  readonly columns?: readonly string[];
  readonly value?: unknown;
  readonly values?: Readonly<Record<string, unknown>>;
}

/** The `fill_na` kind. */
export const FILL_NA_KIND: KindDefinition<'fill_na', FillNaFields> = {
  kind: 'fill_na',
  specKey: 'fillNa',
  role: 'transformation',
  description:
    'Replaces NULLs of `from`: with `value` in `columns` (without `columns`, in every column of the type of `value`), or with per-column `values`.',
  label: 'FILL NA',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      columns: COLUMN_LIST_FIELD,
      value: { description: 'text, number or boolean' },
      values: { type: 'object', minProperties: 1, description: 'column: text, number or boolean' },
    },
    required: ['from'],
    additionalProperties: false,
  },
  expressions: [],
  check: (fields) => {
    if ((fields.value === undefined) === (fields.values === undefined)) {
      return { field: 'value', detail: 'and values: give exactly one of them' };
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
  upstream: (source) => [source.from],
  build: (fields): FillNaSource => ({
    kind: 'fill_na',
    from: fields.from,
    ...(fields.columns === undefined ? {} : { columns: [...fields.columns] }),
    ...(fields.value === undefined ? {} : { value: fields.value as Primitive }),
    ...(fields.values === undefined ? {} : { values: { ...(fields.values as Record<string, Primitive>) } }),
  }),
};
