/**
 * The engine's error catalogue: every failure the engine reports has a stable code, a one-sentence
 * message naming the asset and what is wrong, and structured `details`. Errors cross worker-thread
 * boundaries as plain data (`toPlainError`) and are rebuilt on the other side (`fromPlainError`).
 */
import { registerDataRoot, scrubDataRoots } from '@pipeline/errors';

/** Structured context of an engine error; every field is optional and JSON-safe. */
export interface EngineErrorDetails {
  readonly asset?: string;
  readonly field?: string;
  readonly path?: string;
  readonly column?: string;
  readonly columns?: readonly string[];
  readonly option?: string;
  readonly [key: string]: unknown;
}

/** Every engine error code, with what it means. */
export const ENGINE_ERROR_CODES = {
  E_FILE_NOT_FOUND: 'an input file does not exist',
  E_PATH_OUTSIDE_ROOT: 'a path leaves the data root or cannot be used',
  E_COLUMN_NOT_FOUND: 'an expression names a column the upstream asset does not have',
  E_DUPLICATE_COLUMN: 'a transformation would produce two columns with the same name',
  E_TYPE: 'an expression applies an operator or function to values of the wrong type, or a value cannot be converted',
  E_AGGREGATE: 'an aggregate is used where it is not allowed, or a column outside an aggregate is not a group key',
  E_BAD_PATTERN: 'a LIKE or RLIKE pattern is invalid or could make matching run away',
  E_VALUE: 'a value is out of range for an operation at run time (overflow, square root of a negative)',
  E_UNSUPPORTED_FUNCTION: 'an expression calls a function this backend does not implement',
  E_OUTPUT_EXISTS: 'an output exists and its mode is error',
  E_SCHEMA_MISMATCH: 'appended rows do not have the columns of the existing file',
  E_BAD_OPTION: 'a format option has a value the engine cannot use',
  E_UNSUPPORTED_FORMAT: 'the backend cannot read or write this format',
  E_UNSUPPORTED_KIND: 'a transformation kind this backend does not run',
  E_READ_FAILED: 'an input file exists but cannot be read or parsed',
  E_WRITE_FAILED: 'an output file cannot be written',
  E_BAD_SOURCE: 'a transformation source is malformed or names an input that has no handle',
  E_BAD_HANDLE: 'a handle id is unknown to the backend (never created, released or closed)',
  E_UNKNOWN_BACKEND: 'a backend name is neither duckdb nor danfo',
  E_BACKEND_CLOSED: 'the backend was used after it was closed',
  E_CANCELLED: 'the execution was cancelled',
  E_EXECUTION: 'the backend failed while running a step',
  E_INTERNAL: 'an unexpected failure inside the engine',
} as const;

/** A stable engine error code. */
export type EngineErrorCode = keyof typeof ENGINE_ERROR_CODES;

/** An engine failure: stable code, message naming asset and field, structured details. */
export class EngineError extends Error {
  override readonly name = 'EngineError';
  readonly code: EngineErrorCode;
  readonly details: EngineErrorDetails;

