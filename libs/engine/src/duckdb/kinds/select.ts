import type { DuckDbKind } from './duckdb-kind';
import { projectionSql } from './projection';

export const selectSql: DuckDbKind<'select'> = {
  field: 'columns',
  sql: (bound, [relation]) => projectionSql(bound.transform.items, relation, bound.transform.input),
};
