/** `SELECT <item> AS <name>, ... FROM <relation>` for bound items (select and the column kinds). */
import type { BoundItem } from '../../check/bind-source';
import { compileDuckDbExpression as sql } from '../compile-expression';
import { quoteIdentifier } from '../sql-text';

export function projectionSql(items: readonly BoundItem[], relation: string): string {
  return `SELECT ${items.map((i) => `${sql(i.expr)} AS ${quoteIdentifier(i.name)}`).join(', ')} FROM ${relation}`;
}
