/**
 * Input order in DuckDB SQL. DuckDB keeps a relation's row order through scans, filters,
 * projections, LIMIT and OFFSET (`preserve_insertion_order`, on by default), and
 * `row_number() OVER ()` numbers rows in that order; kinds that sort or deduplicate number the
 * rows first so that ties and "first row" mean what they mean on the JavaScript backend.
 */
import type { Column } from '../bind/bind-expression';
import { quoteIdentifier } from './sql-text';

/** A column name not among `columns`, for a helper column (`__seq`, `__seq_1`, ...). */
export function freshColumnName(columns: readonly Column[], base: string): string {
  const taken = new Set(columns.map((c) => c.name.toLowerCase()));
  let name = base;
  for (let i = 1; taken.has(name.toLowerCase()); i++) name = `${base}_${i}`;
  return name;
}

/** `relation` with its rows numbered from 1 in input order, in column `seq`. */
export function numberedRows(relation: string, seq: string): string {
  return `(SELECT *, row_number() OVER () AS ${quoteIdentifier(seq)} FROM ${relation})`;
}

/** The column list of `columns`, quoted. */
export function columnList(columns: readonly Column[]): string {
  return columns.length === 0 ? '*' : columns.map((c) => quoteIdentifier(c.name)).join(', ');
}
