import { sqlInteger } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

export const offsetSql: DuckDbKind<'offset'> = {
  field: 'count',
  keepsColumnTypes: () => true,
  sql: (bound, [relation]) => `SELECT * FROM ${relation} OFFSET ${sqlInteger(bound.transform.count)}`,
};
