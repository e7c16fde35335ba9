import type { DuckDbKind } from './duckdb-kind';

function passThrough<K extends 'repartition' | 'coalesce' | 'hint'>(): DuckDbKind<K> {
  return { field: 'from', sql: (_bound, [relation]) => `SELECT * FROM ${relation}` };
}

// DuckDB plans and parallelises by itself: Spark's partitioning hints change nothing here.
export const repartitionSql = passThrough<'repartition'>();
export const coalesceSql = passThrough<'coalesce'>();
export const hintSql = passThrough<'hint'>();
