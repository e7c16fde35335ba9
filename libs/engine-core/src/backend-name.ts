/**
 * The execution backends. Adding one means adding its name here and its driver to the table in
 * `backend-drivers.ts` (the table's type makes a name without a driver a compile error).
 */

/** DuckDB in-process (default), danfojs-node (pure JavaScript, small data) and Apache Spark through Spark Connect. */
export type BackendName = 'duckdb' | 'danfo' | 'spark';

/** The backend of a request that names none. */
export const DEFAULT_BACKEND: BackendName = 'duckdb';
