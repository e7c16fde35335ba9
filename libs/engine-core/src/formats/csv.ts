/** CSV files: DuckDB's `read_csv` / `COPY` options, the JavaScript reader and writer, append rules. */
import type { Column } from '../bind/bind-expression';
import { badOption, readFailed } from '../errors';
import { MAX_CSV_LINE_BYTES } from '../limits';
import { sqlString, sqlStringList } from '../sql/sql-text';
import type { DataType } from '../types/data-type';
import type { Value } from '../values/format-value';
import { csvColumnNames, csvLine, CsvSyntaxError, parseCsv } from './csv-text';
import { toStrftime } from './date-pattern';
import { writeCompression, type CsvOptions } from './format-options';
import type { ColumnData, FormatModule } from './format-module';
import { convertAll, csvCandidates } from './infer-values';
import { decodeFile, encodeText } from './text-file';
import { textFormatter } from './value-text';

/**
 * CSV type inference candidates: DuckDB's defaults without TIME and TIMESTAMP WITH TIME ZONE,
 * which have no portable type; the JavaScript reader infers over the same list.
 */
export const CSV_TYPE_CANDIDATES = ['BOOLEAN', 'BIGINT', 'DOUBLE', 'DATE', 'TIMESTAMP', 'VARCHAR'] as const;

/**
 * Rows DuckDB's sniffer samples when the column types are already pinned and it only estimates the
 * row count (every later bind of a view over the file sniffs again, so the sample is kept small).
 */
export const ESTIMATE_SAMPLE_ROWS = 2048;

/** Date pattern used for CSV inference when none is given: ISO dates only. */
export const DEFAULT_DATE_FORMAT = '%Y-%m-%d';

export const csvFormat: FormatModule<'csv'> = {
  format: 'csv',

  duckDbReadSql(absolutePath, { csv: o }, adjust = {}) {
    const params = [
      `header=${o.header}`,
      `delim=${sqlString(o.sep)}`,
      `quote=${sqlString(o.quote)}`,
      `escape=${sqlString(o.escape)}`,
      `nullstr=${sqlString(o.nullValue)}`,
      `encoding=${sqlString(o.encoding)}`,
      `compression=${sqlString(o.compression)}`,
      `dateformat=${sqlString(o.dateFormat === undefined ? DEFAULT_DATE_FORMAT : toStrftime(o.dateFormat))}`,
      `max_line_size=${MAX_CSV_LINE_BYTES}`,
    ];
    if (o.timestampFormat !== undefined) params.push(`timestampformat=${sqlString(toStrftime(o.timestampFormat))}`);
    if (o.comment !== undefined) params.push(`comment=${sqlString(o.comment)}`);
    const pinned = adjust.pinnedColumns;
    if (pinned !== undefined && pinned.length > 0 && adjust.estimateRows !== undefined) {
      params.push(`types=${sqlStringList(pinned.map((c) => c.type))}`, `sample_size=${ESTIMATE_SAMPLE_ROWS}`);
      if (adjust.estimateRows === 'sniff') return `sniff_csv(${sqlString(absolutePath)}, ${params.join(', ')})`;
    } else if (pinned !== undefined && pinned.length > 0) {
      params.push(`columns={${pinned.map((c) => `${sqlString(c.name)}: ${sqlString(c.type)}`).join(', ')}}`, 'auto_detect=false');
    } else if (o.inferSchema) {
      params.push(`auto_type_candidates=${sqlStringList(CSV_TYPE_CANDIDATES)}`);
    } else {
      params.push('all_varchar=true');
    }
    return `read_csv(${sqlString(absolutePath)}, ${params.join(', ')})`;
  },

  duckDbCopySql({ csv: o }, finalPath, asset, layout = {}) {
    if (o.encoding !== 'utf-8') throw badOption(asset, 'encoding', 'must be utf-8 for an output');
    const parts = [
      'FORMAT csv',
      `HEADER ${layout.header ?? o.header}`,
      `DELIMITER ${sqlString(o.sep)}`,
      `QUOTE ${sqlString(o.quote)}`,
      `ESCAPE ${sqlString(o.escape)}`,
      `NULLSTR ${sqlString(o.nullValue)}`,
      `COMPRESSION ${sqlString(writeCompression(o.compression, finalPath))}`,
    ];
    if (o.dateFormat !== undefined) parts.push(`DATEFORMAT ${sqlString(toStrftime(o.dateFormat))}`);
    if (o.timestampFormat !== undefined) parts.push(`TIMESTAMPFORMAT ${sqlString(toStrftime(o.timestampFormat))}`);
    return `(${parts.join(', ')})`;
  },

  readColumns(absolutePath, display, { csv: o }, asset) {
    const text = decodeFile(absolutePath, o.compression, o.encoding, asset, display);
    try {
      return csvColumns(text, o);
    } catch (e) {
      if (e instanceof CsvSyntaxError) throw readFailed(asset, display, e.message, e);
      throw e;
    }
  },

  encode(columns, data, rowCount, { csv: o }, finalPath, asset, layout = {}) {
    if (o.encoding !== 'utf-8') throw badOption(asset, 'encoding', 'must be utf-8 for an output');
    const fmt = columns.map((c) => textFormatter(c.type, o.dateFormat, o.timestampFormat));
    const lines: string[] = [];
    if (layout.header ?? o.header) lines.push(csvLine(columns.map((c) => c.name), o));
    const row: (string | null)[] = new Array(columns.length);
    for (let i = 0; i < rowCount; i++) {
      for (let c = 0; c < columns.length; c++) row[c] = fmt[c](data[c][i]);
      lines.push(csvLine(row, o));
    }
    return encodeText(lines.length === 0 ? '' : `${lines.join('\n')}\n`, writeCompression(o.compression, finalPath), asset);
  },

  appendMethod: () => 'concatenate',

  // Rows are appended by position: with a header the names must match in order, else the count.
  appendColumnRule: ({ csv: o }) => (o.header ? 'same-names-in-order' : 'same-count'),

  appendedCompression: ({ csv: o }, existingPath) => writeCompression(o.compression, existingPath),
};

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
