import type { DuckDbKind } from './duckdb-kind';
import { intersectSql as sql } from './set-operation-sql';

export const intersectSql: DuckDbKind<'intersect'> = {
  field: 'intersect',
  sql: (bound, relations) => sql(bound.transform, bound.columns, relations),
};
