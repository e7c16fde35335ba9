import { stepsSql } from './add-columns';
import type { DuckDbKind } from './duckdb-kind';

export const windowSql: DuckDbKind<'window'> = {
  field: 'functions',
  sql: (bound, [relation]) => stepsSql(bound.transform.steps, relation),
};
