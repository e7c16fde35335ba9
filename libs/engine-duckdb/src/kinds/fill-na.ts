import type { DuckDbKind } from './duckdb-kind';
import { projectionSql } from './projection';

export const fillNaSql: DuckDbKind<'fill_na'> = {
  field: 'value',
  sql: (bound, [relation]) => projectionSql(bound.transform.items, relation),
};
