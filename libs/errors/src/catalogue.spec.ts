import { Worker } from 'node:worker_threads';
import {
  CatalogueError,
  clearDataRoots,
  defineErrorCatalogue,
  fromPlainError,
  internalErrors,
  isPlainError,
  MAX_ERROR_MESSAGE_CHARS,
  registerDataRoot,
  toPlainError,
  type PublicCodeOf,
} from './index';

const sample = defineErrorCatalogue({
  name: 'SampleError',
  prefix: 'SAMPLE',
  entries: {
    SAMPLE_QUEUE_FULL: {
      meaning: 'The queue is at capacity.',
      message: (a: { capacity: number }) => `queue is full (capacity ${a.capacity})`,
    },
    SAMPLE_BAD_FIELD: {
      meaning: 'A field of an asset is wrong.',
      message: (a: { asset: string; field: string; line: number; column: number }) =>
        `asset "${a.asset}": ${a.field} is wrong at line ${a.line}, column ${a.column}`,
    },
    SAMPLE_WRAPPED: {
      meaning: 'A message given by another layer, with its details.',
      message: (a: { text: string; where: { asset: string } }) => a.text,
      details: (a: { where: { asset: string } }) => a.where,
    },
    SAMPLE_STOPPING: { meaning: 'The sample is stopping.', message: () => 'stopping' },
    SAMPLE_BUG: { meaning: 'An internal state that is a bug.', message: () => 'bug', public: false },
  },
});

afterEach(() => clearDataRoots());

describe('defineErrorCatalogue', () => {
  it('builds errors with a stable code, the built message and the arguments as details', () => {
    const e = sample.create('SAMPLE_BAD_FIELD', { asset: 'raw', field: 'path', line: 3, column: 7 });
    expect(e).toBeInstanceOf(CatalogueError);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('SampleError');
    expect(e.code).toBe('SAMPLE_BAD_FIELD');
    expect(e.message).toBe('asset "raw": path is wrong at line 3, column 7');
    expect(e.details).toEqual({ asset: 'raw', field: 'path', line: 3, column: 7 });
  });

  it('uses the entry details builder when given, and empty details for entries without arguments', () => {
    expect(sample.create('SAMPLE_WRAPPED', { text: 'V-001: x', where: { asset: 'a' } }).details).toEqual({ asset: 'a' });
    const stopping = sample.create('SAMPLE_STOPPING');
    expect(stopping.message).toBe('stopping');
    expect(stopping.details).toEqual({});
  });

  it('bounds every message to 2,000 characters, built or rebuilt from plain data, saying how much was cut', () => {
    const e = sample.create('SAMPLE_BAD_FIELD', { asset: 'raw', field: `f${'<'.repeat(36_000)}`, line: 1, column: 1 });
    expect(e.message.startsWith('asset "raw": f<<<')).toBe(true);
    expect(e.message).toMatch(/^[^]{2000}\.\.\. \(\d+ more characters cut\)$/);
    expect(e.message.length).toBeLessThan(MAX_ERROR_MESSAGE_CHARS + 40);
    expect(sample.rebuild('SAMPLE_STOPPING', 'y'.repeat(5000)).message).toBe(`${'y'.repeat(2000)}... (3000 more characters cut)`);
  });

  it('keeps a cause', () => {
    const cause = new Error('disk on fire');
    expect(sample.create('SAMPLE_STOPPING', undefined, { cause }).cause).toBe(cause);
  });

  it('lists codes and public codes in definition order', () => {
    expect(sample.codes).toEqual(['SAMPLE_QUEUE_FULL', 'SAMPLE_BAD_FIELD', 'SAMPLE_WRAPPED', 'SAMPLE_STOPPING', 'SAMPLE_BUG']);
    expect(sample.publicCodes).toEqual(['SAMPLE_QUEUE_FULL', 'SAMPLE_BAD_FIELD', 'SAMPLE_WRAPPED', 'SAMPLE_STOPPING']);
  });

  it('recognises its own errors only', () => {
    expect(sample.is(sample.create('SAMPLE_STOPPING'))).toBe(true);
    expect(sample.is(internalErrors.create('INTERNAL_UNEXPECTED', { message: 'x' }))).toBe(false);
    expect(sample.is(Object.assign(new Error('x'), { code: 'SAMPLE_STOPPING' }))).toBe(false);
    // Another copy of the library's module builds look-alikes: same name and a known code.
    expect(sample.is(Object.assign(new Error('x'), { name: 'SampleError', code: 'SAMPLE_STOPPING' }))).toBe(true);
    expect(sample.is(Object.assign(new Error('x'), { name: 'SampleError', code: 'SAMPLE_NOPE' }))).toBe(false);
    expect(sample.is('SAMPLE_STOPPING')).toBe(false);
  });

  it('refuses codes outside the scheme or the prefix', () => {
    const entry = { meaning: 'm', message: () => 'x' };
    expect(() => defineErrorCatalogue({ name: 'A', prefix: 'A', entries: { 'A-1': entry } })).toThrow('does not follow the scheme A_NAME');
    expect(() => defineErrorCatalogue({ name: 'B', prefix: 'B', entries: { B_lower: entry } })).toThrow('B_lower');
    expect(() => defineErrorCatalogue({ name: 'C', prefix: 'C', entries: { D_OTHER: entry } })).toThrow('D_OTHER');
    expect(() => defineErrorCatalogue({ name: 'E', prefix: 'E', entries: { E_NO_MEANING: { meaning: ' ', message: () => 'x' } } })).toThrow(
      'has no meaning',
    );
  });

  it('renders the docs table', () => {
    expect(sample.markdownTable().split('\n')[0]).toBe('| `SAMPLE_QUEUE_FULL` | The queue is at capacity. |');
  });
});

