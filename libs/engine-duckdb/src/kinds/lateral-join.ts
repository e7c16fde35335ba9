import { asJoin } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';
import { joinSql } from './join';

// A lateral join over an asset is a join (see check/binders/lateral-join.ts).
export const lateralJoinSql: DuckDbKind<'lateral_join'> = {
  field: 'on',
  sql: (bound, relations) => joinSql.sql({ transform: asJoin(bound.transform), columns: bound.columns }, relations),
};
