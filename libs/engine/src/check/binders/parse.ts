/**
 * Binds a parse (spec 8.38): the column must be text; the schema's columns take its place, in
 * schema order, with their declared types.
 */
import { typeError } from '../../errors';
import type { DataType } from '../../types/data-type';
import type { Column } from '../bind-expression';
import { resolveColumn, uniqueColumns, type Binder } from './binder-kit';

export interface BoundParse {
  readonly kind: 'parse';
  /** The upstream column parsed (its real name). */
  readonly column: string;
  readonly format: 'json' | 'csv';
  readonly fields: readonly { readonly name: string; readonly type: DataType }[];
  readonly delimiter: string;
  /** The output columns with, for each, whether it is a parsed field. */
  readonly outputs: readonly (Column & { readonly parsed: boolean })[];
}

export const bindParse: Binder<'parse', BoundParse> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const column = resolveColumn(ref, 'column', columns, source.column);
  if (column.type !== 'string') throw typeError(ref, 'column', `column "${column.name}" is ${column.type}; parse reads text`);
  const fields = source.schema.map((f) => ({ name: f.name, type: f.type }));
  const outputs = columns.flatMap((c) => (c.name === column.name ? fields.map((f) => ({ ...f, parsed: true })) : [{ ...c, parsed: false }]));
  return {
    transform: { kind: 'parse', column: column.name, format: source.format, fields, delimiter: source.delimiter, outputs },
    columns: uniqueColumns(ref, outputs),
  };
};
