import type { DuckDbKind } from './duckdb-kind';
import { projectionSql } from './projection';

export const dropColumnsSql: DuckDbKind<'drop_columns'> = {
  field: 'columns',
  sql: (bound, [relation]) => projectionSql(bound.transform.items, relation),
};
