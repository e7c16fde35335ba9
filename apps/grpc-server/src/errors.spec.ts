import { ServerError, Status } from 'nice-grpc';
import { AppError, STATUS_TABLE, toStatusAnswer } from './errors';

function libraryError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('toStatusAnswer', () => {
  it.each([
    [new AppError('JOB_NOT_FOUND', 'job 42'), Status.NOT_FOUND, 'job not found'],
    [new AppError('PIPELINE_PARSE', 'parse error: bad'), Status.INVALID_ARGUMENT, 'parse error: bad'],
    [new AppError('PIPELINE_INVALID', 'V-001: x'), Status.INVALID_ARGUMENT, 'validation failed: V-001: x'],
    [new AppError('INVALID_REQUEST', 'path is required'), Status.INVALID_ARGUMENT, 'invalid request: path is required'],
    [libraryError('JOB_INVALID_PIPELINE', 'parse error: y'), Status.INVALID_ARGUMENT, 'validation failed: parse error: y'],
    [
      libraryError('JOB_UNKNOWN_BACKEND', 'unknown backend "x" (expected duckdb, danfo)'),
      Status.INVALID_ARGUMENT,
      'unknown backend "x" (expected duckdb, danfo)',
    ],
    [libraryError('JOB_QUEUE_FULL', 'job queue is full'), Status.RESOURCE_EXHAUSTED, 'job queue is full'],
    [libraryError('SESSION_NOT_FOUND', 'whatever'), Status.NOT_FOUND, 'session not found'],
    [libraryError('SESSION_HANDLE_NOT_FOUND', 'whatever'), Status.NOT_FOUND, 'handle not found'],
    [libraryError('E_BAD_HANDLE', 'handle not found: h1'), Status.NOT_FOUND, 'handle not found'],
    [libraryError('SESSION_LIMIT', 'too many open sessions (limit 2)'), Status.RESOURCE_EXHAUSTED, 'too many open sessions (limit 2)'],
    [libraryError('E_FILE_NOT_FOUND', 'file not found: a.csv'), Status.NOT_FOUND, 'file not found: a.csv'],
    [libraryError('E_READ_FAILED', 'cannot read a.csv: bad'), Status.INVALID_ARGUMENT, 'cannot read a.csv: bad'],
    [libraryError('E_OUTPUT_EXISTS', 'output already exists: o.csv'), Status.ALREADY_EXISTS, 'output already exists: o.csv'],
    [libraryError('E_WRITE_FAILED', 'output path is a folder: out'), Status.FAILED_PRECONDITION, 'output path is a folder: out'],
  ])('maps %p', (error, status, message) => {
    const answer = toStatusAnswer(error);
    expect(answer.unexpected).toBe(false);
    expect(answer.error.code).toBe(status);
    expect(answer.error.details).toBe(message);
  });

  it('passes a ServerError through', () => {
    const e = new ServerError(Status.DEADLINE_EXCEEDED, 'slow');
    expect(toStatusAnswer(e)).toEqual({ error: e, unexpected: false });
  });

  it.each([[new Error('boom')], [libraryError('E_INTERNAL', 'internal engine error: x')], [libraryError('toString', 'not a row')], ['a string'], [undefined]])(
    'answers INTERNAL internal error for the unexpected %p',
    (error) => {
      const answer = toStatusAnswer(error);
      expect(answer.unexpected).toBe(true);
      expect(answer.error.code).toBe(Status.INTERNAL);
      expect(answer.error.details).toBe('internal error');
    },
  );

  it('never maps a code to OK or UNKNOWN', () => {
    for (const { status } of Object.values(STATUS_TABLE)) {
      expect([Status.OK, Status.UNKNOWN]).not.toContain(status);
    }
  });
});
