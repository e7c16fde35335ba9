import type { DuckDbKind } from './duckdb-kind';
import { projectionSql } from './projection';

export const replaceSql: DuckDbKind<'replace'> = {
  field: 'mappings',
  sql: (bound, [relation]) => projectionSql(bound.transform.items, relation),
};
