/**
 * Binds an unpivot (spec 8.17): the id and value columns resolved in the upstream; the value
 * column's type is the common type of the value columns (spec 10.2), and they must have one.
 */
import { typeError } from '../../errors';
import type { DataType } from '../../types/data-type';
import type { Column } from '../bind-expression';
import { supertype } from '../supertype';
import { resolveColumn, uniqueColumns, type Binder } from './binder-kit';

export interface BoundUnpivot {
  readonly kind: 'unpivot';
  readonly ids: readonly Column[];
  /** The value columns, in the order listed; each row of the input gives one row per value column. */
  readonly values: readonly Column[];
  /** The type of the value column (the values are widened to it). */
  readonly valueType: DataType;
}

export const bindUnpivot: Binder<'unpivot', BoundUnpivot> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const ids = source.ids.map((c) => resolveColumn(ref, 'ids', columns, c));
  const values = source.values.map((c) => resolveColumn(ref, 'values', columns, c));
  let valueType: DataType = 'null';
  for (const v of values) {
    const next = supertype(valueType, v.type);
    if (next === undefined) {
      throw typeError(ref, 'values', `column "${v.name}" is ${v.type}, which has no common type with the ${valueType} of the columns before it: the unpivoted values share one column`);
    }
    valueType = next;
  }
  const output = [...ids, { name: source.variableColumn, type: 'string' as const }, { name: source.valueColumn, type: valueType === 'null' ? 'integer' : valueType }];
  return { transform: { kind: 'unpivot', ids, values, valueType: valueType === 'null' ? 'integer' : valueType }, columns: uniqueColumns(ref, output) };
};
