/**
 * Writes typed columns as CSV or newline-delimited JSON text, in the form DuckDB writes them
 * (see values/format-value), optionally gzip-compressed. Parquet is refused: the danfo backend has
 * no parquet writer.
 */
import * as zlib from 'node:zlib';
import type { Column } from '../check/bind-expression';
import { EngineError, assetPrefix, badOption } from '../errors';
import { patternWriter, type DatePattern, type PatternFields } from '../formats/date-pattern';
import { writeCompression, type FormatOptions } from '../formats/format-options';
import { decimalParts, isIntegral, type DataType } from '../types/data-type';
import { formatInteger, formatValue, type Value } from '../values/format-value';
import { civilFromDays, timestampFields } from '../values/temporal';
import { csvLine } from './csv-text';

/** Encoded file contents of `data` (column-major) for an output whose final path is `finalPath`. */
export function encodeColumns(
  columns: readonly Column[],
  data: readonly (readonly Value[])[],
  rowCount: number,
  options: FormatOptions,
  finalPath: string,
  asset: string,
  header?: boolean,
): Buffer {
  let text: string;
  let compression: 'none' | 'gzip' | 'zstd';
  switch (options.format) {
    case 'parquet':
      throw new EngineError('E_UNSUPPORTED_FORMAT', `${assetPrefix(asset)}the danfo backend cannot write parquet (use the duckdb backend)`, {
        asset,
        format: 'parquet',
      });
    case 'csv': {
      const o = options.csv;
      if (o.encoding !== 'utf-8') throw badOption(asset, 'encoding', 'must be utf-8 for an output');
      const fmt = columns.map((c) => textFormatter(c.type, o.dateFormat, o.timestampFormat));
      const lines: string[] = [];
      if (header ?? o.header) lines.push(csvLine(columns.map((c) => c.name), o));
      const row: (string | null)[] = new Array(columns.length);
      for (let i = 0; i < rowCount; i++) {
        for (let c = 0; c < columns.length; c++) row[c] = fmt[c](data[c][i]);
        lines.push(csvLine(row, o));
      }
      text = lines.length === 0 ? '' : `${lines.join('\n')}\n`;
      compression = writeCompression(o.compression, finalPath);
      break;
    }
    case 'json': {
      const o = options.json;
      const records = jsonRecordTexts(columns, data, rowCount, options);
      text = o.multiLine === true ? jsonArrayText(records) : records.map((r) => `${r}\n`).join('');
      compression = writeCompression(o.compression, finalPath);
      break;
    }
  }
  const bytes = Buffer.from(text, 'utf8');
  if (compression === 'zstd') {
    throw new EngineError('E_UNSUPPORTED_FORMAT', `${assetPrefix(asset)}the danfo backend cannot write zstd-compressed files`, { asset });
  }
  return compression === 'gzip' ? zlib.gzipSync(bytes) : bytes;
}

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
function textFormatter(type: DataType, dateFormat?: DatePattern, timestampFormat?: DatePattern): (v: Value) => string | null {
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
function jsonFormatter(type: DataType, dateFormat?: DatePattern, timestampFormat?: DatePattern): (v: Value) => string {
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
