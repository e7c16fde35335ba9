import * as fs from 'node:fs';
import * as path from 'node:path';
import { SESSION_ERROR_CODES, isSessionError, sessionCatalogue, sessionErrors } from './errors';

describe('session error catalogue', () => {
  it('builds every code with the contract texts and structured details', () => {
    expect(sessionErrors.notFound('s1')).toMatchObject({ code: 'SESSION_NOT_FOUND', message: 'session not found', details: { sessionId: 's1' } });
    expect(sessionErrors.handleNotFound('s1', 'h1')).toMatchObject({ message: 'handle not found', details: { sessionId: 's1', handleId: 'h1' } });
    expect(sessionErrors.invalidRequest('ReadInput: asset_name is required', { field: 'asset_name' })).toMatchObject({
      code: 'SESSION_INVALID_REQUEST',
      message: 'ReadInput: asset_name is required',
      details: { field: 'asset_name' },
    });
    const produced = [
      sessionErrors.notFound('s'),
      sessionErrors.handleNotFound('s', 'h'),
      sessionErrors.limit(2),
      sessionErrors.invalidRequest('x'),
      sessionErrors.shuttingDown(),
      sessionErrors.workerFailed('exited with code 1'),
    ].map((e) => e.code);
    expect(produced).toEqual([...SESSION_ERROR_CODES]);
    expect(isSessionError(sessionErrors.limit(1))).toBe(true);
    expect(isSessionError(new Error('x'))).toBe(false);
  });

  it('is documented: the README table lists every code', () => {
    const readme = fs.readFileSync(path.join(__dirname, '../README.md'), 'utf8');
    expect([...readme.matchAll(/^\| `(SESSION_[A-Z_]+)` \|/gm)].map((m) => m[1])).toEqual([...sessionCatalogue.codes]);
  });
});
