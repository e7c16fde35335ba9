import { jobsCatalogue } from '@pipeline/jobs';
import { ERROR_TABLE, httpCatalogue, httpError, invalidRequest, toErrorResponse, type ErrorMapping, type PublicErrorCode } from './errors';

function libraryError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

function bodyParserError(type: string, message: string, extra: object = {}): Error {
  return Object.assign(new Error(message), { type }, extra);
}

describe('toErrorResponse', () => {
  it.each([
    [invalidRequest('"yaml" is required'), 400, 'invalid request: "yaml" is required'],
    [httpError('HTTP_ROUTE_NOT_FOUND', 'no route GET /x'), 404, 'no route GET /x'],
    [httpError('HTTP_JOB_NOT_FOUND', 'job not found'), 404, 'job not found'],
    [httpError('HTTP_JOB_ALREADY_TERMINAL', 'job is already completed'), 409, 'job is already completed'],
    [httpError('HTTP_PIPELINE_PARSE', 'parse error: bad'), 400, 'parse error: bad'],
    [httpError('HTTP_PIPELINE_INVALID', 'V-001: x'), 400, 'validation failed: V-001: x'],
    [libraryError('JOB_INVALID_PIPELINE', 'parse error: y'), 400, 'validation failed: parse error: y'],
    [libraryError('JOB_QUEUE_FULL', 'job queue is full'), 429, 'job queue is full'],
    [libraryError('JOB_SHUTTING_DOWN', 'the job service is shutting down'), 503, 'the job service is shutting down'],
    [
      libraryError('JOB_INVALID_OPTION', 'option timeout must be a number of seconds (got x)'),
      400,
      'invalid request: option timeout must be a number of seconds (got x)',
    ],
    [
      libraryError('E_UNKNOWN_BACKEND', 'unknown backend "x" (expected duckdb, danfo)'),
      400,
      'invalid request: unknown backend "x" (expected duckdb, danfo)',
    ],
    [
      libraryError('JOB_UNKNOWN_BACKEND', 'unknown backend "x" (expected duckdb, danfo)'),
      400,
      'invalid request: unknown backend "x" (expected duckdb, danfo)',
    ],
    [libraryError('JOB_INVALID_REQUEST', 'invalid request: yaml must be a string'), 400, 'invalid request: yaml must be a string'],
    [bodyParserError('entity.parse.failed', 'Unexpected token'), 400, 'invalid request: body is not valid JSON: Unexpected token'],
    [bodyParserError('entity.too.large', 'too large', { limit: 100 }), 413, 'request body is larger than the limit of 100 bytes'],
    [bodyParserError('charset.unsupported', 'unsupported charset "LATIN1"'), 415, 'invalid request: unsupported charset "LATIN1" (send UTF-8 JSON)'],
    [new URIError("Failed to decode param '%E0'"), 400, "invalid request: malformed URL: Failed to decode param '%E0'"],
  ])('maps %p to %i', (error, status, message) => {
    expect(toErrorResponse(error)).toEqual({ status, body: { error: message }, unexpected: false });
  });

  it.each([
    [new Error('boom')],
    [libraryError('ECONNRESET', 'socket hang up')],
    [libraryError('hasOwnProperty', 'not a table row')],
    [bodyParserError('stream.not.readable', 'stream is not readable')],
    ['a thrown string'],
    [undefined],
  ])('answers 500 internal error for the unexpected %p', (error) => {
    expect(toErrorResponse(error)).toEqual({ status: 500, body: { error: 'internal error' }, unexpected: true });
  });

  it('maps every code to a client or server error status', () => {
    for (const { status } of Object.values(ERROR_TABLE)) {
      expect(status >= 400 && status < 600).toBe(true);
    }
  });
});

describe('the error table', () => {
  it("maps every code of this app's own catalogue", () => {
    for (const code of httpCatalogue.codes) expect(Object.keys(ERROR_TABLE)).toContain(code);
  });

  it('maps every public code of @pipeline/jobs, and no internal one', () => {
    for (const code of jobsCatalogue.publicCodes) expect(Object.keys(ERROR_TABLE)).toContain(code);
    for (const code of jobsCatalogue.codes.filter((c) => !(jobsCatalogue.publicCodes as readonly string[]).includes(c))) {
      expect(Object.keys(ERROR_TABLE)).not.toContain(code);
    }
  });
});

// Type-level proof, checked by `nx typecheck http-server` (tsconfig.spec.json): a table without a
// public code does not compile, and neither does one for a library that gained a code. If either
// line stopped being an error, the unused @ts-expect-error would fail the type check.
export function unmappedCodesDoNotCompile(): void {
  const { JOB_INVALID_OPTION: _dropped, ...withoutOne } = ERROR_TABLE;
  // @ts-expect-error JOB_INVALID_OPTION is a public code of @pipeline/jobs and must be mapped
  const incomplete: Record<PublicErrorCode, ErrorMapping> = withoutOne;
  // @ts-expect-error a new public code (here JOB_SOMETHING_NEW) has no row in the table
  const stale: Record<PublicErrorCode | 'JOB_SOMETHING_NEW', ErrorMapping> = ERROR_TABLE;
  void incomplete;
  void stale;
}
