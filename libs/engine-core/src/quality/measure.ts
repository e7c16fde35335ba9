/**
 * What a quality check measures, backend-neutral: a backend answers a `MeasureRequest` over one
 * dataset (a suite's target, an assertion's input, a schemaEnforce's output) with `Measures`. Every
 * row condition and aggregate is a bound expression both backends compile, so they measure alike.
 */
import type { Column } from '../bind/bind-expression';
import type { BoundExpr } from '../bind/bound-expr';

/** A measurement over the rows of a dataset that meet `filter` (all rows without one). */
export interface MeasureRequest {
  /** Who asks, for error messages. */
  readonly asset: string;
  readonly field: string;
  readonly columns: readonly Column[];
  readonly filter?: BoundExpr;
  /** Aggregate expressions over the rows (numbers, dates as day numbers, timestamps as microseconds). */
  readonly aggregates: readonly BoundExpr[];
  /** Keys (column names) whose distinct values to count, over the rows where no key column is NULL. */
  readonly keys: readonly (readonly string[])[];
  /** Values of `column` (non-NULL) to look up in `referenceColumn` of the dataset of `asset`. */
  readonly references: readonly { readonly column: string; readonly asset: string; readonly referenceColumn: string }[];
}

/** How often the keys of one `keys` entry occur. */
export interface KeyCounts {
  /** Rows with no NULL in the key. */
  readonly keyedRows: number;
  /** Distinct keys among them. */
  readonly distinct: number;
  /** Rows whose key another row has too. */
  readonly duplicateRows: number;
}

/** The answer to a MeasureRequest, in its order. */
export interface Measures {
  /** Rows meeting the filter. */
  readonly rows: number;
  readonly aggregates: readonly (number | null)[];
  readonly keys: readonly KeyCounts[];
  /** For each reference: non-NULL values looked up and how many were not found. */
  readonly references: readonly { readonly checked: number; readonly missing: number }[];
}

/** A backend's measuring function over one dataset. */
export type Measurer = (request: MeasureRequest, signal?: AbortSignal) => Promise<Measures>;

/** The request measuring nothing but the row count. */
export function emptyRequest(asset: string, field: string, columns: readonly Column[]): MeasureRequest {
  return { asset, field, columns, aggregates: [], keys: [], references: [] };
}
