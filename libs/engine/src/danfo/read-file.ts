/**
 * Reads a CSV or JSON file into typed columns for the JavaScript backend, inferring types the way
 * DuckDB does: for CSV the first of boolean, long, double, date, timestamp, string that every
 * non-NULL value of a column fits; for JSON from the values' JSON kinds. Parquet is refused: no
 * parquet reader is available in pure JavaScript here.
 */
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import type { Column } from '../check/bind-expression';
import { EngineError, assetPrefix } from '../errors';
import { patternReader, type DatePattern } from '../formats/date-pattern';
import { compressionFromName, type CsvOptions, type FormatOptions, type JsonOptions, type TextCompression, type TextEncoding } from '../formats/format-options';
import type { DataType } from '../types/data-type';
import { textToDouble } from '../values/cast';
import type { Value } from '../values/format-value';
import { daysFromCivil, isCalendarDate, MICROS_PER_DAY, parseDate, parseTimestamp } from '../values/temporal';
import { csvColumnNames, CsvSyntaxError, parseCsv } from './csv-text';
import { jsonText, JsonSyntaxError, parseJsonDocuments, type JsonValue } from './json-text';

/** Typed columns: names and types, and the values column by column. */
export interface ColumnData {
  readonly columns: readonly Column[];
  readonly data: Value[][];
}

/** Reads `absolute` (shown as `display`) for asset `asset`. */
export function readFileColumns(absolute: string, display: string, options: FormatOptions, asset: string): ColumnData {
  const fail = (what: string, cause?: unknown): never => {
    throw new EngineError('E_READ_FAILED', `${assetPrefix(asset)}cannot read ${display}: ${what}`, { asset, path: display }, { cause });
  };
  switch (options.format) {
    case 'parquet':
      throw new EngineError('E_UNSUPPORTED_FORMAT', `${assetPrefix(asset)}the danfo backend cannot read parquet (use the duckdb backend)`, {
        asset,
        path: display,
        format: 'parquet',
      });
    case 'csv': {
      const text = decodeFile(absolute, options.csv.compression, options.csv.encoding, asset, display);
      try {
        return csvColumns(text, options.csv);
      } catch (e) {
        if (e instanceof CsvSyntaxError) return fail(e.message, e);
        throw e;
      }
    }
    case 'json': {
      const text = decodeFile(absolute, options.json.compression, 'utf-8', asset, display);
      try {
        return jsonColumns(text, options.json, asset, display);
      } catch (e) {
        if (e instanceof JsonSyntaxError) return fail(e.message, e);
        throw e;
      }
    }
  }
}

/** File bytes decompressed (by option, else by extension) and decoded to text. */
export function decodeFile(absolute: string, compression: TextCompression, encoding: TextEncoding, asset: string, display: string): string {
  let bytes: Buffer = fs.readFileSync(absolute);
  const codec = compression === 'auto' ? compressionFromName(absolute) : compression;
  if (codec === 'zstd') {
    throw new EngineError('E_UNSUPPORTED_FORMAT', `${assetPrefix(asset)}the danfo backend cannot read zstd-compressed files: ${display}`, {
      asset,
      path: display,
    });
  }
  if (codec === 'gzip') {
    try {
      bytes = zlib.gunzipSync(bytes);
    } catch (e) {
      throw new EngineError('E_READ_FAILED', `${assetPrefix(asset)}cannot read ${display}: not valid gzip data`, { asset, path: display }, { cause: e });
    }
  }
  const label = encoding === 'utf-16' ? 'utf-16le' : encoding === 'latin-1' ? 'latin1' : 'utf-8';
  return new TextDecoder(label).decode(bytes);
}

type Converter = (text: string) => Value | undefined;

/** CSV type candidates in DuckDB's order of preference, each with its reader. */
function csvCandidates(o: CsvOptions): ReadonlyArray<[DataType, Converter]> {
  return [
    ['boolean', readBoolean],
    ['long', readLong],
    ['double', readDouble],
    ['date', o.dateFormat === undefined ? (t) => parseDate(t) : dateByPattern(o.dateFormat)],
    ['timestamp', o.timestampFormat === undefined ? (t) => parseTimestamp(t) : timestampByPattern(o.timestampFormat)],
  ];
}

const BOOLEAN_TEXT: Readonly<Record<string, boolean>> = { true: true, false: false, t: true, f: false, yes: true, no: false };

function readBoolean(t: string): boolean | undefined {
  return BOOLEAN_TEXT[t.toLowerCase()];
}

const LONG_TEXT = /^\s*(-?)(0|[1-9]\d*)\s*$/;

function readLong(t: string): number | undefined {
  const m = LONG_TEXT.exec(t);
  if (m === null) return undefined;
  const big = BigInt(m[1] + m[2]);
  return big >= -9223372036854775808n && big <= 9223372036854775807n ? Number(big) : undefined;
}

function readDouble(t: string): number | undefined {
  // DuckDB's sniffer leaves `+5` and zero-padded numbers such as `007` as text.
  if (/^\s*(\+|-?0\d)/.test(t)) return undefined;
  return textToDouble(t);
}

function dateByPattern(p: DatePattern): Converter {
  const read = patternReader(p);
  return (t) => {
    const f = read(t);
    return f !== undefined && isCalendarDate(f.year, f.month, f.day) ? daysFromCivil(f.year, f.month, f.day) : undefined;
  };
}

