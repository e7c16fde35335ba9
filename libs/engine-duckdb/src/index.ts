/**
 * @pipeline/engine-duckdb: the DuckDB backend (@duckdb/node-api): expressions and kinds compiled to
 * SQL, plans streamed as one statement where they allow it, the shared locked-down database of a
 * runtime. It imports the engine core, never another backend.
 *
 * @example
 * const driver = duckdbDriver; // one line in @pipeline/engine's drivers table
 * const backend = await driver.create({ dataRoot: '/srv/data' });
 */
export { DUCKDB_FUNCTIONS, compileDuckDbExpression } from './compile-expression';
export { DuckDbDatabase, LockedDuckDb, csvProblem, translateDuckDbError } from './duckdb-database';
export { duckDbDriver } from './duckdb-driver';
export { jsonDepthGuard } from './json-depth-sql';
export { isoTexts, jsonTemporalChecks } from './json-pinning';
export { addColumnsSql } from './kinds/add-columns';
export type { DuckDbKind } from './kinds/duckdb-kind';
export { DUCKDB_KINDS } from './kinds/index';
export type { DuckDbKindTable } from './kinds/index';
export { selectSql } from './kinds/select';
export { whereSql } from './kinds/where';
export { compileDuckDbPlan } from './physical-compiler';
export { markUnordered } from './run-streamed';
export { isFatal } from './shared-database-runtime';
export { createSharedDuckDb } from './shared-session-database';
export type { SharedDuckDb, SharedDuckDbUsage } from './shared-session-database';
export { inputTypeName, normalizedDuckDbType, portableTypeName } from './type-names';
export { unobservedOrder } from './unobserved-order';
export { setValueLimitsSql } from './value-budget';
