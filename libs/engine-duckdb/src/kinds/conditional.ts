import { stepsSql } from './add-columns';
import type { DuckDbKind } from './duckdb-kind';

export const conditionalSql: DuckDbKind<'conditional'> = {
  field: 'branches',
  sql: (bound, [relation]) => stepsSql(bound.transform.steps, relation),
};
