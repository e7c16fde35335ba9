import type { DuckDbKind } from './duckdb-kind';
import { projectionSql } from './projection';

export const renameColumnsSql: DuckDbKind<'rename_columns'> = {
  field: 'mappings',
  sql: (bound, [relation]) => projectionSql(bound.transform.items, relation),
};
