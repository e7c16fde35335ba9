/**
 * What the engine knows about one file format, in one module per format (`csv.ts`, `json.ts`,
 * `parquet.ts`) behind the `FORMAT_MODULES` table: how DuckDB reads and writes it (SQL), how the
 * JavaScript backend reads and writes it (typed columns, bytes), and how rows are appended to an
 * existing file. Both backends go through this table, so they follow the same append rules and
 * report the same errors, and a format a layer forgets does not compile.
 */
import type { Format } from '@pipeline/definition';
import type { Column } from '../bind/bind-expression';
import type { Value } from '../values/format-value';
import type { FormatOptions } from './format-options';

/** The typed options of format `F`. */
export type OptionsOf<F extends Format> = Extract<FormatOptions, { readonly format: F }>;

/** Typed columns: names and types, and the values column by column. */
export interface ColumnData {
  readonly columns: readonly Column[];
  readonly data: Value[][];
}

/** Adjustments of a DuckDB read: column types already detected (no sniffing or sampling), a JSON layout. */
export interface DuckDbReadAdjustments {
  /**
   * Pins the columns to these DuckDB types, as detected by an earlier read: CSV with
   * `auto_detect=false`, JSON with `columns={...}` (no sample of the file at each bind).
   */
  readonly pinnedColumns?: readonly { readonly name: string; readonly type: string }[];
  /**
   * With `pinnedColumns`: pins the types by position but lets DuckDB's sniffer run on a small
   * sample, so the planner gets a row estimate for the file (none without it). `sniff` gives the
   * `sniff_csv` call with the same arguments, to check that the sniffer agrees with the options.
   */
  readonly estimateRows?: 'read' | 'sniff';
  /** Reads a JSON file as one array of records. */
  readonly jsonArray?: boolean;
}

/** Overrides of a write's layout: the CSV header (appended rows have none), a JSON array or lines. */
export interface WriteLayout {
  readonly header?: boolean;
  readonly jsonArray?: boolean;
}

/**
 * How rows are added to an existing file: `rewrite-by-name` writes the old rows and the new ones
 * as one new file, matching columns by name; `rewrite-array` rewrites a JSON array file as one
 * array; `concatenate` writes the new rows in the file's layout and appends the bytes.
 */
export type AppendMethod = 'rewrite-by-name' | 'rewrite-array' | 'concatenate';

/** What an append requires of the existing file's columns (E_SCHEMA_MISMATCH otherwise). */
export type AppendColumnRule = 'same-names-any-order' | 'same-names-in-order' | 'same-count' | 'any';

/** One format's module. Methods take the format's own options. */
export interface FormatModule<F extends Format> {
  readonly format: F;
  /** The DuckDB table function call that reads `absolutePath`. */
  duckDbReadSql(absolutePath: string, options: OptionsOf<F>, adjust?: DuckDbReadAdjustments): string;
  /** The options of DuckDB's `COPY ... TO` for a destination whose final name is `finalPath`. */
  duckDbCopySql(options: OptionsOf<F>, finalPath: string, asset?: string, layout?: WriteLayout): string;
  /** Reads a file into typed columns in JavaScript (the danfo backend); `display` names it in errors. */
  readColumns(absolutePath: string, display: string, options: OptionsOf<F>, asset: string): ColumnData;
  /** The bytes of a file holding `data` (column-major) in JavaScript, compressed for `finalPath`. */
  encode(
    columns: readonly Column[],
    data: readonly (readonly Value[])[],
    rowCount: number,
    options: OptionsOf<F>,
    finalPath: string,
    asset: string,
    layout?: WriteLayout,
  ): Buffer;
  /** How rows are appended to the existing file `existingPath`. */
  appendMethod(existingPath: string, options: OptionsOf<F>): AppendMethod;
  /** What an append requires of the existing file's columns. */
  appendColumnRule(options: OptionsOf<F>): AppendColumnRule;
  /** The codec of the bytes appended to `existingPath` by `concatenate`. */
  appendedCompression(options: OptionsOf<F>, existingPath: string): 'none' | 'gzip' | 'zstd';
}
