import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  ENGINE_ERROR_CODES,
  cancelled,
  columnNotFound,
  engineCatalogue,
  engineError,
  fileNotFound,
  fromPlainError,
  isCancelledError,
  isEngineError,
  outputExists,
  rebuildEngineError,
  throwIfAborted,
  toPlainError,
  unknownBackend,
} from './errors';

describe('engine error catalogue', () => {
  it('gives every code a description and the codes a stable E_ prefix', () => {
    for (const [code, meaning] of Object.entries(ENGINE_ERROR_CODES)) {
      expect(code).toMatch(/^E_[A-Z_]+$/);
      expect(meaning.length).toBeGreaterThan(10);
    }
    expect(Object.keys(ENGINE_ERROR_CODES)).toEqual(
      expect.arrayContaining([
        'E_FILE_NOT_FOUND',
        'E_PATH_OUTSIDE_ROOT',
        'E_COLUMN_NOT_FOUND',
        'E_TYPE',
        'E_OUTPUT_EXISTS',
        'E_CANCELLED',
        'E_UNKNOWN_BACKEND',
        'E_BAD_HANDLE',
      ]),
    );
  });

  it('is documented code for code in the library README', () => {
    const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    const documented = [...readme.matchAll(/^\| (E_[A-Z_]+) \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(Object.keys(ENGINE_ERROR_CODES));
  });

  it('is defined on the workspace error helper: messages built from where and what, details without the text', () => {
    const e = engineError('E_TYPE', { asset: 'a', field: 'filter', column: 'x', problem: 'cannot compare text with a number' });
    expect(e.message).toBe('asset "a": filter: cannot compare text with a number');
    expect(e.details).toEqual({ asset: 'a', field: 'filter', column: 'x' });
    expect(engineError('E_BACKEND_CLOSED', { problem: 'the danfo backend is closed' }).message).toBe('the danfo backend is closed');
    expect(engineCatalogue.is(e)).toBe(true);
    expect(engineCatalogue.publicCodes).not.toContain('E_INTERNAL');
    expect(engineCatalogue.codes.every((code) => /^E_[A-Z_]+$/.test(code))).toBe(true);
  });

  it('names the asset and what is wrong', () => {
    expect(fileNotFound('raw', 'data/x.csv').message).toBe('asset "raw": file not found: data/x.csv');
    expect(columnNotFound('f', 'salry', ['id', 'name'], 'filter').message).toBe(
      'asset "f": filter: column "salry" not found (columns: id, name)',
    );
    expect(outputExists('out', 'o.csv').message).toBe('asset "out": output already exists: o.csv (mode error)');
    expect(unknownBackend('x', ['duckdb', 'danfo']).message).toBe('unknown backend "x" (expected duckdb, danfo)');
  });

  it('crosses a thread boundary as plain data and is rebuilt', () => {
    const original = columnNotFound('f', 'salry', ['id'], 'filter');
    const plain = structuredClone(toPlainError(original));
    expect(plain).toEqual({
      code: 'E_COLUMN_NOT_FOUND',
      message: original.message,
      details: { asset: 'f', field: 'filter', column: 'salry', columns: ['id'] },
    });
    const rebuilt = fromPlainError(plain);
    expect(isEngineError(rebuilt)).toBe(true);
    expect(rebuilt.code).toBe('E_COLUMN_NOT_FOUND');
    expect(rebuilt.message).toBe(original.message);
    expect(rebuilt.details.column).toBe('salry');
  });

  it('turns foreign errors and unknown codes into E_INTERNAL', () => {
    expect(toPlainError(new TypeError('boom'))).toEqual({ code: 'E_INTERNAL', message: 'internal engine error: boom' });
    expect(toPlainError('text')).toEqual({ code: 'E_INTERNAL', message: 'internal engine error: text' });
    expect(fromPlainError({ code: 'E_NOPE', message: 'x' }).code).toBe('E_INTERNAL');
    const withBigint = rebuildEngineError('E_TYPE', 'm', { value: 12n });
    expect(toPlainError(withBigint).details).toEqual({ value: '12' });
  });

  it('recognises cancellation', () => {
    expect(isCancelledError(cancelled('raw'))).toBe(true);
    expect(cancelled('raw').message).toBe('asset "raw": execution cancelled');
    expect(isCancelledError(fileNotFound('a', 'b'))).toBe(false);
    expect(isCancelledError(new Error('x'))).toBe(false);
    const controller = new AbortController();
    expect(() => throwIfAborted(controller.signal)).not.toThrow();
    controller.abort();
    expect(() => throwIfAborted(controller.signal, 'x')).toThrow(expect.objectContaining({ code: 'E_CANCELLED' }));
  });
});
