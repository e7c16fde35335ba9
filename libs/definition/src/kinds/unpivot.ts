/** Catalogue entry of the `unpivot` kind (spec 8.17): value columns become rows (wide to long). */
import { text } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN_LIST } from './schema-parts';

/** Turns the `values` columns of `from` into rows (wide to long): per row and value column, the ids, its name and its value. */
export interface UnpivotSource {
  readonly kind: 'unpivot';
  readonly from: string;
  readonly ids: readonly string[];
  readonly values: readonly string[];
  readonly variableColumn: string;
  readonly valueColumn: string;
}

/** The `unpivot` kind. */
export const UNPIVOT_KIND = defineKind({
  kind: 'unpivot',
  role: 'transformation',
  description:
    'Turns the `values` columns of `from` into rows: the `ids` columns, then `variableColumn` (the column name) and `valueColumn` (its value, NULLs kept, in the common type of the `values` columns). Rows come in input order and, within an input row, in the order `values` lists the columns.',
  label: 'UNPIVOT',
  fields: {
    from: ASSET_REF,
    ids: COLUMN_LIST,
    values: COLUMN_LIST,
    variableColumn: text({ minLength: 1, description: 'name of the new column holding the column names' }),
    valueColumn: text({ minLength: 1, description: 'name of the new column holding the values' }),
  },
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
  build: (fields): UnpivotSource => ({
    kind: 'unpivot',
    from: fields.from,
    ids: [...fields.ids],
    values: [...fields.values],
    variableColumn: fields.variableColumn,
    valueColumn: fields.valueColumn,
  }),
  upstream: (source) => [source.from],
});
