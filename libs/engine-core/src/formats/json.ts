/** JSON files: DuckDB's `read_json` / `COPY` options, the JavaScript reader and writer, append rules. */
import type { Column } from '../bind/bind-expression';
import { sqlString } from '../sql/sql-text';
import { engineError, readFailed } from '../errors';
import type { DataType } from '../types/data-type';
import type { Value } from '../values/format-value';
import { toStrftime } from './date-pattern';
import { compressionFromName, writeCompression, type JsonOptions } from './format-options';
import type { ColumnData, FormatModule, OptionsOf } from './format-module';
import { convertAll, dateByPattern, isoDate, readLong, sameIsoTimestampFormat, timestampByPattern } from './infer-values';
import { jsonText, JsonSyntaxError, parseJsonDocuments, type JsonValue } from './json-text';
import { decodeFile, encodeText, leadingText } from './text-file';
import { jsonArrayText, jsonRecordTexts } from './value-text';

/**
 * The bytes of a JSON array file holding the records of the array file `existingPath` (kept as
 * written, nested values included) followed by `added` record texts, compressed as that file is.
 */
export function jsonArrayWithRecords(existingPath: string, display: string, options: OptionsOf<'json'>, asset: string, added: readonly string[]): Buffer {
  const old = parseJsonDocuments(decodeFile(existingPath, options.json.compression, 'utf-8', asset, display));
  const records = (old.length === 1 && Array.isArray(old[0]) ? old[0] : old).map(jsonText);
  return encodeText(jsonArrayText([...records, ...added]), writeCompression(options.json.compression, existingPath), asset);
}

export const jsonFormat: FormatModule<'json'> = {
  format: 'json',

  duckDbReadSql(absolutePath, { json: o }, adjust = {}) {
    const params = [
      `format=${sqlString(adjust.jsonArray === true ? 'array' : o.multiLine === false ? 'newline_delimited' : 'auto')}`,
      // read_json spells its codecs differently from read_csv.
      `compression=${sqlString(o.compression === 'auto' ? 'auto_detect' : o.compression === 'none' ? 'uncompressed' : o.compression)}`,
    ];
    if (o.dateFormat !== undefined) params.push(`dateformat=${sqlString(toStrftime(o.dateFormat))}`);
    if (o.timestampFormat !== undefined) params.push(`timestampformat=${sqlString(toStrftime(o.timestampFormat))}`);
    const pinned = adjust.pinnedColumns;
    if (pinned !== undefined && pinned.length > 0) params.push(`columns={${pinned.map((c) => `${sqlString(c.name)}: ${sqlString(c.type)}`).join(', ')}}`);
    return `read_json(${sqlString(absolutePath)}, ${params.join(', ')})`;
  },

  duckDbCopySql({ json: o }, finalPath, _asset, layout = {}) {
    const parts = ['FORMAT json', `COMPRESSION ${sqlString(writeCompression(o.compression, finalPath))}`];
    if (layout.jsonArray ?? o.multiLine === true) parts.push('ARRAY true');
    if (o.dateFormat !== undefined) parts.push(`DATEFORMAT ${sqlString(toStrftime(o.dateFormat))}`);
    if (o.timestampFormat !== undefined) parts.push(`TIMESTAMPFORMAT ${sqlString(toStrftime(o.timestampFormat))}`);
    return `(${parts.join(', ')})`;
  },

  readColumns(absolutePath, display, { json: o }, asset) {
    const text = decodeFile(absolutePath, o.compression, 'utf-8', asset, display);
    try {
      return jsonColumns(text, o, asset, display);
    } catch (e) {
      if (e instanceof JsonSyntaxError) throw readFailed(asset, display, e.message, e);
      throw e;
    }
  },

  encode(columns, data, rowCount, options, finalPath, asset, layout = {}) {
    const records = jsonRecordTexts(columns, data, rowCount, options);
    const text = (layout.jsonArray ?? options.json.multiLine === true) ? jsonArrayText(records) : records.map((r) => `${r}\n`).join('');
    return encodeText(text, writeCompression(options.json.compression, finalPath), asset);
  },

  // A JSON array file stays one array (rewritten with the new records); records one after the
  // other get the new ones appended, one per line.
  appendMethod(existingPath, { json: o }) {
    const codec = o.compression === 'auto' ? compressionFromName(existingPath) : o.compression;
    return leadingText(existingPath, codec).trimStart().startsWith('[') ? 'rewrite-array' : 'concatenate';
  },

  appendColumnRule: () => 'any',

  appendedCompression: ({ json: o }, existingPath) => writeCompression(o.compression, existingPath),
};

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
      throw engineError('E_UNSUPPORTED_FORMAT', {
        asset,
        path: display,
        column: name,
        problem: `the danfo backend cannot read nested JSON values (field "${name}" of ${display}); use the duckdb backend`,
      });
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
