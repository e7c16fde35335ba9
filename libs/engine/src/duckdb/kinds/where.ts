import type { DuckDbKind } from './duckdb-kind';
import { sqlOf } from './duckdb-kind';

export const whereSql: DuckDbKind<'where'> = {
  field: 'filter',
  sql: (bound, [relation]) => `SELECT * FROM ${relation} WHERE ${sqlOf(bound)(bound.transform.filter)}`,
};
