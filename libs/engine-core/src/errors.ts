/**
 * The engine's error catalogue (on `@pipeline/errors`): every failure the engine reports has a
 * stable code, a one-sentence message naming the asset (and field) and what is wrong, and
 * structured `details`. Each code's message is built here from its situation: where (`asset`,
 * `field`) and the problem; call sites pass the situation, never a finished message. Errors cross
 * worker-thread boundaries as plain data (`toPlainError`) and are rebuilt (`fromPlainError`).
 */
import { defineErrorCatalogue, registerDataRoot, scrubDataRoots, type CatalogueError, type CreateOptions, type ErrorDetails } from '@pipeline/errors';

/** Structured context of an engine error; every field is optional and JSON-safe. */
export interface EngineErrorDetails {
  readonly asset?: string;
  readonly field?: string;
  readonly path?: string;
  readonly column?: string;
  readonly columns?: readonly string[];
  readonly option?: string;
  /** The Teckel specification's code for the failure (section 25), where it names one. */
  readonly specCode?: SpecErrorCode;
  readonly [key: string]: unknown;
}

/**
 * The Teckel specification's error codes (section 25 and the sections naming them) the engine
 * reports at run time. Spec 24.5: an error is reported with the asset name and this code.
 */
export type SpecErrorCode =
  | 'E-AGG-001'
  | 'E-COL-001'
  | 'E-EXPR-001'
  | 'E-EXPR-004'
  | 'E-EXPR-005'
  | 'E-EXPR-006'
  | 'E-IO-001'
  | 'E-IO-002'
  | 'E-JOIN-001'
  | 'E-META-004'
  | 'E-NAME-003'
  | 'E-QUALITY-001'
  | 'E-QUALITY-004'
  | 'E-QUALITY-005'
  | 'E-SCHEMA-001'
  | 'E-SCHEMA-002'
  | 'E-SCHEMA-003'
  | 'E-SCHEMA-004'
  | 'E-TYPE-001';

/**
 * Where an engine error happened and what is wrong: the message reads
 * `asset "<asset>": <specCode>: <field>: <problem>` (parts left out when absent); everything but
 * `problem` goes into the details. `specCode` defaults to the engine code's own
 * ({@link SPEC_CODE_OF}); call sites give it where one engine code covers several spec codes.
 */
export interface EngineProblem extends EngineErrorDetails {
  readonly problem: string;
}

const situated = (a: EngineProblem): string =>
  `${assetPrefix(a.asset)}${a.specCode === undefined ? '' : `${a.specCode}: `}${a.field === undefined ? '' : `${a.field}: `}${a.problem}`;

const detailsOf = ({ problem: _problem, ...details }: EngineProblem): ErrorDetails => details;

/** One catalogue entry whose message is built from an `EngineProblem`. */
const entry = (meaning: string, visibility: { public?: false } = {}) =>
  ({ meaning, message: situated, details: detailsOf, ...visibility }) as const;

/** The engine's catalogue. */
export const engineCatalogue = defineErrorCatalogue({
  name: 'EngineError',
  prefix: 'E',
  entries: {
    E_FILE_NOT_FOUND: entry('an input file does not exist'),
    E_PATH_OUTSIDE_ROOT: entry('a path leaves the data root or cannot be used'),
    E_COLUMN_NOT_FOUND: entry('an expression names a column the upstream asset does not have'),
    E_DUPLICATE_COLUMN: entry('a transformation would produce two columns with the same name'),
    E_TYPE: entry('an expression applies an operator or function to values of the wrong type, or a value cannot be converted'),
    E_AGGREGATE: entry('an aggregate is used where it is not allowed, or a column outside an aggregate is not a group key'),
    E_BAD_PATTERN: entry('a LIKE pattern is too long, or an RLIKE pattern is one RE2 cannot compile'),
    E_VALUE: entry('a value is out of range for an operation at run time (overflow, square root of a negative)'),
    E_UNSUPPORTED_FUNCTION: entry('an expression calls a function this backend does not implement'),
    E_OUTPUT_EXISTS: entry('an output exists and its mode is error'),
    E_SCHEMA_MISMATCH: entry('appended rows do not have the columns of the existing file, the inputs of a union, intersect, except, scd2 or merge do not line up, or an asset lacks or adds columns a strict schemaEnforce names'),
    E_BAD_OPTION: entry('a format option has a value the engine cannot use'),
    E_UNSUPPORTED_FORMAT: entry('the backend cannot read or write this format'),
    E_UNSUPPORTED_KIND: entry('a transformation kind this backend does not run'),
    E_READ_FAILED: entry('an input file exists but cannot be read or parsed'),
    E_WRITE_FAILED: entry('an output file cannot be written'),
    E_BAD_SOURCE: entry('a transformation source is malformed or names an input that has no handle'),
    E_BAD_HANDLE: entry('a handle id is unknown to the backend (never created, released or closed)'),
    E_UNKNOWN_BACKEND: entry('a backend name is neither duckdb nor danfo'),
    E_BACKEND_CLOSED: entry('the backend was used after it was closed'),
    E_CANCELLED: entry('the execution was cancelled'),
    E_EXECUTION: entry('the backend failed while running a step'),
    E_SPARK_UNAVAILABLE: entry('the spark backend cannot reach its Spark Connect server, or the server lost the session (restarted)'),
    E_QUALITY: entry('an assertion or an error-severity quality check failed (spec E-QUALITY-001), or a NULL reached a column schemaEnforce declares not nullable'),
    E_INTERNAL: entry('an unexpected failure inside the engine', { public: false }),
  },
});

