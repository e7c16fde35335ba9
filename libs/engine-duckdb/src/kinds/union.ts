import type { DuckDbKind } from './duckdb-kind';
import { unionSql as sql } from './set-operation-sql';

export const unionSql: DuckDbKind<'union'> = {
  field: 'union',
  sql: (bound, relations) => sql(bound.transform, bound.columns, relations),
};
