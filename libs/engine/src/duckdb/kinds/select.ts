import type { DuckDbKind } from './duckdb-kind';
import { projectionSql } from './projection';

export const selectSql: DuckDbKind<'select'> = {
  field: 'columns',
  // Plain column references (`select: [a, b]`) only pick columns; anything computed is described.
  keepsColumnTypes: (bound) => bound.transform.items.every((i) => i.expr.kind === 'column'),
  sql: (bound, [relation]) => projectionSql(bound.transform.items, relation, bound.transform.input),
};
