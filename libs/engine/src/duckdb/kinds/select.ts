import { quoteIdentifier } from '../sql-text';
import { compileDuckDbExpression as sql } from '../compile-expression';
import type { DuckDbKind } from './duckdb-kind';

export const selectSql: DuckDbKind<'select'> = {
  field: 'columns',
  sql: (bound, [relation]) => {
    const items = bound.transform.items.map((i) => `${sql(i.expr)} AS ${quoteIdentifier(i.name)}`);
    return `SELECT ${items.join(', ')} FROM ${relation}`;
  },
};
