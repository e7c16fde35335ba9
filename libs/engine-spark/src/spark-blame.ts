/**
 * Whom a failure met while Spark computes lazy views is reported against. A view is only computed
 * by what reads it (an output's write, a cached relation, a measure), so a runtime failure in an
 * upstream expression (a CAST that does not convert, an overflow) surfaces there, against the
 * reader. As DuckDB's streamed plans do (engine-duckdb blame.ts), the views the reader streams are
 * re-read one by one, in plan order, computing every column, and the first that fails the same way
 * alone takes the blame with its asset and field.
 */
import type { SparkSession } from '@pipeline/spark-connect';
import { type Blame, type Column, isEngineError } from '@pipeline/engine-core';
import { sparkFailure } from './spark-errors';
import { sparkIdentifier as q } from './sql-text';

/** A lazy view of a run: what it computes from, and whom its failures are reported against. */
export interface LazyView {
  readonly name: string;
  readonly columns: readonly Column[];
  /** Computed already (a cached relation fails at its own step). */
  readonly cached: boolean;
  /** The view's step, in plan order, and its blame; an input has none. */
  readonly step?: { readonly order: number; readonly blame: Blame };
  readonly upstream?: readonly LazyView[];
}

/** Runtime failures an upstream expression can cause (not a read, write or mode failure). */
const BLAMEABLE: ReadonlySet<string> = new Set(['E_VALUE', 'E_TYPE', 'E_EXECUTION']);

/** The lazy transformation views a statement reading `read` streams (those included), in plan order. */
export function streamedViews(read: readonly LazyView[]): LazyView[] {
  const found = new Map<string, LazyView>();
  const stack = [...read];
  while (stack.length > 0) {
    const view = stack.pop() as LazyView;
    if (found.has(view.name) || view.cached || view.step === undefined) continue;
    found.set(view.name, view);
    stack.push(...(view.upstream ?? []));
  }
  return [...found.values()].sort((a, b) => (a.step?.order ?? 0) - (b.step?.order ?? 0));
}

/** The SQL computing every column of `view` (map columns aside: Spark does not hash maps). */
export function everyColumnSql(view: Pick<LazyView, 'name' | 'columns'>): string {
  const hashed = view.columns.filter((c) => !c.type.startsWith('map<')).map((c) => q(c.name));
  return `SELECT max(hash(${hashed.length === 0 ? '1' : hashed.join(', ')})) FROM ${view.name}`;
}

/**
 * The error to report for `error` (an engine error already), met by a statement reading `read`:
 * the first view it streams that fails the same way alone, else `error` as it is.
 */
export async function blameLazy(session: SparkSession, error: unknown, read: readonly LazyView[], signal: AbortSignal | undefined): Promise<unknown> {
  if (!isEngineError(error) || !BLAMEABLE.has(error.code) || signal?.aborted) return error;
  for (const view of streamedViews(read)) {
    const blame = view.step?.blame as Blame;
    try {
      await session.sql(everyColumnSql(view), signal === undefined ? {} : { signal });
    } catch (e) {
      const failure = sparkFailure(e, blame);
      if (isEngineError(failure) && failure.code === error.code) return failure;
    }
  }
  return error;
}
