import { compileDuckDbExpression } from '../compile-expression';
import type { DuckDbKind } from './duckdb-kind';

export const whereSql: DuckDbKind<'where'> = {
  field: 'filter',
  keepsColumnTypes: () => true,
  sql: (bound, [relation]) => `SELECT * FROM ${relation} WHERE ${compileDuckDbExpression(bound.transform.filter)}`,
};
