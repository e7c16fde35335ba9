/** Creates a backend instance by name. */
import type { Backend } from './backend';
import type { BackendName } from './backend-name';
import { backendDriver, parseBackendName } from './backend-drivers';
import type { EngineConfig } from './config';

/**
 * Opens a backend (`duckdb` or `danfo`; `""` means duckdb, anything else is E_UNKNOWN_BACKEND).
 * danfojs-node itself is loaded only when the first danfo backend is created.
 */
export async function createBackend(name: BackendName | string, config: EngineConfig): Promise<Backend> {
  return backendDriver(parseBackendName(name)).open(config);
}
