/** Creates a backend instance by name. */
import type { Backend } from './backend';
import { parseBackendName, type BackendName } from './backend-name';
import type { EngineConfig } from './config';
import { DanfoBackend } from './danfo/danfo-backend';
import { DuckDbBackend } from './duckdb/duckdb-backend';

/**
 * Opens a backend (`duckdb` or `danfo`; `""` means duckdb, anything else is E_UNKNOWN_BACKEND).
 * danfojs-node itself is loaded only when the first danfo backend is created.
 */
export async function createBackend(name: BackendName | string, config: EngineConfig): Promise<Backend> {
  const backend = parseBackendName(name);
  return backend === 'duckdb' ? DuckDbBackend.create(config) : DanfoBackend.create(config);
}
