import type { DuckDbKind } from './duckdb-kind';

function passThrough<K extends 'repartition' | 'coalesce' | 'hint' | 'split'>(): DuckDbKind<K> {
  return { field: 'from', sql: (_bound, [relation]) => `SELECT * FROM ${relation}`, keepsColumnTypes: () => true };
}

// DuckDB plans and parallelises by itself: Spark's partitioning hints change nothing here.
export const repartitionSql = passThrough<'repartition'>();
export const coalesceSql = passThrough<'coalesce'>();
export const hintSql = passThrough<'hint'>();
// A split is every row of `from`; its `pass` and `fail` assets are `where` filters over it.
export const splitSql = passThrough<'split'>();
