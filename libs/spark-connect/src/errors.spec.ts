import * as fs from 'node:fs';
import * as path from 'node:path';
import { isSparkError, SPARK_ERROR_CODES, sparkCatalogue } from './errors';

describe('Spark Connect error catalogue', () => {
  it('builds every code with a message naming what went wrong', () => {
    const produced = [
      sparkCatalogue.create('SPARK_INVALID_URL', { url: 'x', reason: 'expected sc://host:port' }),
      sparkCatalogue.create('SPARK_UNAVAILABLE', { address: '127.0.0.1:1', reason: 'connection refused' }),
      sparkCatalogue.create('SPARK_AUTH_FAILED', { address: 'h:1', reason: 'bad token' }),
      sparkCatalogue.create('SPARK_QUERY_FAILED', { message: 'division by zero', errorClass: 'DIVIDE_BY_ZERO', sqlState: '22012' }),
      sparkCatalogue.create('SPARK_CANCELLED', { reason: 'the caller cancelled it' }),
      sparkCatalogue.create('SPARK_SESSION_RELEASED', { sessionId: 's1' }),
      sparkCatalogue.create('SPARK_UNSUPPORTED_TYPE', { column: 'c', type: 'interval' }),
      sparkCatalogue.create('SPARK_PROTOCOL', { reason: 'x' }),
    ];
    expect(produced.map((e) => e.code)).toEqual([...SPARK_ERROR_CODES]);
    expect(produced[1].message).toBe('spark unavailable: connection refused (127.0.0.1:1)');
    expect(produced[3]).toMatchObject({
      message: 'spark query failed [DIVIDE_BY_ZERO] (SQLSTATE 22012): division by zero',
      details: { errorClass: 'DIVIDE_BY_ZERO', sqlState: '22012' },
    });
    expect(isSparkError(produced[0])).toBe(true);
    expect(isSparkError(new Error('x'))).toBe(false);
  });

  it('is documented: the README table lists every code', () => {
    const readme = fs.readFileSync(path.join(__dirname, '../README.md'), 'utf8');
    expect([...readme.matchAll(/^\| `(SPARK_[A-Z_]+)` \|/gm)].map((m) => m[1])).toEqual([...sparkCatalogue.codes]);
  });
});
