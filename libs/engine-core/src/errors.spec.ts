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
  problemAfterAsset,
  rebuildEngineError,
  SPEC_CODE_OF,
  throwIfAborted,
  toPlainError,
  unknownBackend,
} from './errors';

// The catalogue is documented where users meet it: @pipeline/engine re-exports it.
const ENGINE_README = path.join(__dirname, '..', '..', 'engine', 'README.md');

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
    const readme = fs.readFileSync(ENGINE_README, 'utf8');
    const documented = [...readme.matchAll(/^\| (E_[A-Z_]+) \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(Object.keys(ENGINE_ERROR_CODES));
  });

  it('is defined on the workspace error helper: messages built from where and what, details without the text', () => {
    const e = engineError('E_TYPE', { asset: 'a', field: 'filter', column: 'x', problem: 'cannot compare text with a number' });
    expect(e.message).toBe('asset "a": E-EXPR-001: filter: cannot compare text with a number');
    expect(e.details).toEqual({ asset: 'a', field: 'filter', column: 'x', specCode: 'E-EXPR-001' });
    expect(engineError('E_BACKEND_CLOSED', { problem: 'the danfo backend is closed' }).message).toBe('the danfo backend is closed');
    expect(engineCatalogue.is(e)).toBe(true);
    expect(engineCatalogue.publicCodes).not.toContain('E_INTERNAL');
    expect(engineCatalogue.codes.every((code) => /^E_[A-Z_]+$/.test(code))).toBe(true);
  });

  it('names the asset and what is wrong', () => {
    expect(fileNotFound('raw', 'data/x.csv').message).toBe('asset "raw": E-IO-001: file not found: data/x.csv');
    expect(columnNotFound('f', 'salry', ['id', 'name'], 'filter').message).toBe(
      'asset "f": E-COL-001: filter: column "salry" not found (columns: id, name)',
    );
    expect(outputExists('out', 'o.csv').message).toBe('asset "out": E-IO-002: output already exists: o.csv (mode error)');
    expect(unknownBackend('x', ['duckdb', 'danfo']).message).toBe('unknown backend "x" (expected duckdb, danfo)');
  });

  it('crosses a thread boundary as plain data and is rebuilt', () => {
    const original = columnNotFound('f', 'salry', ['id'], 'filter');
    const plain = structuredClone(toPlainError(original));
    expect(plain).toEqual({
      code: 'E_COLUMN_NOT_FOUND',
      message: original.message,
      details: { asset: 'f', field: 'filter', column: 'salry', columns: ['id'], specCode: 'E-COL-001' },
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

  it("puts the spec's code after the asset and in the details: the engine code's own, or the one the site gives", () => {
    const converted = engineError('E_TYPE', { asset: 'numbered', field: 'columns', specCode: 'E-TYPE-001', problem: 'cannot convert a value' });
    expect(converted.message).toBe('asset "numbered": E-TYPE-001: columns: cannot convert a value');
    expect(converted.details.specCode).toBe('E-TYPE-001');
    expect(toPlainError(converted).details?.specCode).toBe('E-TYPE-001');
    expect(fromPlainError(structuredClone(toPlainError(converted))).details.specCode).toBe('E-TYPE-001');
    // No spec code for the failure: the message and details say none.
    const overflow = engineError('E_VALUE', { asset: 'a', problem: 'value out of range' });
    expect(overflow.message).toBe('asset "a": value out of range');
    expect(overflow.details).toEqual({ asset: 'a' });
    expect(problemAfterAsset(converted, 'numbered')).toBe('columns: cannot convert a value');
    expect(problemAfterAsset(overflow, 'a')).toBe('value out of range');
  });

  it('documents the default spec code of every engine code in the library README', () => {
    const readme = fs.readFileSync(ENGINE_README, 'utf8');
    const documented = Object.fromEntries([...readme.matchAll(/^\| (E_[A-Z_]+) \| ([^|]*) \|/gm)].map((m) => [m[1], m[2].trim()]));
    const expected = Object.fromEntries(Object.entries(SPEC_CODE_OF).map(([code, spec]) => [code, spec ?? '']));
    expect(documented).toEqual(expected);
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
