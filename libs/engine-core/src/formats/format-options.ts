/**
 * Reads an input's or output's string options (contract decisions, section 1) into typed settings
 * both backends apply the same way. Unknown names, non-boolean booleans and values the engine
 * cannot use are E_BAD_OPTION naming the asset and the option.
 */
import { effectiveOptions, normalizeOptions, acceptedOptionNames, type Format } from '@pipeline/definition';
import { badOption } from '../errors';
import { parseDatePattern, shownPattern, type DatePattern } from './date-pattern';

/** Compression of a CSV or JSON file; `auto` (reading) goes by the file name's extension. */
export type TextCompression = 'auto' | 'none' | 'gzip' | 'zstd';

/** Parquet codecs DuckDB writes. */
export type ParquetCompression = 'snappy' | 'gzip' | 'zstd' | 'lz4' | 'lz4_raw' | 'brotli' | 'uncompressed';

/** Text encodings DuckDB reads natively. */
export type TextEncoding = 'utf-8' | 'utf-16' | 'latin-1';

/** CSV settings with every default applied. */
export interface CsvOptions {
  readonly header: boolean;
  readonly inferSchema: boolean;
  readonly sep: string;
  readonly quote: string;
  /** Escapes a quote inside a quoted field; defaults to the quote itself (`""`). */
  readonly escape: string;
  readonly nullValue: string;
  readonly dateFormat?: DatePattern;
  readonly timestampFormat?: DatePattern;
  readonly encoding: TextEncoding;
  readonly comment?: string;
  readonly compression: TextCompression;
}

/** JSON settings. */
export interface JsonOptions {
  /** `false`: strictly one document per line; `true` or absent: arrays and multi-line documents too. */
  readonly multiLine?: boolean;
  readonly dateFormat?: DatePattern;
  readonly timestampFormat?: DatePattern;
  readonly compression: TextCompression;
}

/** Parquet settings. */
export interface ParquetOptions {
  readonly compression?: ParquetCompression;
}

/** Typed settings of one file. */
export type FormatOptions =
  | { readonly format: 'csv'; readonly csv: CsvOptions }
  | { readonly format: 'json'; readonly json: JsonOptions }
  | { readonly format: 'parquet'; readonly parquet: ParquetOptions };

/** Reads `options` for `format`; `asset` names the asset in errors. */
export function readFormatOptions(format: Format, options: Readonly<Record<string, string>>, asset?: string): FormatOptions {
  const normalized = normalizeOptions(format, stringValues(options, asset));
  if (!normalized.ok) {
    const issue = normalized.issue;
    switch (issue.kind) {
      case 'unknown':
        throw badOption(asset, issue.name, `is not accepted for ${format} (accepted: ${acceptedOptionNames(format).join(', ')})`);
      case 'duplicate':
        throw badOption(asset, issue.name, `is given twice (also as "${issue.first}")`);
      case 'not-boolean':
        throw badOption(asset, issue.name, `must be "true" or "false" (got "${issue.value}")`);
    }
  }
  const o = effectiveOptions(format, normalized.options);
  switch (format) {
    case 'csv': {
      const quote = singleChar(asset, 'quote', o.quote);
      const sep = singleChar(asset, 'sep', o.sep);
      const escape = o.escape === undefined ? quote : singleChar(asset, 'escape', o.escape);
      // DuckDB refuses these and the JavaScript reader guessed: refused on both, the same way.
      if (sep === quote) throw badOption(asset, 'sep', `cannot be the quote character as well ("${quote}")`);
      if (escape === sep) throw badOption(asset, 'escape', `cannot be the separator as well ("${sep}")`);
      return {
        format,
        csv: {
          header: o.header === 'true',
          inferSchema: o.inferSchema === 'true',
          sep,
          quote,
          escape,
          nullValue: o.nullValue ?? '',
          dateFormat: pattern(asset, 'dateFormat', o.dateFormat),
          timestampFormat: pattern(asset, 'timestampFormat', o.timestampFormat),
          encoding: encoding(asset, o.encoding),
          comment: o.comment === undefined ? undefined : singleChar(asset, 'comment', o.comment),
          compression: textCompression(asset, o.compression),
        },
      };
    }
    case 'json':
      return {
        format,
        json: {
          multiLine: o.multiLine === undefined ? undefined : o.multiLine === 'true',
          dateFormat: pattern(asset, 'dateFormat', o.dateFormat),
          timestampFormat: pattern(asset, 'timestampFormat', o.timestampFormat),
          compression: textCompression(asset, o.compression),
        },
      };
    case 'parquet':
      return { format, parquet: { compression: parquetCompression(asset, o.compression) } };
  }
}

