/**
 * Binds a parse (spec 8.38): the column must be text; the schema's columns take its place, in
 * schema order, with their declared types. Without a schema the columns are inferred from a
 * sample of the column's values (check/infer-parse-schema.ts), which the probe reads first.
 */
import { engineError, typeError } from '../../errors';
import type { DataType } from '../../types/data-type';
import type { Column } from '../bind-expression';
import { INFER_SAMPLE, inferCsvFields, inferJsonFields } from '../infer-parse-schema';
import { resolveColumn, uniqueColumns, type Binder, type Prober } from './binder-kit';

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

/** Without a schema: the first INFER_SAMPLE non-NULL values of the column. */
export const probeParse: Prober<'parse'> = (ref, source, upstream) =>
  source.schema !== undefined
    ? undefined
    : { input: 0, columns: [resolveColumn(ref, 'column', upstream[0].columns, source.column).name], what: 'sample', limit: INFER_SAMPLE, field: 'schema' };

export const bindParse: Binder<'parse', BoundParse> = (ref, source, upstream, probed) => {
  const columns = upstream[0].columns;
  const column = resolveColumn(ref, 'column', columns, source.column);
  if (column.type !== 'string') throw typeError(ref, 'column', `column "${column.name}" is ${column.type}; parse reads text`);
  const fields = (source.schema ?? inferred(ref, source.format, source.delimiter, column.name, probed)).map((f) => ({ name: f.name, type: f.type as DataType }));
  const outputs = columns.flatMap((c) => (c.name === column.name ? fields.map((f) => ({ ...f, parsed: true })) : [{ ...c, parsed: false }]));
  return {
    transform: { kind: 'parse', column: column.name, format: source.format, fields, delimiter: source.delimiter, outputs },
    columns: uniqueColumns(ref, outputs),
  };
};

function inferred(ref: string, format: 'json' | 'csv', delimiter: string, column: string, probed: readonly (readonly (string | null)[])[] | undefined) {
  // Binding without the data (a plan's static pass) cannot name the columns: that pass skips the step.
  if (probed === undefined) throw engineError('E_BAD_SOURCE', { asset: ref, field: 'schema', problem: 'the parsed columns are inferred from the data when the job runs' });
  const values = probed.flatMap(([v]) => (v === null || v === undefined ? [] : [v]));
  let fields;
  try {
    fields = format === 'json' ? inferJsonFields(values) : inferCsvFields(values, delimiter);
  } catch (e) {
    throw engineError('E_BAD_SOURCE', { asset: ref, field: 'schema', problem: `cannot be inferred from column "${column}": ${(e as Error).message}; list the columns with their dataType` });
  }
  if (fields.length === 0) {
    const what = format === 'json' ? 'holds no JSON object' : 'holds no value';
    throw engineError('E_BAD_SOURCE', { asset: ref, field: 'schema', problem: `cannot be inferred: the first ${INFER_SAMPLE} non-NULL values of column "${column}" ${what}; list the columns with their dataType` });
  }
  return fields;
}
