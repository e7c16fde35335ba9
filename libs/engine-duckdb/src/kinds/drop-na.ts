import { compileDuckDbExpression as sql } from '../compile-expression';
import type { DuckDbKind } from './duckdb-kind';

export const dropNaSql: DuckDbKind<'drop_na'> = {
  field: 'columns',
  sql: (bound, [relation]) => `SELECT * FROM ${relation} WHERE ${sql(bound.transform.filter)}`,
};
