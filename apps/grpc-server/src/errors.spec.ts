import { jobsCatalogue } from '@pipeline/jobs';
import { sessionCatalogue } from '@pipeline/sessions';
import { ServerError, Status } from 'nice-grpc';
import { appError, grpcCatalogue, STATUS_TABLE, toStatusAnswer, type PublicErrorCode, type StatusMapping } from './errors';

function libraryError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('toStatusAnswer', () => {
  it.each([
    [appError('GRPC_JOB_NOT_FOUND', 'job 42'), Status.NOT_FOUND, 'job not found'],
    [appError('GRPC_PIPELINE_PARSE', 'parse error: bad'), Status.INVALID_ARGUMENT, 'parse error: bad'],
    [appError('GRPC_PIPELINE_INVALID', 'V-001: x'), Status.INVALID_ARGUMENT, 'validation failed: V-001: x'],
    [appError('GRPC_INVALID_REQUEST', 'path is required'), Status.INVALID_ARGUMENT, 'invalid request: path is required'],
    [libraryError('JOB_INVALID_PIPELINE', 'parse error: y'), Status.INVALID_ARGUMENT, 'validation failed: parse error: y'],
    [
      libraryError('JOB_UNKNOWN_BACKEND', 'unknown backend "x" (expected duckdb, danfo)'),
      Status.INVALID_ARGUMENT,
      'unknown backend "x" (expected duckdb, danfo)',
    ],
    [libraryError('JOB_QUEUE_FULL', 'job queue is full'), Status.RESOURCE_EXHAUSTED, 'job queue is full'],
    [
      libraryError('JOB_INVALID_OPTION', 'option timeout must be a number of seconds (got x)'),
      Status.INVALID_ARGUMENT,
      'option timeout must be a number of seconds (got x)',
    ],
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

describe('the status table', () => {
  it("maps every code of this app's own catalogue", () => {
    for (const code of grpcCatalogue.codes) expect(Object.keys(STATUS_TABLE)).toContain(code);
  });

  it('maps every public code of @pipeline/jobs and @pipeline/sessions, and no internal one', () => {
    for (const catalogue of [jobsCatalogue, sessionCatalogue]) {
      const publicCodes: readonly string[] = catalogue.publicCodes;
      for (const code of catalogue.codes) {
        if (publicCodes.includes(code)) expect(Object.keys(STATUS_TABLE)).toContain(code);
        else expect(Object.keys(STATUS_TABLE)).not.toContain(code);
      }
    }
  });
});

// Type-level proof, checked by `nx typecheck grpc-server` (tsconfig.spec.json): a table without a
// public code does not compile, and neither does one for a library that gained a code. If either
// line stopped being an error, the unused @ts-expect-error would fail the type check.
export function unmappedCodesDoNotCompile(): void {
  const { JOB_INVALID_OPTION: _dropped, ...withoutOne } = STATUS_TABLE;
  // @ts-expect-error JOB_INVALID_OPTION is a public code of @pipeline/jobs and must be mapped
  const incomplete: Record<PublicErrorCode, StatusMapping> = withoutOne;
  // @ts-expect-error a new public code (here SESSION_SOMETHING_NEW) has no row in the table
  const stale: Record<PublicErrorCode | 'SESSION_SOMETHING_NEW', StatusMapping> = STATUS_TABLE;
  void incomplete;
  void stale;
}
