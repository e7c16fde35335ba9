import { sqlInteger } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

// The rows after the first (count - n), in input order.
export const tailSql: DuckDbKind<'tail'> = {
  field: 'count',
  keepsColumnTypes: () => true,
  sql: (bound, [relation]) =>
    `SELECT * FROM ${relation} OFFSET greatest((SELECT count(*) FROM ${relation}) - ${sqlInteger(bound.transform.count)}, 0)`,
};
