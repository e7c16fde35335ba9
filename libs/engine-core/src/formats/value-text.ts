/**
 * Values as the text DuckDB writes them: CSV fields (NULL stays NULL, dates and timestamps by the
 * output's patterns when given) and JSON values (numbers bare, doubles keep a `.0`, dates and
 * timestamps as strings), and JSON records and arrays laid out as DuckDB writes them.
 */
import type { Column } from '../bind/bind-expression';
import { decimalParts, isIntegral, type DataType } from '../types/data-type';
import { formatInteger, formatValue, type Value } from '../values/format-value';
import { civilFromDays, timestampFields } from '../values/temporal';
import { patternWriter, type DatePattern, type PatternFields } from './date-pattern';
import type { FormatOptions } from './format-options';

/** One JSON object text per row, keys in column order. */
export function jsonRecordTexts(
  columns: readonly Column[],
  data: readonly (readonly Value[])[],
  rowCount: number,
  options: Extract<FormatOptions, { format: 'json' }>,
): string[] {
  const o = options.json;
  const keys = columns.map((c) => JSON.stringify(c.name));
  const fmt = columns.map((c) => jsonFormatter(c.type, o.dateFormat, o.timestampFormat));
  const records: string[] = new Array(rowCount);
  for (let i = 0; i < rowCount; i++) {
    records[i] = `{${columns.map((_, c) => `${keys[c]}:${fmt[c](data[c][i])}`).join(',')}}`;
  }
  return records;
}

/** A JSON array file of record texts, laid out as DuckDB writes one. */
export function jsonArrayText(records: readonly string[]): string {
  return records.length === 0 ? '[\n]\n' : `[\n${records.map((r) => `\t${r}`).join(',\n')}\n]\n`;
}

function fieldsOfDate(days: number): PatternFields {
  return { ...civilFromDays(days), hour: 0, minute: 0, second: 0, micros: 0 };
}

/** Text of a value for CSV (NULL stays NULL), with the output's date patterns if given. */
export function textFormatter(type: DataType, dateFormat?: DatePattern, timestampFormat?: DatePattern): (v: Value) => string | null {
  if (type === 'date' && dateFormat !== undefined) {
    const w = patternWriter(dateFormat);
    return (v) => (v === null ? null : w(fieldsOfDate(Number(v))));
  }
  if (type === 'timestamp' && timestampFormat !== undefined) {
    const w = patternWriter(timestampFormat);
    return (v) => (v === null ? null : w(timestampFields(Number(v))));
  }
  return (v) => formatValue(type, v);
}

/** JSON text of a value: numbers bare (doubles keep a `.0`), dates and timestamps as strings. */
export function jsonFormatter(type: DataType, dateFormat?: DatePattern, timestampFormat?: DatePattern): (v: Value) => string {
  if (type === 'boolean') return (v) => (v === null ? 'null' : v ? 'true' : 'false');
  if (isIntegral(type)) return (v) => (v === null ? 'null' : formatInteger(Number(v)));
  if (type === 'double' || type === 'float' || decimalParts(type) !== undefined) {
    return (v) => {
      if (v === null) return 'null';
      const x = Number(v);
      if (Number.isNaN(x)) return 'NaN';
      if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
      return Number.isInteger(x) && Math.abs(x) < 1e21 ? `${x}.0` : String(x);
    };
  }
  const text = textFormatter(type, dateFormat, timestampFormat);
  return (v) => {
    const t = text(v);
    return t === null ? 'null' : JSON.stringify(t);
  };
}
