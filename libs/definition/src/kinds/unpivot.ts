/** Catalogue entry of the `unpivot` kind (spec 8.17): value columns become rows (wide to long). */
import type { UnpivotSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_FIELD, COLUMN_LIST_FIELD } from './schema-parts';

/** Fields of an `unpivot` source once checked. */
export interface UnpivotFields {
  readonly from: string;
  readonly ids: readonly string[];
  readonly values: readonly string[];
  readonly variableColumn: string;
  readonly valueColumn: string;
}

/** The `unpivot` kind. */
export const UNPIVOT_KIND: KindDefinition<'unpivot', UnpivotFields> = {
  kind: 'unpivot',
  role: 'transformation',
  description:
    'Turns the `values` columns of `from` into rows: the `ids` columns, then `variableColumn` (the column name) and `valueColumn` (its value, NULLs kept, in the common type of the `values` columns). Rows come in input order and, within an input row, in the order `values` lists the columns.',
  label: 'UNPIVOT',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      ids: COLUMN_LIST_FIELD,
      values: COLUMN_LIST_FIELD,
      variableColumn: { ...COLUMN_FIELD, description: 'name of the new column holding the column names' },
      valueColumn: { ...COLUMN_FIELD, description: 'name of the new column holding the values' },
    },
    required: ['from', 'ids', 'values', 'variableColumn', 'valueColumn'],
    additionalProperties: false,
  },
  expressions: [],
  check: (fields) => {
    const listed = [...fields.ids, ...fields.values];
    const twice = listed.find((c, i) => listed.indexOf(c) !== i);
    if (twice !== undefined) {
      return fields.ids.includes(twice) && fields.values.includes(twice)
        ? { field: 'values', detail: `lists column "${twice}", which is one of ids` }
        : { field: fields.ids.indexOf(twice) !== fields.ids.lastIndexOf(twice) ? 'ids' : 'values', detail: `lists column "${twice}" twice` };
    }
    if (fields.variableColumn === fields.valueColumn) return { field: 'valueColumn', detail: `must differ from variableColumn (both are "${fields.valueColumn}")` };
    return undefined;
  },
  upstream: (source) => [source.from],
  build: (fields): UnpivotSource => ({
    kind: 'unpivot',
    from: fields.from,
    ids: [...fields.ids],
    values: [...fields.values],
    variableColumn: fields.variableColumn,
    valueColumn: fields.valueColumn,
  }),
};