describe('plain data', () => {
  it('round-trips a catalogue error with its code, message, details and cause', () => {
    const e = sample.create('SAMPLE_QUEUE_FULL', { capacity: 5 }, { cause: new RangeError('too many') });
    const plain = toPlainError(e);
    expect(plain).toEqual({
      catalogue: 'SampleError',
      code: 'SAMPLE_QUEUE_FULL',
      message: 'queue is full (capacity 5)',
      details: { capacity: 5 },
      cause: { name: 'RangeError', message: 'too many' },
    });
    expect(isPlainError(plain)).toBe(true);
    const back = fromPlainError(structuredClone(plain));
    expect(sample.is(back)).toBe(true);
    expect(back.code).toBe('SAMPLE_QUEUE_FULL');
    expect(back.message).toBe('queue is full (capacity 5)');
    expect(back.details).toEqual({ capacity: 5 });
    expect((back.cause as Error).message).toBe('too many');
  });

  it('turns other thrown values into INTERNAL_UNEXPECTED, or into the fallback given', () => {
    expect(toPlainError(new TypeError('boom'))).toMatchObject({ catalogue: 'InternalError', code: 'INTERNAL_UNEXPECTED', message: 'boom' });
    expect(toPlainError('text')).toMatchObject({ code: 'INTERNAL_UNEXPECTED', message: 'text' });
    expect(toPlainError(new Error('boom'), () => sample.create('SAMPLE_STOPPING'))).toMatchObject({ code: 'SAMPLE_STOPPING' });
  });

  it('rebuilds an unknown catalogue or code as INTERNAL_UNEXPECTED keeping the message', () => {
    const back = fromPlainError({ catalogue: 'NoSuchError', code: 'NO_SUCH', message: 'kept', details: {} });
    expect(back.code).toBe('INTERNAL_UNEXPECTED');
    expect(back.message).toBe('kept');
    expect(fromPlainError({ catalogue: 'SampleError', code: 'SAMPLE_GONE', message: 'm', details: {} }).code).toBe('INTERNAL_UNEXPECTED');
  });

  it('makes details structured-clone safe (bigint, functions, cycles)', () => {
    const cyclic: Record<string, unknown> = { n: 1n };
    cyclic['self'] = cyclic;
    const e = sample.create('SAMPLE_WRAPPED', { text: 't', where: { asset: 'a', rows: 10n, f: () => 1, cyclic } as never });
    const plain = toPlainError(e);
    expect(plain.details).toEqual({ asset: 'a', rows: '10', cyclic: { n: '1' } });
    expect(() => structuredClone(plain)).not.toThrow();
  });

  it('crosses a real worker thread as plain data', async () => {
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       parentPort.postMessage({ catalogue: 'SampleError', code: 'SAMPLE_QUEUE_FULL', message: 'queue is full (capacity 2)', details: { capacity: 2 } });`,
      { eval: true },
    );
    const plain = await new Promise<unknown>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    if (!isPlainError(plain)) throw new Error('not plain error data');
    const back = fromPlainError(plain);
    expect(sample.is(back)).toBe(true);
    expect(back.details).toEqual({ capacity: 2 });
  });
});

describe('data root scrubbing', () => {
  it('removes registered roots from messages, details and causes', () => {
    registerDataRoot('/srv/data/');
    const e = sample.create('SAMPLE_WRAPPED', { text: 'cannot read /srv/data/in/x.csv in /srv/data', where: { asset: '/srv/data/in' } });
    expect(e.message).toBe('cannot read in/x.csv in <data root>');
    expect(e.details).toEqual({ asset: 'in' });
    const withCause = sample.create('SAMPLE_STOPPING', undefined, { cause: new Error('open /srv/data/a.csv') });
    expect(toPlainError(withCause).cause?.message).toBe('open a.csv');
    expect(toPlainError(new Error('at /srv/data/b')).message).toBe('at b');
  });

  it('prefers the longest root when roots nest', () => {
    registerDataRoot('/srv');
    registerDataRoot('/srv/data');
    expect(sample.create('SAMPLE_WRAPPED', { text: '/srv/data/x', where: { asset: 'a' } }).message).toBe('x');
  });
});

// Type-level checks: run by `nx typecheck errors` (tsconfig.spec.json); a line that stopped
// failing would itself fail the type check (unused @ts-expect-error).
export function typeChecks(): void {
  // @ts-expect-error an unknown code
  sample.create('SAMPLE_NOPE');
  // @ts-expect-error missing required arguments
  sample.create('SAMPLE_QUEUE_FULL');
  // @ts-expect-error arguments of the wrong shape
  sample.create('SAMPLE_QUEUE_FULL', { capacity: 'ten' });
  const publicCode: PublicCodeOf<typeof sample.entries> = 'SAMPLE_STOPPING';
  // @ts-expect-error a code marked public: false is not a public code
  const notPublic: PublicCodeOf<typeof sample.entries> = 'SAMPLE_BUG';
  void publicCode;
  void notPublic;
}
