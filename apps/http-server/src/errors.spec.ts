import { ERROR_TABLE, HttpError, invalidRequest, toErrorResponse } from './errors';

function libraryError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

function bodyParserError(type: string, message: string, extra: object = {}): Error {
  return Object.assign(new Error(message), { type }, extra);
}

describe('toErrorResponse', () => {
  it.each([
    [invalidRequest('"yaml" is required'), 400, 'invalid request: "yaml" is required'],
    [new HttpError('ROUTE_NOT_FOUND', 'no route GET /x'), 404, 'no route GET /x'],
    [new HttpError('JOB_NOT_FOUND', 'job not found'), 404, 'job not found'],
    [new HttpError('JOB_ALREADY_TERMINAL', 'job is already completed'), 409, 'job is already completed'],
    [new HttpError('PIPELINE_PARSE', 'parse error: bad'), 400, 'parse error: bad'],
    [new HttpError('PIPELINE_INVALID', 'V-001: x'), 400, 'validation failed: V-001: x'],
    [libraryError('JOB_INVALID_PIPELINE', 'parse error: y'), 400, 'validation failed: parse error: y'],
    [libraryError('JOB_QUEUE_FULL', 'job queue is full'), 429, 'job queue is full'],
    [libraryError('JOB_SHUTTING_DOWN', 'the job service is shutting down'), 503, 'the job service is shutting down'],
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
