/**
 * The one place where error codes become HTTP statuses. Codes come from this app (request
 * checks, unknown routes and jobs), from the libraries (`@pipeline/jobs`, `@pipeline/engine`,
 * the validation result kinds) and from express's body parser; every error answers
 * `{error: string}`. Anything not in the table is a 500 `internal error`, logged.
 */
import type { EngineErrorCode } from '@pipeline/engine';
import { defineErrorCatalogue, type CatalogueError, type PublicCodeOf } from '@pipeline/errors';
import type { JobPublicErrorCode } from '@pipeline/jobs';
import { boundErrorMessage } from '@pipeline/server-kit';

/** The errors this app raises itself (on `@pipeline/errors`); the message is the detail after the table's prefix. */
export const httpCatalogue = defineErrorCatalogue({
  name: 'HttpError',
  prefix: 'HTTP',
  entries: {
    HTTP_INVALID_REQUEST: { meaning: 'The request is malformed; the message names the field.', message: (a: { detail: string }) => a.detail },
    HTTP_UNAUTHORIZED: { meaning: 'The server has access tokens and the request carries none, or a wrong one.', message: (a: { detail: string }) => a.detail },
    HTTP_ROUTE_NOT_FOUND: { meaning: 'No route answers this method and path.', message: (a: { detail: string }) => a.detail },
    HTTP_JOB_NOT_FOUND: { meaning: 'No job has this id.', message: (a: { detail: string }) => a.detail },
    HTTP_JOB_ALREADY_TERMINAL: { meaning: 'The job to cancel has already ended.', message: (a: { detail: string }) => a.detail },
    HTTP_BODY_TOO_LARGE: { meaning: 'The request body is larger than the configured limit.', message: (a: { detail: string }) => a.detail },
    HTTP_UNSUPPORTED_BODY: { meaning: 'The body uses a charset or encoding the server does not read.', message: (a: { detail: string }) => a.detail },
    HTTP_PIPELINE_PARSE: { meaning: 'The pipeline text does not parse (explain).', message: (a: { detail: string }) => a.detail },
    HTTP_PIPELINE_INVALID: { meaning: 'The pipeline breaks a validation rule (explain).', message: (a: { detail: string }) => a.detail },
  },
});

/** A code this app raises. */
export type HttpErrorCode = (typeof httpCatalogue.codes)[number];

/** An error this app raises itself. */
export type HttpError = CatalogueError<HttpErrorCode>;

/** Codes this app raises itself (`httpError`). */
type AppErrorCode = PublicCodeOf<typeof httpCatalogue.entries>;

/**
 * Every code that can reach a response: this app's, every public code of `@pipeline/jobs`, and
 * the engine's backend-name check (the only engine call this app makes). The table below must map
 * each one: a new public code of a library fails `typecheck` here until it is given a status.
 */
export type PublicErrorCode = AppErrorCode | JobPublicErrorCode | Extract<EngineErrorCode, 'E_UNKNOWN_BACKEND'>;

/** How one error code is answered: the status and the text put before the error's message. */
export interface ErrorMapping {
  readonly status: number;
  readonly prefix: string;
}

/** Error code -> HTTP status and message prefix. */
export const ERROR_TABLE = {
  // Raised by this app.
  HTTP_INVALID_REQUEST: { status: 400, prefix: 'invalid request: ' },
  HTTP_UNAUTHORIZED: { status: 401, prefix: '' },
  HTTP_ROUTE_NOT_FOUND: { status: 404, prefix: '' },
  HTTP_JOB_NOT_FOUND: { status: 404, prefix: '' },
  HTTP_JOB_ALREADY_TERMINAL: { status: 409, prefix: '' },
  HTTP_BODY_TOO_LARGE: { status: 413, prefix: '' },
  HTTP_UNSUPPORTED_BODY: { status: 415, prefix: 'invalid request: ' },
  // Validation result kinds of `@pipeline/validation` (explain answers them as errors); a parse
  // message already reads `parse error: ...`.
  HTTP_PIPELINE_PARSE: { status: 400, prefix: '' },
  HTTP_PIPELINE_INVALID: { status: 400, prefix: 'validation failed: ' },
  // `@pipeline/jobs`.
  JOB_INVALID_PIPELINE: { status: 400, prefix: 'validation failed: ' },
  JOB_QUEUE_FULL: { status: 429, prefix: '' },
  JOB_UNKNOWN_BACKEND: { status: 400, prefix: 'invalid request: ' },
  // Its message already reads `invalid request: ...`.
  JOB_INVALID_REQUEST: { status: 400, prefix: '' },
  JOB_SHUTTING_DOWN: { status: 503, prefix: '' },
  // The job database is down or restarting: the message says so and names the reason.
  JOB_STORE_UNAVAILABLE: { status: 503, prefix: '' },
  // An option out of range (the message names it); the gRPC app answers it INVALID_ARGUMENT too.
  JOB_INVALID_OPTION: { status: 400, prefix: 'invalid request: ' },
  // Rows of an output and previews.
  JOB_OUTPUT_NOT_FOUND: { status: 404, prefix: '' },
  JOB_NOT_COMPLETED: { status: 409, prefix: '' },
  JOB_OUTPUT_GONE: { status: 410, prefix: '' },
  JOB_UNKNOWN_ASSET: { status: 400, prefix: 'invalid request: ' },
  // The pipeline failed on its data (a missing input, a value that does not convert): the engine's message.
  JOB_LOOK_FAILED: { status: 422, prefix: 'failed: ' },
  JOB_LOOK_TIMEOUT: { status: 504, prefix: '' },
  // A preview on Spark while Spark is down: the server's dependency, as /api/ready reports it.
  JOB_BACKEND_UNAVAILABLE: { status: 503, prefix: '' },
  // Held waits on the job list are bounded; the console backs off and asks again.
  JOB_TOO_MANY_LIST_WAITS: { status: 429, prefix: '' },
  // `@pipeline/engine`.
  E_UNKNOWN_BACKEND: { status: 400, prefix: 'invalid request: ' },
} as const satisfies Record<PublicErrorCode, ErrorMapping>;

