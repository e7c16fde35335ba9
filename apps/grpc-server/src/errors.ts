/**
 * The one place where error codes become gRPC statuses. Codes come from this app, from the
 * libraries (`@pipeline/jobs`, `@pipeline/sessions`, `@pipeline/engine`) and from the
 * validation result kinds. A code in the table keeps its message (with the table's prefix, or a
 * fixed contract text); anything else becomes INTERNAL `internal error` and is logged.
 */
import type { EngineErrorCode } from '@pipeline/engine';
import { defineErrorCatalogue, type CatalogueError, type PublicCodeOf } from '@pipeline/errors';
import { boundErrorMessage } from '@pipeline/server-kit';
import type { JobPublicErrorCode } from '@pipeline/jobs';
import type { SessionPublicErrorCode } from '@pipeline/sessions';
import { ServerError, Status } from 'nice-grpc';

/** The errors this app raises itself (on `@pipeline/errors`); the message is the detail after the table's prefix. */
export const grpcCatalogue = defineErrorCatalogue({
  name: 'GrpcAppError',
  prefix: 'GRPC',
  entries: {
    GRPC_JOB_NOT_FOUND: { meaning: 'No job has this id.', message: (a: { detail: string }) => a.detail },
    GRPC_INVALID_REQUEST: { meaning: 'A request field is malformed; the message names it.', message: (a: { detail: string }) => a.detail },
    GRPC_PIPELINE_PARSE: { meaning: 'The pipeline text does not parse (ExplainPipeline).', message: (a: { detail: string }) => a.detail },
    GRPC_PIPELINE_INVALID: { meaning: 'The pipeline breaks a validation rule (ExplainPipeline).', message: (a: { detail: string }) => a.detail },
  },
});

/** A code this app raises. */
export type AppErrorCode = PublicCodeOf<typeof grpcCatalogue.entries>;

/** An error this app raises itself. */
export type AppError = CatalogueError<AppErrorCode>;

/** Builds an error of this app; `detail` is what follows the table's prefix. */
export function appError(code: AppErrorCode, detail: string): AppError {
  return grpcCatalogue.create(code, { detail });
}

/**
 * Every code that can reach a status: this app's, every public code of `@pipeline/jobs` and
 * `@pipeline/sessions`, and the engine's codes (sessions surface them) except `E_INTERNAL`,
 * which stays INTERNAL `internal error`. The table below must map each one: a new public code of
 * a library fails `typecheck` here until it is given a status.
 */
export type PublicErrorCode =
  | AppErrorCode
  | JobPublicErrorCode
  | SessionPublicErrorCode
  | Exclude<EngineErrorCode, 'E_INTERNAL'>;

/** How one error code is answered. */
export interface StatusMapping {
  readonly status: Status;
  /** Text put before the error's message. */
  readonly prefix?: string;
  /** The contract's fixed text, used instead of the error's message. */
  readonly message?: string;
}