  constructor(code: EngineErrorCode, message: string, details: EngineErrorDetails = {}, options?: { cause?: unknown }) {
    super(hideDataRoots(message), options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = details;
  }
}

/**
 * Registers a data root whose absolute path must never appear in an error message: clients see
 * paths relative to it. Called for every root a backend opens; registering again is harmless.
 * The one scrubber of the workspace is `@pipeline/errors` (`registerDataRoot`), which every
 * catalogue error uses as well.
 */
export function hideInMessages(absolutePath: string): void {
  registerDataRoot(absolutePath);
}

/** `text` with every registered data root removed (`/srv/data/out/x.csv` -> `out/x.csv`, the root itself -> `<data root>`). */
export function hideDataRoots(text: string): string {
  return scrubDataRoots(text);
}

/** True when `e` is an EngineError (also one rebuilt from plain data). */
export function isEngineError(e: unknown): e is EngineError {
  return e instanceof EngineError;
}

/** True when `e` reports a cancelled execution (code E_CANCELLED). */
export function isCancelledError(e: unknown): boolean {
  return isEngineError(e) && e.code === 'E_CANCELLED';
}

/** An engine error as plain, structured-clone-safe data. */
export interface PlainEngineError {
  readonly code: EngineErrorCode;
  readonly message: string;
  readonly details?: EngineErrorDetails;
}

/** Turns any thrown value into plain data that can cross a worker-thread boundary. */
export function toPlainError(e: unknown): PlainEngineError {
  if (isEngineError(e)) {
    return { code: e.code, message: hideDataRoots(e.message), details: JSON.parse(hideDataRoots(JSON.stringify(jsonSafe(e.details)))) as EngineErrorDetails };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { code: 'E_INTERNAL', message: `internal engine error: ${hideDataRoots(message)}` };
}

/** Rebuilds an EngineError from `toPlainError` output; an unknown code becomes E_INTERNAL. */
export function fromPlainError(p: { code: string; message: string; details?: unknown }): EngineError {
  const code: EngineErrorCode = p.code in ENGINE_ERROR_CODES ? (p.code as EngineErrorCode) : 'E_INTERNAL';
  const details = p.details !== null && typeof p.details === 'object' ? (p.details as EngineErrorDetails) : {};
  return new EngineError(code, p.message, details);
}

// Details may hold bigint or other non-cloneable values from a backend; keep only JSON-safe data.
function jsonSafe(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? '{}');
}

/** Prefix that names an asset in a message: `asset "raw": `. */
export function assetPrefix(asset: string | undefined): string {
  return asset === undefined || asset === '' ? '' : `asset "${asset}": `;
}

/** `asset "raw": file not found: data/x.csv`. */
export function fileNotFound(asset: string | undefined, path: string): EngineError {
  return new EngineError('E_FILE_NOT_FOUND', `${assetPrefix(asset)}file not found: ${path}`, { asset, path });
}

/** `asset "raw": path "../x.csv" is outside the data root`. */
export function pathOutsideRoot(asset: string | undefined, path: string, reason?: string): EngineError {
  const why = reason === undefined ? 'is outside the data root' : reason;
  return new EngineError('E_PATH_OUTSIDE_ROOT', `${assetPrefix(asset)}path "${path}" ${why}`, { asset, path });
}

/** `asset "f": column "salry" not found (columns: id, name, ...)`. */
export function columnNotFound(asset: string | undefined, column: string, columns: readonly string[], field?: string): EngineError {
  const where = field === undefined ? '' : `${field}: `;
  return new EngineError(
    'E_COLUMN_NOT_FOUND',
    `${assetPrefix(asset)}${where}column "${column}" not found (columns: ${columns.join(', ')})`,
    { asset, field, column, columns: [...columns] },
  );
}

/** `asset "f": filter: <what is wrong>` for type errors. */
export function typeError(asset: string | undefined, field: string | undefined, what: string): EngineError {
  const where = field === undefined ? '' : `${field}: `;
  return new EngineError('E_TYPE', `${assetPrefix(asset)}${where}${what}`, { asset, field });
}

/** `asset "out": output already exists: out/x.parquet (mode error)`. */
export function outputExists(asset: string | undefined, path: string): EngineError {
  return new EngineError('E_OUTPUT_EXISTS', `${assetPrefix(asset)}output already exists: ${path} (mode error)`, {
    asset,
    path,
  });
}

/** `execution cancelled` (with the asset that was running, when known). */
export function cancelled(asset?: string): EngineError {
  return new EngineError('E_CANCELLED', `${assetPrefix(asset)}execution cancelled`, { asset });
}

/** `unknown backend "x" (expected duckdb, danfo)`. */
export function unknownBackend(name: string, expected: readonly string[]): EngineError {
  return new EngineError('E_UNKNOWN_BACKEND', `unknown backend "${name}" (expected ${expected.join(', ')})`, {
    backend: name,
  });
}

/** `asset "w": window is not supported by backend "danfo": <reason>`. */
export function unsupportedKind(ref: string, kind: string, backend: string, reason: string): EngineError {
  return new EngineError('E_UNSUPPORTED_KIND', `${assetPrefix(ref)}${kind} is not supported by backend "${backend}": ${reason}`, {
    asset: ref,
    kind,
    backend,
  });
}

/** `handle not found: <id>`. */
export function badHandle(handleId: string): EngineError {
  return new EngineError('E_BAD_HANDLE', `handle not found: ${handleId}`, { handle: handleId });
}

/** `asset "raw": option "sep" ...`. */
export function badOption(asset: string | undefined, option: string, what: string): EngineError {
  return new EngineError('E_BAD_OPTION', `${assetPrefix(asset)}option "${option}" ${what}`, { asset, option });
}

/** Throws E_CANCELLED when `signal` has been aborted. */
export function throwIfAborted(signal: AbortSignal | undefined, asset?: string): void {
  if (signal?.aborted) throw cancelled(asset);
}
