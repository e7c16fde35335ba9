/**
 * Tells an operation that ran out of memory from other failures, whichever backend it ran on:
 * DuckDB's own error class (it reached the sessions' `memory_limit` and could not spill), a
 * JavaScript allocation a danfo thread could not make, or a danfo thread stopped by V8 at its heap
 * limit. Each becomes SESSION_OUT_OF_MEMORY naming the asset, which apps answer as exhausted
 * resources, not as a server fault.
 */
import { sessionErrors, isSessionError } from './errors';

/** The texts V8 and Node give when an allocation cannot be made (a RangeError) or a thread hit its heap limit. */
const JS_OUT_OF_MEMORY =
  /Invalid array length|Invalid string length|Invalid typed array length|Array buffer allocation failed|allocation failed|out of memory|reaching memory limit/i;

/** DuckDB's error class for a failed allocation, as its message starts. */
const DUCKDB_OUT_OF_MEMORY = /^(Error: )?Out of Memory Error/;

/** True when `e` is a JavaScript allocation failure (safe to send across a thread as data). */
export function isJsOutOfMemory(e: unknown): boolean {
  return e instanceof RangeError && JS_OUT_OF_MEMORY.test(e.message);
}

/** `e` as SESSION_OUT_OF_MEMORY naming `asset` when it is an out-of-memory failure; otherwise `e` itself. */
export function asOutOfMemory(e: unknown, asset: string, limit: string): unknown {
  const reason = outOfMemoryReason(e);
  if (reason === undefined) return e;
  const details = (e as { details?: { asset?: unknown } }).details;
  const named = typeof details?.asset === 'string' && details.asset !== '' ? details.asset : asset;
  return sessionErrors.outOfMemory(named, limit, reason);
}

function outOfMemoryReason(e: unknown): string | undefined {
  if (!(e instanceof Error)) return undefined;
  if (isSessionError(e)) {
    if (e.code === 'SESSION_OUT_OF_MEMORY') return undefined;
    return e.code === 'SESSION_WORKER_FAILED' && JS_OUT_OF_MEMORY.test(e.message) ? 'the danfo thread reached its heap limit' : undefined;
  }
  if (isJsOutOfMemory(e)) return e.message;
  const duckdb = (e as { details?: { duckdb?: unknown } }).details?.duckdb;
  if (typeof duckdb === 'string' && DUCKDB_OUT_OF_MEMORY.test(duckdb)) return duckdb.replace(/^Error: /, '');
  return undefined;
}
