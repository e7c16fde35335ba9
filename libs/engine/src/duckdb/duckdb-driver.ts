/** The DuckDB backend's driver: fresh instances, streamed whole plans, and a worker's shared database. */
import type { BackendDriver } from '../backend-driver';
import { functionSupportOf } from '../kinds/function-support';
import { kindSupportOf } from '../kinds/kind-support';
import { DUCKDB_FUNCTIONS } from './compile-expression';
import { DuckDbBackend } from './duckdb-backend';
import { DUCKDB_KINDS } from './kinds';
import { createSharedDatabaseRuntime } from './shared-database-runtime';

export const duckDbDriver = {
  name: 'duckdb',
  description: 'DuckDB in-process (default): streamed, multi-threaded, spills to disk beyond its memory limit',
  computesInJavaScript: false,
  kinds: kindSupportOf(DUCKDB_KINDS),
  functions: functionSupportOf(DUCKDB_FUNCTIONS),
  open: (config) => DuckDbBackend.create(config),
  async runPlan(plan, config, options) {
    const backend = await DuckDbBackend.create(config);
    try {
      return await backend.runPlanStreaming(plan, options);
    } finally {
      await backend.close();
    }
  },
  openRuntime: (config) => createSharedDatabaseRuntime(config),
} as const satisfies BackendDriver & { readonly name: 'duckdb' };
