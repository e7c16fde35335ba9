import { sqlInteger } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

export const limitSql: DuckDbKind<'limit'> = {
  field: 'count',
  keepsColumnTypes: () => true,
  sql: (bound, [relation]) => `SELECT * FROM ${relation} LIMIT ${sqlInteger(bound.transform.count)}`,
};
