/**
 * The SELECT statement of a bound transformation over an upstream relation (a table or view name,
 * already quoted by the caller).
 */
import type { BoundSource } from '../check/bind-source';
import { compileDuckDbExpression } from './compile-expression';
import { quoteIdentifier } from './sql-text';

/** `SELECT ... FROM <relation> ...` for `bound`. */
export function transformSql(bound: BoundSource, relation: string): string {
  const { transform, types } = bound;
  const sql = (e: Parameters<typeof compileDuckDbExpression>[0]): string => compileDuckDbExpression(e, types);
  switch (transform.kind) {
    case 'where':
      return `SELECT * FROM ${relation} WHERE ${sql(transform.filter)}`;
    case 'select': {
      const items = transform.items.map((i) => `${sql(i.expr)} AS ${quoteIdentifier(i.name)}`);
      return `SELECT ${items.join(', ')} FROM ${relation}`;
    }
    case 'group_by': {
      const keys = transform.keys.map((k) => `${sql(k.expr)} AS ${quoteIdentifier(k.name)}`);
      const aggs = transform.aggs.map((a) => `${sql(a.expr)} AS ${quoteIdentifier(a.name)}`);
      const groupBy = transform.keys.length === 0 ? '' : ` GROUP BY ${transform.keys.map((k) => sql(k.expr)).join(', ')}`;
      return `SELECT ${[...keys, ...aggs].join(', ')} FROM ${relation}${groupBy}`;
    }
  }
}
