/**
 * The format options the other backends accept, as Spark's reader and writer options (the
 * `OPTIONS (...)` of a temporary view or a directory write). Values come from the typed options,
 * never from the user's text as such; every value is a quoted Spark string.
 */
import type { FormatOptions } from '@pipeline/engine-core';
import { sparkString } from './sql-text';

const ENCODING = { 'utf-8': 'UTF-8', 'utf-16': 'UTF-16', 'latin-1': 'ISO-8859-1' } as const;

/** Spark's data source name and its options, reading (`write` false) or writing. */
export function sparkFormat(options: FormatOptions, write: boolean): { source: string; options: Record<string, string> } {
  switch (options.format) {
    case 'csv': {
      const csv = options.csv;
      const o: Record<string, string> = { header: String(csv.header), sep: csv.sep, quote: csv.quote, escape: csv.escape, nullValue: csv.nullValue, encoding: ENCODING[csv.encoding] };
      if (!write) {
        o['inferSchema'] = String(csv.inferSchema);
        // A row Spark cannot parse fails the job, as on DuckDB (Spark's default keeps it as NULLs);
        // quoted fields may hold line breaks.
        o['mode'] = 'FAILFAST';
        o['multiLine'] = 'true';
        if (csv.comment !== undefined) o['comment'] = csv.comment;
      } else {
        // Spark's CSV writer trims a value's leading and trailing spaces by default: text is data.
        o['ignoreLeadingWhiteSpace'] = 'false';
        o['ignoreTrailingWhiteSpace'] = 'false';
      }
      if (write && csv.compression === 'gzip') {
        o['compression'] = 'gzip';
      } else if (write && csv.compression === 'zstd') {
        o['compression'] = 'zstd';
      }
      if (csv.dateFormat !== undefined) o['dateFormat'] = csv.dateFormat.written;
      if (csv.timestampFormat !== undefined) o['timestampNTZFormat'] = csv.timestampFormat.written;
      // Spark would write an ISO `T` between date and time; the other backends write a space.
      else if (write) o['timestampNTZFormat'] = 'yyyy-MM-dd HH:mm:ss';
      return { source: 'csv', options: o };
    }
    case 'json': {
      // Read only: a JSON output is written as text lines in DuckDB's spelling (observed-write.ts).
      const json = options.json;
      const o: Record<string, string> = { mode: 'FAILFAST', multiLine: String(json.multiLine === true) };
      if (json.dateFormat !== undefined) o['dateFormat'] = json.dateFormat.written;
      if (json.timestampFormat !== undefined) o['timestampNTZFormat'] = json.timestampFormat.written;
      return { source: 'json', options: o };
    }
    case 'parquet': {
      const compression = options.parquet.compression;
      return { source: 'parquet', options: write && compression !== undefined ? { compression: compression === 'uncompressed' ? 'none' : compression } : {} };
    }
  }
}

/** `OPTIONS (key 'value', ...)`: keys are this file's constants, values quoted. */
export function optionsClause(options: Readonly<Record<string, string>>): string {
  const entries = Object.entries(options);
  return entries.length === 0 ? '' : ` OPTIONS (${entries.map(([k, v]) => `${k} ${sparkString(v)}`).join(', ')})`;
}
