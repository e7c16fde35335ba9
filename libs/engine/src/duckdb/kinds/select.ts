import { quoteIdentifier } from '../sql-text';
import type { DuckDbKind } from './duckdb-kind';
import { sqlOf } from './duckdb-kind';

export const selectSql: DuckDbKind<'select'> = {
  field: 'columns',
  sql: (bound, [relation]) => {
    const sql = sqlOf(bound);
    const items = bound.transform.items.map((i) => `${sql(i.expr)} AS ${quoteIdentifier(i.name)}`);
    return `SELECT ${items.join(', ')} FROM ${relation}`;
  },
};
