/**
 * DuckDB SQL for reading and writing files: `read_csv` / `read_json` / `read_parquet` calls and
 * `COPY ... TO` options built from typed format options. Paths, delimiters, null markers and
 * patterns are all passed as escaped string literals.
 */
import { badOption } from '../errors';
import { toStrftime } from '../formats/date-pattern';
import { writeCompression, type FormatOptions } from '../formats/format-options';
import { MAX_CSV_LINE_BYTES } from '../limits';
import { sqlString, sqlStringList } from './sql-text';

/**
 * CSV type inference candidates: DuckDB's defaults without TIME and TIMESTAMP WITH TIME ZONE,
 * which have no portable type; the JavaScript backend infers over the same list.
 */
export const CSV_TYPE_CANDIDATES = ['BOOLEAN', 'BIGINT', 'DOUBLE', 'DATE', 'TIMESTAMP', 'VARCHAR'] as const;

/** Date pattern used for CSV inference when none is given: ISO dates only. */
export const DEFAULT_DATE_FORMAT = '%Y-%m-%d';

/** Adjustments of a read: CSV column types already detected (no sniffing), a JSON layout. */
export interface ReadAdjustments {
  /** Pins CSV columns to these DuckDB types (`auto_detect=false`), as detected by an earlier sniff. */
  readonly pinnedColumns?: readonly { readonly name: string; readonly type: string }[];
  /** Reads a JSON file as one array of records. */
  readonly jsonArray?: boolean;
}

/** The table function call that reads `absolutePath`. */
export function readFunctionSql(absolutePath: string, options: FormatOptions, adjust: ReadAdjustments = {}): string {
  const path = sqlString(absolutePath);
  switch (options.format) {
    case 'csv': {
      const o = options.csv;
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
      if (pinned !== undefined && pinned.length > 0) {
        params.push(`columns={${pinned.map((c) => `${sqlString(c.name)}: ${sqlString(c.type)}`).join(', ')}}`, 'auto_detect=false');
      } else if (o.inferSchema) {
        params.push(`auto_type_candidates=${sqlStringList(CSV_TYPE_CANDIDATES)}`);
      } else {
        params.push('all_varchar=true');
      }
      return `read_csv(${path}, ${params.join(', ')})`;
    }
    case 'json': {
      const o = options.json;
      const params = [
        `format=${sqlString(adjust.jsonArray === true ? 'array' : o.multiLine === false ? 'newline_delimited' : 'auto')}`,
        // read_json spells its codecs differently from read_csv.
        `compression=${sqlString(o.compression === 'auto' ? 'auto_detect' : o.compression === 'none' ? 'uncompressed' : o.compression)}`,
      ];
      if (o.dateFormat !== undefined) params.push(`dateformat=${sqlString(toStrftime(o.dateFormat))}`);
      if (o.timestampFormat !== undefined) params.push(`timestampformat=${sqlString(toStrftime(o.timestampFormat))}`);
      return `read_json(${path}, ${params.join(', ')})`;
    }
    case 'parquet':
      return `read_parquet(${path})`;
  }
}

/**
 * The options of `COPY ... TO` for a destination whose final name is `finalPath` (the file
 * written is a temporary one, so compression is always explicit). `override.header` replaces the
 * CSV header option (appending writes rows without one), `override.jsonArray` forces a JSON array.
 */
export function copyOptionsSql(
  options: FormatOptions,
  finalPath: string,
  asset?: string,
  override: { header?: boolean; jsonArray?: boolean } = {},
): string {
  switch (options.format) {
    case 'csv': {
      const o = options.csv;
      if (o.encoding !== 'utf-8') throw badOption(asset, 'encoding', 'must be utf-8 for an output');
      const parts = [
        'FORMAT csv',
        `HEADER ${override.header ?? o.header}`,
        `DELIMITER ${sqlString(o.sep)}`,
        `QUOTE ${sqlString(o.quote)}`,
        `ESCAPE ${sqlString(o.escape)}`,
        `NULLSTR ${sqlString(o.nullValue)}`,
        `COMPRESSION ${sqlString(writeCompression(o.compression, finalPath))}`,
      ];
      if (o.dateFormat !== undefined) parts.push(`DATEFORMAT ${sqlString(toStrftime(o.dateFormat))}`);
      if (o.timestampFormat !== undefined) parts.push(`TIMESTAMPFORMAT ${sqlString(toStrftime(o.timestampFormat))}`);
      return `(${parts.join(', ')})`;
    }
    case 'json': {
      const o = options.json;
      const parts = ['FORMAT json', `COMPRESSION ${sqlString(writeCompression(o.compression, finalPath))}`];
      if (override.jsonArray ?? o.multiLine === true) parts.push('ARRAY true');
      if (o.dateFormat !== undefined) parts.push(`DATEFORMAT ${sqlString(toStrftime(o.dateFormat))}`);
      if (o.timestampFormat !== undefined) parts.push(`TIMESTAMPFORMAT ${sqlString(toStrftime(o.timestampFormat))}`);
      return `(${parts.join(', ')})`;
    }
    case 'parquet': {
      const c = options.parquet.compression;
      return c === undefined ? '(FORMAT parquet)' : `(FORMAT parquet, COMPRESSION ${sqlString(c)})`;
    }
  }
}
