import type { DuckDbKind } from './duckdb-kind';
import { exceptSql as sql } from './set-operation-sql';

export const exceptSql: DuckDbKind<'except'> = {
  field: 'except',
  sql: (bound, relations) => sql(bound.transform, bound.columns, relations),
};
