/**
 * The first rows of an asset or an output file as JSON: what the rows and preview endpoints
 * answer. Values are typed JSON: numbers as numbers (a long beyond 2^53 loses digits as any JSON
 * number read by JavaScript does; NaN and infinities as the texts "NaN", "Infinity",
 * "-Infinity"), booleans as booleans, dates, times and timestamps as their ISO text
 * (`2024-01-31`, `2024-01-31 10:00:00`), nested values (array, map, struct, variant) as JSON.
 */
import type { DataType } from '../types/data-type';

/** A column of a rows answer: its name and portable type. */
export interface RowsColumn {
  readonly name: string;
  readonly type: DataType;
}

/** The first rows of a relation. */
export interface RowsResult {
  readonly columns: readonly RowsColumn[];
  /** One array per row, values in column order. */
  readonly rows: readonly (readonly unknown[])[];
  /** True when the relation holds more rows than were returned. */
  readonly truncated: boolean;
}

/** Rows returned when a request names no limit. */
export const DEFAULT_ROWS_LIMIT = 100;

/** The most rows one request returns. */
export const MAX_ROWS_LIMIT = 10_000;
