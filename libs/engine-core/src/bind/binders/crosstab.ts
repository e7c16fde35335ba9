/**
 * Binds a crosstab (spec 8.44) as a pivot: grouped by `col1`, one `count(*)` cell per probed value
 * of `col2`; the key column is named `<col1>_<col2>`.
 */
import type { Expr } from '@pipeline/definition';
import type { Column } from '../bind-expression';
import { bindPivotSpec, probedValues } from './pivot';
import { resolveColumn, uniqueColumns, type Binder, type BoundItem, type Prober } from './binder-kit';
import { call } from './built-expr';

export interface BoundCrosstab {
  readonly kind: 'crosstab';
  /** `col1` as resolved in the upstream; it is written under the first output column's name. */
  readonly key: Column;
  /** One count per value of `col2`. */
  readonly cells: readonly BoundItem[];
}

const COUNT_ROWS: Expr = call('count', [{ kind: 'star', span: { start: 0, end: 0 } }]);

export const probeCrosstab: Prober<'crosstab'> = (ref, source, upstream) => ({
  input: 0,
  columns: [resolveColumn(ref, 'col2', upstream[0].columns, source.col2).name],
  what: 'distinct',
  field: 'col2',
});

export const bindCrosstab: Binder<'crosstab', BoundCrosstab> = (ref, source, upstream, probed) => {
  const spec = { groupBy: [source.col1], pivotColumn: source.col2, values: probedValues(probed), agg: [COUNT_ROWS], fields: { groupBy: 'col1', pivotColumn: 'col2' } };
  const { keys, cells } = bindPivotSpec(ref, source.from, spec, upstream);
  const [key] = keys;
  const pivot = resolveColumn(ref, 'col2', upstream[0].columns, source.col2);
  return { transform: { kind: 'crosstab', key, cells }, columns: uniqueColumns(ref, [{ name: `${key.name}_${pivot.name}`, type: key.type }, ...cells]) };
};