/** The compression a text file is written with: the option, else the destination's extension. */
export function writeCompression(compression: TextCompression, finalPath: string): Exclude<TextCompression, 'auto'> {
  if (compression !== 'auto') return compression;
  return compressionFromName(finalPath);
}

/** Compression implied by a file name: `.gz` gzip, `.zst` zstd, otherwise none. */
export function compressionFromName(path: string): 'none' | 'gzip' | 'zstd' {
  const lower = path.toLowerCase();
  if (lower.endsWith('.gz') || lower.endsWith('.gzip')) return 'gzip';
  if (lower.endsWith('.zst') || lower.endsWith('.zstd')) return 'zstd';
  return 'none';
}

function stringValues(options: Readonly<Record<string, unknown>>, asset: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(options ?? {})) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else throw badOption(asset, k, 'must be a string');
  }
  return out;
}

const ESCAPES: Readonly<Record<string, string>> = { '\\t': '\t', '\\n': '\n', '\\r': '\r', '\\\\': '\\' };

function singleChar(asset: string | undefined, name: string, value: string | undefined): string {
  const v = value === undefined ? '' : (ESCAPES[value] ?? value);
  if (Array.from(v).length !== 1) throw badOption(asset, name, `must be exactly one character (got "${value ?? ''}")`);
  if (v === '\n' || v === '\r') throw badOption(asset, name, 'cannot be a line break');
  return v;
}

function pattern(asset: string | undefined, name: string, value: string | undefined): DatePattern | undefined {
  if (value === undefined) return undefined;
  const p = parseDatePattern(value);
  if ('problem' in p) throw badOption(asset, name, `${shownPattern(value)}${p.problem}`);
  return p;
}

function encoding(asset: string | undefined, value: string | undefined): TextEncoding {
  if (value === undefined) return 'utf-8';
  const v = value.toLowerCase().replace(/_/g, '-');
  if (v === 'utf-8' || v === 'utf8') return 'utf-8';
  if (v === 'utf-16' || v === 'utf16' || v === 'utf-16le') return 'utf-16';
  if (v === 'latin-1' || v === 'latin1' || v === 'iso-8859-1' || v === 'iso8859-1') return 'latin-1';
  throw badOption(asset, 'encoding', `"${value}" is not supported (expected utf-8, utf-16 or latin-1)`);
}

function textCompression(asset: string | undefined, value: string | undefined): TextCompression {
  if (value === undefined) return 'auto';
  const v = value.toLowerCase();
  if (v === 'auto' || v === 'gzip' || v === 'zstd') return v;
  if (v === 'none' || v === 'uncompressed') return 'none';
  if (v === 'gz') return 'gzip';
  throw badOption(asset, 'compression', `"${value}" is not supported (expected none, gzip, zstd or auto)`);
}

function parquetCompression(asset: string | undefined, value: string | undefined): ParquetCompression | undefined {
  if (value === undefined) return undefined;
  const v = value.toLowerCase();
  if (v === 'none') return 'uncompressed';
  if (['snappy', 'gzip', 'zstd', 'lz4', 'lz4_raw', 'brotli', 'uncompressed'].includes(v)) return v as ParquetCompression;
  throw badOption(
    asset,
    'compression',
    `"${value}" is not supported for parquet (expected snappy, gzip, zstd, lz4, lz4_raw, brotli or uncompressed)`,
  );
}
