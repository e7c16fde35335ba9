/** Catalogue entry of the `pivot` kind (spec 8.16, decisions 7): values of one column become columns. */
import type { Expr } from '@pipeline/expression';
import { list, optional, text } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN, COLUMN_LIST, expressionList } from './schema-parts';

/** Rotates the values of `pivotColumn` into columns (long to wide): per `groupBy` group, the `agg` aggregates per value. */
export interface PivotSource {
  readonly kind: 'pivot';
  readonly from: string;
  readonly groupBy: readonly string[];
  readonly pivotColumn: string;
  /** The values that become columns, as written; absent: the distinct non-NULL values, ascending. */
  readonly values?: readonly string[];
  readonly agg: readonly Expr[];
}

/**
 * Most listed `values`: each becomes a column (one per aggregate), so a long list makes a plan and
 * a result as wide as a crosstab could never be; the same bound as the distinct values a pivot
 * without `values` (or a crosstab) may find.
 */
export const MAX_PIVOT_VALUES = 1000;

/** The `pivot` kind. */
export const PIVOT_KIND = defineKind({
  kind: 'pivot',
  role: 'transformation',
  description:
    `Rotates \`pivotColumn\` into columns: per \`groupBy\` group, the \`agg\` aggregates over the rows holding each of \`values\` (at most ${MAX_PIVOT_VALUES}; without \`values\`, each distinct non-NULL value, ascending, again at most ${MAX_PIVOT_VALUES}), a column named by the value (\`Q1\`), or \`<value>_<alias>\` with several aggregates (\`Q1_total\`); rows whose pivot value is NULL or not listed count in no column. The \`groupBy\` columns come first; rows are ordered by them, ascending, NULLs last.`,
  label: 'PIVOT',
  fields: {
    from: ASSET_REF,
    groupBy: COLUMN_LIST,
    pivotColumn: COLUMN,
    values: optional(list(text({ scalarAsText: true }), { minItems: 1, description: 'non-empty list of pivot values' })),
    agg: expressionList({ role: 'aggregate', groupKeys: { namesIn: 'groupBy' } }),
  },
  check: (fields) => {
    const twice = fields.groupBy.find((c, i) => fields.groupBy.indexOf(c) !== i);
    if (twice !== undefined) return { field: 'groupBy', detail: `lists column "${twice}" twice` };
    if (fields.groupBy.includes(fields.pivotColumn)) return { field: 'pivotColumn', detail: `"${fields.pivotColumn}" is one of groupBy` };
    const values = fields.values ?? [];
    if (values.length > MAX_PIVOT_VALUES) {
      return { field: 'values', detail: `may list at most ${MAX_PIVOT_VALUES} values (each becomes a column), got ${values.length}` };
    }
    const seen = new Set<string>();
    const value = values.find((v) => seen.size === seen.add(v).size);
    if (value !== undefined) return { field: 'values', detail: `lists "${value}" twice` };
    return undefined;
  },
  build: (fields): PivotSource => ({
    kind: 'pivot',
    from: fields.from,
    groupBy: [...fields.groupBy],
    pivotColumn: fields.pivotColumn,
    ...(fields.values === undefined ? {} : { values: [...fields.values] }),
    agg: fields.agg,
  }),
  upstream: (source) => [source.from],
});
