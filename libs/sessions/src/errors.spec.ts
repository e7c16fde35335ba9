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
      sessionErrors.memoryFull('512MB', 600 * 1024 * 1024, 3),
      sessionErrors.outOfMemory('big', '512MB', 'Out of Memory Error: failed to allocate'),
      sessionErrors.workerFailed('exited with code 1'),
    ].map((e) => e.code);
    expect(produced).toEqual([...SESSION_ERROR_CODES]);
    expect(sessionErrors.memoryFull('512MB', 600 * 1024 * 1024, 3).message).toBe(
      "the sessions' memory budget of 512MB is spent (3 open sessions hold about 600 MB, none idle to evict); close sessions or release handles, then retry",
    );
    expect(sessionErrors.outOfMemory('big', '512MB', 'x')).toMatchObject({
      message: `asset "big": out of memory under the sessions' memory limit of 512MB (x)`,
      details: { asset: 'big', limit: '512MB' },
    });
    expect(isSessionError(sessionErrors.limit(1))).toBe(true);
    expect(isSessionError(new Error('x'))).toBe(false);
  });

  it('is documented: the README table lists every code', () => {
    const readme = fs.readFileSync(path.join(__dirname, '../README.md'), 'utf8');
    expect([...readme.matchAll(/^\| `(SESSION_[A-Z_]+)` \|/gm)].map((m) => m[1])).toEqual([...sessionCatalogue.codes]);
  });
});
