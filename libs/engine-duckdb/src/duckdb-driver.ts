/** The DuckDB backend's driver: fresh instances, its compiler, streamed whole plans, and a worker's shared database. */
import { type BackendDriver, functionSupportOf, kindSupportOf } from '@pipeline/engine-core';
import { DUCKDB_FUNCTIONS } from './compile-expression';
import { DuckDbBackend } from './duckdb-backend';
import { DUCKDB_KINDS } from './kinds';
import { createSharedDatabaseRuntime } from './shared-database-runtime';
import { compileDuckDbHandles, compileDuckDbPlan } from './physical-compiler';
import { runStreamed } from './run-streamed';

export const duckDbDriver = {
  name: 'duckdb',
  description: 'DuckDB in-process (default): streamed, multi-threaded, spills to disk beyond its memory limit',
  computesInJavaScript: false,
  kinds: kindSupportOf(DUCKDB_KINDS),
  functions: functionSupportOf(DUCKDB_FUNCTIONS),
  open: (config) => DuckDbBackend.create(config),
  compile: (plan, options = {}) => (options.retain === true ? compileDuckDbHandles(plan, true) : compileDuckDbPlan(plan, options)),
  async runPlan(plan, config, options) {
    const backend = await DuckDbBackend.create(config);
    try {
      return await runStreamed(backend.streamedConnection(), plan, options);
    } finally {
      await backend.close();
    }
  },
  openRuntime: (config) => createSharedDatabaseRuntime(config),
} as const satisfies BackendDriver & { readonly name: 'duckdb' };