/** A stable engine error code. */
export type EngineErrorCode = (typeof engineCatalogue.codes)[number];

/**
 * The spec code an engine code reports when the call site names none: set where the engine code
 * stands for one spec code (or for one in nearly every use, the others given at their sites),
 * undefined where the specification names no such failure or the sites must choose.
 */
export const SPEC_CODE_OF = {
  E_FILE_NOT_FOUND: 'E-IO-001',
  E_PATH_OUTSIDE_ROOT: undefined,
  E_COLUMN_NOT_FOUND: 'E-COL-001',
  // Spec E-NAME-003 is a collision after a rename (given there); other duplicates have no spec code.
  E_DUPLICATE_COLUMN: undefined,
  // A conversion that fails or types that do not widen give E-TYPE-001 at their sites.
  E_TYPE: 'E-EXPR-001',
  E_AGGREGATE: 'E-AGG-001',
  E_BAD_PATTERN: undefined,
  E_VALUE: undefined,
  E_UNSUPPORTED_FUNCTION: undefined,
  E_OUTPUT_EXISTS: 'E-IO-002',
  // Set operations (E-SCHEMA-001) and strict schemaEnforce (E-SCHEMA-003 / 004) give theirs; appends have none.
  E_SCHEMA_MISMATCH: undefined,
  E_BAD_OPTION: undefined,
  E_UNSUPPORTED_FORMAT: undefined,
  E_UNSUPPORTED_KIND: undefined,
  E_READ_FAILED: 'E-IO-001',
  E_WRITE_FAILED: undefined,
  // Dropping every column gives E-SCHEMA-002 at its site.
  E_BAD_SOURCE: undefined,
  E_BAD_HANDLE: undefined,
  E_UNKNOWN_BACKEND: undefined,
  E_BACKEND_CLOSED: undefined,
  E_CANCELLED: undefined,
  E_EXECUTION: undefined,
  E_QUALITY: 'E-QUALITY-001',
  E_SPARK_UNAVAILABLE: undefined,
  E_INTERNAL: undefined,
} as const satisfies Record<EngineErrorCode, SpecErrorCode | undefined>;

/** Every engine error code, with what it means (the README's table). */
export const ENGINE_ERROR_CODES = Object.fromEntries(
  engineCatalogue.codes.map((code) => [code, engineCatalogue.entries[code].meaning]),
) as Readonly<Record<EngineErrorCode, string>>;

/** An engine failure: stable code, message naming asset and field, structured details. */
export type EngineError = CatalogueError<EngineErrorCode> & { readonly details: EngineErrorDetails };

/** Builds the engine error `code` for `problem` (where it happened and what is wrong). */
export function engineError(code: EngineErrorCode, problem: EngineProblem, options?: CreateOptions): EngineError {
  const { specCode: given, ...rest } = problem;
  const specCode = given ?? SPEC_CODE_OF[code];
  return engineCatalogue.create(code, specCode === undefined ? rest : { ...rest, specCode }, options) as EngineError;
}

/**
 * What `e`'s message says after where it happened: `asset "a": E-TYPE-001: filter: x` without
 * `asset "a": ` and the spec code, to build the same error for another place.
 */
export function problemAfterAsset(e: EngineError, asset: string | undefined): string {
  const prefix = assetPrefix(asset);
  const rest = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
  const code = e.details.specCode === undefined ? '' : `${e.details.specCode}: `;
  return code !== '' && rest.startsWith(code) ? rest.slice(code.length) : rest;
}

