import type { DuckDbKind } from './duckdb-kind';
import { projectionSql } from './projection';

export const schemaEnforceSql: DuckDbKind<'schema_enforce'> = {
  field: 'columns',
  sql: (bound, [relation]) => projectionSql(bound.transform.items, relation),
};
