/**
 * Binds a transpose (spec 8.41): the probe read every row's index values, which name the new
 * columns (`row_<n>` without index columns); the non-index columns become rows and must share a type.
 */
import { typeError } from '../../errors';
import type { DataType } from '../../types/data-type';
import type { Column } from '../bind-expression';
import { supertype } from '../supertype';
import { resolveColumn, uniqueColumns, type Binder, type Prober } from './binder-kit';

export interface BoundTranspose {
  readonly kind: 'transpose';
  /** The non-index columns, in column order: one output row each. */
  readonly rows: readonly Column[];
  /** The type of every new column. */
  readonly valueType: DataType;
  /** How many input rows (new columns) there are. */
  readonly width: number;
}

export const probeTranspose: Prober<'transpose'> = (ref, source, upstream) => ({
  input: 0,
  columns: source.indexColumns.map((c) => resolveColumn(ref, 'indexColumns', upstream[0].columns, c).name),
  what: 'rows',
  field: 'indexColumns',
});

export const bindTranspose: Binder<'transpose', BoundTranspose> = (ref, source, upstream, probed = []) => {
  const columns = upstream[0].columns;
  const index = new Set(source.indexColumns.map((c) => resolveColumn(ref, 'indexColumns', columns, c).name));
  const rows = columns.filter((c) => !index.has(c.name));
  let valueType: DataType = 'null';
  for (const c of rows) {
    const next = supertype(valueType, c.type);
    if (next === undefined) throw typeError(ref, 'indexColumns', `column "${c.name}" is ${c.type}, which has no common type with the ${valueType} of the columns before it: transposed values share their columns`);
    valueType = next;
  }
  if (valueType === 'null') valueType = 'integer';
  const names = probed.map((values, i) => (index.size === 0 ? `row_${i + 1}` : values.map((v) => v ?? 'NULL').join('_')));
  const output = [{ name: 'column', type: 'string' as const }, ...names.map((name) => ({ name, type: valueType }))];
  return { transform: { kind: 'transpose', rows, valueType, width: names.length }, columns: uniqueColumns(ref, output) };
};