/** The same error with another message (kept as given) and details; used to re-attribute one. */
export function rebuildEngineError(code: EngineErrorCode, message: string, details: EngineErrorDetails, options?: CreateOptions): EngineError {
  return engineCatalogue.rebuild(code, message, details, options) as EngineError;
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
  return engineCatalogue.is(e);
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
  return rebuildEngineError(code, p.message, details);
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
  return engineError('E_FILE_NOT_FOUND', { asset, path, problem: `file not found: ${path}` });
}

/** `asset "raw": path "../x.csv" is outside the data root`. */
export function pathOutsideRoot(asset: string | undefined, path: string, reason?: string): EngineError {
  return engineError('E_PATH_OUTSIDE_ROOT', { asset, path, problem: `path "${path}" ${reason ?? 'is outside the data root'}` });
}

/** `asset "f": E-COL-001: column "salry" not found (columns: id, name, ...)`. */
export function columnNotFound(asset: string | undefined, column: string, columns: readonly string[], field?: string): EngineError {
  return engineError('E_COLUMN_NOT_FOUND', {
    asset,
    field,
    column,
    columns: [...columns],
    problem: `column "${column}" not found (columns: ${columns.join(', ')})`,
  });
}

/** `asset "f": E-EXPR-001: filter: <what is wrong>` for type errors (another spec code when given). */
export function typeError(asset: string | undefined, field: string | undefined, what: string, specCode?: SpecErrorCode): EngineError {
  return engineError('E_TYPE', { asset, field, problem: what, ...(specCode === undefined ? {} : { specCode }) });
}

/** `asset "out": output already exists: out/x.parquet (mode error)`. */
export function outputExists(asset: string | undefined, path: string): EngineError {
  return engineError('E_OUTPUT_EXISTS', { asset, path, problem: `output already exists: ${path} (mode error)` });
}

/** `execution cancelled` (with the asset that was running, when known). */
export function cancelled(asset?: string): EngineError {
  return engineError('E_CANCELLED', { asset, problem: 'execution cancelled' });
}

/** `unknown backend "x" (expected duckdb, danfo)`. */
export function unknownBackend(name: string, expected: readonly string[]): EngineError {
  return engineError('E_UNKNOWN_BACKEND', { backend: name, problem: `unknown backend "${name}" (expected ${expected.join(', ')})` });
}

/** `asset "w": window is not supported by backend "danfo": <reason>`. */
export function unsupportedKind(ref: string, kind: string, backend: string, reason: string): EngineError {
  return engineError('E_UNSUPPORTED_KIND', {
    asset: ref,
    kind,
    backend,
    problem: `${kind} is not supported by backend "${backend}": ${reason}`,
  });
}

/** E_UNSUPPORTED_FORMAT for an output a backend does not write as defined (its format's options). */
export function unsupportedOutput(ref: string, format: string, backend: string, reason: string): EngineError {
  return engineError('E_UNSUPPORTED_FORMAT', {
    asset: ref,
    backend,
    problem: `this ${format} output is not supported by backend "${backend}": ${reason}`,
  });
}

/** E_UNSUPPORTED_FUNCTION for an asset calling a function a backend does not compute. */
export function unsupportedFunction(ref: string, name: string, backend: string, reason: string): EngineError {
  return engineError('E_UNSUPPORTED_FUNCTION', {
    asset: ref,
    function: name,
    backend,
    problem: `function "${name}" is not supported by backend "${backend}": ${reason}`,
  });
}

/** `handle not found: <id>`. */
export function badHandle(handleId: string): EngineError {
  return engineError('E_BAD_HANDLE', { handle: handleId, problem: `handle not found: ${handleId}` });
}

/** `asset "raw": option "sep" ...`. */
export function badOption(asset: string | undefined, option: string, what: string): EngineError {
  return engineError('E_BAD_OPTION', { asset, option, problem: `option "${option}" ${what}` });
}

/** `asset "raw": cannot read data/x.csv: <what>`. */
export function readFailed(asset: string, display: string, what: string, cause?: unknown): EngineError {
  return engineError('E_READ_FAILED', { asset, path: display, problem: `cannot read ${display}: ${what}` }, { cause });
}

/** A failure that signals a bug in the engine (E_INTERNAL, not public). */
export function internalError(problem: string, asset?: string): EngineError {
  return engineError('E_INTERNAL', { asset, problem });
}

/** Throws E_CANCELLED when `signal` has been aborted. */
export function throwIfAborted(signal: AbortSignal | undefined, asset?: string): void {
  if (signal?.aborted) throw cancelled(asset);
}