function timestampByPattern(p: DatePattern): Converter {
  const read = patternReader(p);
  return (t) => {
    const f = read(t);
    if (f === undefined || !isCalendarDate(f.year, f.month, f.day) || f.hour > 23 || f.minute > 59 || f.second > 59) return undefined;
    return daysFromCivil(f.year, f.month, f.day) * MICROS_PER_DAY + ((f.hour * 60 + f.minute) * 60 + f.second) * 1_000_000 + f.micros;
  };
}

function csvColumns(text: string, o: CsvOptions): ColumnData {
  const table = parseCsv(text, o);
  const width = table.header?.length ?? table.rows[0]?.length ?? 1;
  const names = csvColumnNames(table.header, width);
  const candidates = csvCandidates(o);
  const columns: Column[] = [];
  const data: Value[][] = [];
  for (let c = 0; c < names.length; c++) {
    const raw = table.rows.map((r) => r[c] ?? null);
    let chosen: { type: DataType; values: Value[] } | undefined;
    if (o.inferSchema) {
      for (const [type, convert] of candidates) {
        const values = convertAll(raw, convert);
        if (values !== undefined) {
          chosen = { type, values };
          break;
        }
      }
    }
    chosen ??= { type: 'string', values: raw };
    columns.push({ name: names[c], type: chosen.type });
    data.push(chosen.values);
  }
  return { columns, data };
}

function convertAll(raw: readonly (string | null)[], convert: Converter): Value[] | undefined {
  const out: Value[] = new Array(raw.length);
  let any = false;
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i];
    if (t === null) {
      out[i] = null;
      continue;
    }
    const v = convert(t);
    if (v === undefined) return undefined;
    out[i] = v;
    any = true;
  }
  // A column without any value is text, as DuckDB makes it.
  return any ? out : undefined;
}

function jsonColumns(text: string, o: JsonOptions, asset: string, display: string): ColumnData {
  const trimmed = text.trimStart();
  let records: JsonValue[];
  if (o.multiLine === false) {
    records = text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .map((line, i) => {
        const values = parseJsonDocuments(line);
        if (values.length !== 1) throw new JsonSyntaxError(`line ${i + 1} does not hold exactly one JSON document`);
        return values[0];
      });
  } else {
    const docs = parseJsonDocuments(text);
    records = trimmed.startsWith('[') && docs.length === 1 && Array.isArray(docs[0]) ? docs[0] : docs;
  }
  const names: string[] = [];
  const seen = new Set<string>();
  for (const r of records) {
    if (!(r instanceof Map)) throw new JsonSyntaxError('every JSON record must be an object');
    for (const k of r.keys()) {
      if (!seen.has(k)) {
        seen.add(k);
        names.push(k);
      }
    }
  }
  // No field at all (an empty file, `[]`, `{}` records): DuckDB reads one text column named json.
  if (names.length === 0) return { columns: [{ name: 'json', type: 'string' }], data: [records.map(() => null)] };
  const columns: Column[] = [];
  const data: Value[][] = [];
  for (const name of names) {
    const raw = records.map((r) => ((r as Map<string, JsonValue>).get(name) ?? null) as JsonValue);
    if (raw.some((v) => v instanceof Map || Array.isArray(v))) {
      throw new EngineError(
        'E_UNSUPPORTED_FORMAT',
        `${assetPrefix(asset)}the danfo backend cannot read nested JSON values (field "${name}" of ${display}); use the duckdb backend`,
        { asset, path: display, column: name },
      );
    }
    const typed = jsonColumn(raw, o);
    columns.push({ name, type: typed.type });
    data.push(typed.values);
  }
  return { columns, data };
}

function jsonColumn(raw: readonly JsonValue[], o: JsonOptions): { type: DataType; values: Value[] } {
  const present = raw.filter((v) => v !== null);
  const kinds = new Set(present.map((v) => (typeof v === 'object' ? 'number' : typeof v)));
  if (kinds.size === 1 && kinds.has('boolean')) return { type: 'boolean', values: raw as Value[] };
  if (kinds.size === 1 && kinds.has('number')) {
    const nums = raw as (null | { integer: boolean; value: number; text: string })[];
    const integral = nums.every((n) => n === null || (n.integer && readLong(n.text) !== undefined));
    return { type: integral ? 'long' : 'double', values: nums.map((n) => (n === null ? null : n.value)) };
  }
  if (kinds.size === 1 && kinds.has('string')) {
    const texts = raw as (string | null)[];
    const dates = convertAll(texts, o.dateFormat === undefined ? isoDate : dateByPattern(o.dateFormat));
    if (dates !== undefined) return { type: 'date', values: dates };
    const stamps = convertAll(texts, o.timestampFormat === undefined ? sameIsoTimestampFormat(texts) : timestampByPattern(o.timestampFormat));
    if (stamps !== undefined) return { type: 'timestamp', values: stamps };
    return { type: 'string', values: texts };
  }
  // Mixed kinds (or no value at all) read as JSON text, as DuckDB reads them.
  return { type: 'string', values: raw.map((v) => (v === null ? null : jsonText(v))) };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isoDate(t: string): number | undefined {
  return ISO_DATE.test(t) ? parseDate(t) : undefined;
}

/** DuckDB detects one timestamp format per JSON column: all values must use the same date-time separator. */
function sameIsoTimestampFormat(texts: readonly (string | null)[]): Converter {
  const first = texts.find((t) => t !== null) ?? '';
  const separator = first.includes('T') ? 'T' : ' ';
  const shape = new RegExp(`^\\d{4}-\\d{2}-\\d{2}${separator}\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?$`);
  return (t) => (shape.test(t) ? parseTimestamp(t) : undefined);
}