/** A code of the error table. */
export type ErrorCode = keyof typeof ERROR_TABLE;

/** Builds an error of this app; `detail` is what follows the table's prefix. */
export function httpError(code: HttpErrorCode, detail: string): HttpError {
  return httpCatalogue.create(code, { detail });
}

/** True for errors this app raised itself. */
export function isHttpError(e: unknown): e is HttpError {
  return httpCatalogue.is(e);
}

/** Shorthand for a 400 `invalid request: <detail>`. */
export function invalidRequest(detail: string): HttpError {
  return httpError('HTTP_INVALID_REQUEST', detail);
}

/** Body-parser error types (express.json) -> table code and the detail to report. */
const BODY_PARSER_ERRORS: Readonly<Record<string, (e: BodyParserError) => [ErrorCode, string]>> = {
  'entity.parse.failed': (e) => ['HTTP_INVALID_REQUEST', `body is not valid JSON: ${e.message}`],
  'entity.too.large': (e) => ['HTTP_BODY_TOO_LARGE', `request body is larger than the limit of ${e.limit} bytes`],
  'request.aborted': () => ['HTTP_INVALID_REQUEST', 'the request body was cut off by the client'],
  'request.size.invalid': () => ['HTTP_INVALID_REQUEST', 'the request body is shorter or longer than its Content-Length'],
  'charset.unsupported': (e) => ['HTTP_UNSUPPORTED_BODY', `${e.message} (send UTF-8 JSON)`],
  'encoding.unsupported': (e) => ['HTTP_UNSUPPORTED_BODY', `${e.message} (accepted: identity, gzip, deflate, br)`],
};

interface BodyParserError {
  readonly type: string;
  readonly message: string;
  readonly limit?: number;
}

/** What to send for an error, and whether it deserves a log line (an unexpected failure). */
export interface ErrorResponse {
  readonly status: number;
  readonly body: { readonly error: string };
  readonly unexpected: boolean;
}

/** What of the request an error's answer may name. */
export interface ErrorRequest {
  /** The request's Content-Encoding header, when it has one. */
  readonly contentEncoding?: string;
}

/** Translates any thrown value into the response to send. */
export function toErrorResponse(error: unknown, request: ErrorRequest = {}): ErrorResponse {
  const known = classify(error) ?? classifyUndecodable(error, request);
  if (!known) return { status: 500, body: { error: 'internal error' }, unexpected: true };
  const [code, detail] = known;
  const { status, prefix } = ERROR_TABLE[code];
  // A value quoted in a message (a URL, a name) must not turn the answer into a large one.
  return { status, body: { error: boundErrorMessage(prefix + detail) }, unexpected: false };
}

/**
 * A body whose Content-Encoding does not match its bytes (`gzip` over plain JSON): the body
 * parser passes zlib's own error on with status 400 but no type of its own.
 */
function classifyUndecodable(error: unknown, request: ErrorRequest): [ErrorCode, string] | undefined {
  if (!(error instanceof Error)) return undefined;
  const { status, errno, code } = error as { status?: unknown; errno?: unknown; code?: unknown };
  if (status !== 400 || typeof errno !== 'number' || typeof code !== 'string') return undefined;
  if (!/^(Z_|ERR__)/.test(code)) return undefined;
  const encoding = request.contentEncoding ?? 'the declared encoding';
  return ['HTTP_INVALID_REQUEST', `the body is not valid ${encoding} data (Content-Encoding: ${encoding}): ${error.message}`];
}

function classify(error: unknown): [ErrorCode, string] | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && Object.hasOwn(ERROR_TABLE, code)) return [code as ErrorCode, error.message];
  // The router's failure to percent-decode a path parameter.
  if (error instanceof URIError) return ['HTTP_INVALID_REQUEST', `malformed URL: ${error.message}`];
  const type = (error as { type?: unknown }).type;
  if (typeof type === 'string' && Object.hasOwn(BODY_PARSER_ERRORS, type)) {
    return BODY_PARSER_ERRORS[type](error as unknown as BodyParserError);
  }
  return undefined;
}
