/** `SELECT <item> AS <name>, ... FROM <relation>` for bound items (select and the column kinds). */
import { type Column, type BoundItem, quoteIdentifier, freshColumnName, numberedRows } from '@pipeline/engine-core';
import { compileDuckDbExpression as sql, hasWindow } from '../compile-expression';

/**
 * With a window expression among the items, the input rows are numbered first: windows break
 * ties by that number and the result keeps input order (a window reorders rows in DuckDB).
 * `input` are the relation's columns, so the number's name is free.
 */
export function projectionSql(items: readonly BoundItem[], relation: string, input: readonly Column[] = []): string {
  if (!items.some((i) => hasWindow(i.expr))) {
    return `SELECT ${items.map((i) => `${sql(i.expr)} AS ${quoteIdentifier(i.name)}`).join(', ')} FROM ${relation}`;
  }
  const position = freshColumnName([...input, ...items.map((i) => ({ name: i.name, type: i.type }))], '__pos');
  const options = { position: quoteIdentifier(position) };
  const list = items.map((i) => `${sql(i.expr, options)} AS ${quoteIdentifier(i.name)}`).join(', ');
  return `SELECT ${list} FROM ${numberedRows(relation, position)} ORDER BY ${quoteIdentifier(position)}`;
}
