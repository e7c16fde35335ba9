/** Creates a backend instance by name. */
import type { Backend, BackendName, EngineConfig } from '@pipeline/engine-core';
import { backendDriver, parseBackendName } from './backend-drivers';

/**
 * Opens a backend (a name of BACKEND_DRIVERS; `""` means duckdb, anything else is E_UNKNOWN_BACKEND).
 * danfojs-node itself is loaded only when the first danfo backend is created.
 */
export async function createBackend(name: BackendName | string, config: EngineConfig): Promise<Backend> {
  return backendDriver(parseBackendName(name)).open(config);
}
