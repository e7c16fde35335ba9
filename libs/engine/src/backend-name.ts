/** Names of the execution backends and how a request's backend string is read. */
import { unknownBackend } from './errors';

/** The execution backends: DuckDB in-process (default) and danfojs-node (pure JavaScript, small data). */
export type BackendName = 'duckdb' | 'danfo';

/** Every backend name, default first. */
export const BACKEND_NAMES: readonly BackendName[] = ['duckdb', 'danfo'];

/** Reads a request's backend string: absent or `""` means duckdb; anything unknown is E_UNKNOWN_BACKEND. */
export function parseBackendName(name: string | undefined | null): BackendName {
  if (name === undefined || name === null || name === '') return 'duckdb';
  if ((BACKEND_NAMES as readonly string[]).includes(name)) return name as BackendName;
  throw unknownBackend(name, BACKEND_NAMES);
}