/** Error code -> gRPC status (and message shaping). */
export const STATUS_TABLE = {
  // Raised by this app.
  GRPC_JOB_NOT_FOUND: { status: Status.NOT_FOUND, message: 'job not found' },
  GRPC_INVALID_REQUEST: { status: Status.INVALID_ARGUMENT, prefix: 'invalid request: ' },
  // Validation result kinds (ExplainPipeline): a parse message already reads `parse error: ...`.
  GRPC_PIPELINE_PARSE: { status: Status.INVALID_ARGUMENT },
  GRPC_PIPELINE_INVALID: { status: Status.INVALID_ARGUMENT, prefix: 'validation failed: ' },
  // `@pipeline/jobs`.
  JOB_INVALID_PIPELINE: { status: Status.INVALID_ARGUMENT, prefix: 'validation failed: ' },
  JOB_UNKNOWN_BACKEND: { status: Status.INVALID_ARGUMENT },
  JOB_INVALID_OPTION: { status: Status.INVALID_ARGUMENT },
  JOB_INVALID_REQUEST: { status: Status.INVALID_ARGUMENT },
  JOB_QUEUE_FULL: { status: Status.RESOURCE_EXHAUSTED, message: 'job queue is full' },
  JOB_SHUTTING_DOWN: { status: Status.UNAVAILABLE },
  JOB_STORE_UNAVAILABLE: { status: Status.UNAVAILABLE },
  // Looks (rows of an output, preview), which this app does not offer yet (sessions give the same).
  JOB_OUTPUT_NOT_FOUND: { status: Status.NOT_FOUND },
  JOB_NOT_COMPLETED: { status: Status.FAILED_PRECONDITION },
  JOB_OUTPUT_GONE: { status: Status.NOT_FOUND },
  JOB_UNKNOWN_ASSET: { status: Status.INVALID_ARGUMENT },
  JOB_LOOK_FAILED: { status: Status.FAILED_PRECONDITION },
  JOB_LOOK_TIMEOUT: { status: Status.DEADLINE_EXCEEDED },
  JOB_BACKEND_UNAVAILABLE: { status: Status.UNAVAILABLE },
  // Held list waits are an HTTP feature; the mapping keeps the table complete.
  JOB_TOO_MANY_LIST_WAITS: { status: Status.RESOURCE_EXHAUSTED },
  // `@pipeline/sessions`.
  SESSION_NOT_FOUND: { status: Status.NOT_FOUND, message: 'session not found' },
  SESSION_HANDLE_NOT_FOUND: { status: Status.NOT_FOUND, message: 'handle not found' },
  SESSION_LIMIT: { status: Status.RESOURCE_EXHAUSTED },
  SESSION_INVALID_REQUEST: { status: Status.INVALID_ARGUMENT },
  SESSION_SHUTTING_DOWN: { status: Status.UNAVAILABLE },
  SESSION_MEMORY_FULL: { status: Status.RESOURCE_EXHAUSTED },
  SESSION_OUT_OF_MEMORY: { status: Status.RESOURCE_EXHAUSTED },
  SESSION_WORKER_FAILED: { status: Status.INTERNAL },
  // `@pipeline/engine`.
  E_FILE_NOT_FOUND: { status: Status.NOT_FOUND },
  E_PATH_OUTSIDE_ROOT: { status: Status.INVALID_ARGUMENT },
  E_COLUMN_NOT_FOUND: { status: Status.INVALID_ARGUMENT },
  E_DUPLICATE_COLUMN: { status: Status.INVALID_ARGUMENT },
  E_TYPE: { status: Status.INVALID_ARGUMENT },
  E_AGGREGATE: { status: Status.INVALID_ARGUMENT },
  E_BAD_PATTERN: { status: Status.INVALID_ARGUMENT },
  E_VALUE: { status: Status.INVALID_ARGUMENT },
  E_UNSUPPORTED_FUNCTION: { status: Status.INVALID_ARGUMENT },
  E_BAD_OPTION: { status: Status.INVALID_ARGUMENT },
  E_UNSUPPORTED_FORMAT: { status: Status.INVALID_ARGUMENT },
  E_UNSUPPORTED_KIND: { status: Status.INVALID_ARGUMENT },
  E_READ_FAILED: { status: Status.INVALID_ARGUMENT },
  E_BAD_SOURCE: { status: Status.INVALID_ARGUMENT },
  E_UNKNOWN_BACKEND: { status: Status.INVALID_ARGUMENT },
  E_OUTPUT_EXISTS: { status: Status.ALREADY_EXISTS },
  E_SCHEMA_MISMATCH: { status: Status.FAILED_PRECONDITION },
  E_BAD_HANDLE: { status: Status.NOT_FOUND, message: 'handle not found' },
  E_BACKEND_CLOSED: { status: Status.NOT_FOUND, message: 'session not found' },
  E_CANCELLED: { status: Status.CANCELLED },
  // The destination is a folder, its folder cannot be made, or the file system refuses: the
  // file system's state, not the server, is at fault.
  E_WRITE_FAILED: { status: Status.FAILED_PRECONDITION },
  E_EXECUTION: { status: Status.INTERNAL },
  E_SPARK_UNAVAILABLE: { status: Status.UNAVAILABLE },
  E_QUALITY: { status: Status.FAILED_PRECONDITION },
} as const satisfies Record<PublicErrorCode, StatusMapping>;

/** A code of the status table. */
export type StatusCode = keyof typeof STATUS_TABLE;


/** The answer for one thrown value; `unexpected` ones must be logged. */
export interface StatusAnswer {
  readonly error: ServerError;
  readonly unexpected: boolean;
}

function codeOf(e: unknown): string | undefined {
  if (!(e instanceof Error)) return undefined;
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Turns anything thrown by a handler into the gRPC error the client gets. */
export function toStatusAnswer(e: unknown): StatusAnswer {
  if (e instanceof ServerError) return { error: e, unexpected: false };
  const code = codeOf(e);
  if (code !== undefined && Object.hasOwn(STATUS_TABLE, code)) {
    const mapping: StatusMapping = STATUS_TABLE[code as StatusCode];
    const message = mapping.message ?? `${mapping.prefix ?? ''}${(e as Error).message}`;
    // The message travels in a header: a quoted value must not make it large enough to stall the call.
    return { error: new ServerError(mapping.status, boundErrorMessage(message)), unexpected: false };
  }
  return { error: new ServerError(Status.INTERNAL, 'internal error'), unexpected: true };
}
