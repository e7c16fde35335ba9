import { Field, Int32, List, makeData, makeVector, RecordBatch, Schema, Struct, tableToIPC, Table, Utf8, vectorFromArray } from 'apache-arrow';
import { decimalText, readArrowRows } from './arrow-rows';

/** The four little-endian 32-bit words of a 128-bit two's-complement integer. */
function words(n: bigint): Uint32Array {
  const out = new Uint32Array(4);
  let v = BigInt.asUintN(128, n);
  for (let i = 0; i < 4; i++) {
    out[i] = Number(v & 0xffffffffn);
    v >>= 32n;
  }
  return out;
}

describe('Arrow rows', () => {
  it.each([
    [12340n, 3, '12.340'],
    [-15n, 1, '-1.5'],
    [-5n, 3, '-0.005'],
    [0n, 2, '0.00'],
    [42n, 0, '42'],
    [10n ** 38n - 1n, 10, '9999999999999999999999999999.9999999999'],
    [-(10n ** 38n - 1n), 0, '-99999999999999999999999999999999999999'],
  ])('writes the decimal %p with scale %p exactly as %p', (n, scale, text) => {
    expect(decimalText(words(n), 0, 4, scale)).toBe(text);
  });

  it('keeps NULLs, 64-bit integers and nested values, also in a batch that is a slice', () => {
    const ids = makeVector(new BigInt64Array([1n, 2n ** 60n + 1n, -3n, 4n]));
    const names = vectorFromArray(['a', null, 'c', '__proto__'], new Utf8());
    const lists = vectorFromArray([[1, null], [], null, [4]], new List(new Field('item', new Int32(), true)));
    const structs = vectorFromArray(
      [{ x: 1, ['__proto__']: 'p' }, null, { x: 3, ['__proto__']: null }, { x: 4, ['__proto__']: 'q' }],
      new Struct([new Field('x', new Int32(), true), new Field('__proto__', new Utf8(), true)]),
    );
    const schema = new Schema([
      new Field('id', ids.type, false),
      new Field('name', names.type, true),
      new Field('list', lists.type, true),
      new Field('st', structs.type, true),
    ]);
    const whole = new RecordBatch(
      schema,
      makeData({ type: new Struct(schema.fields), length: 4, nullCount: 0, children: [ids.data[0], names.data[0], lists.data[0], structs.data[0]] }),
    );
    const { rows } = readArrowRows(tableToIPC(new Table([whole]), 'stream'));
    expect(rows[0]).toEqual([1n, 'a', [1, null], { x: 1, ['__proto__']: 'p' }]);
    expect(rows[1]).toEqual([2n ** 60n + 1n, null, [], null]);
    expect(rows[2]).toEqual([-3n, 'c', null, { x: 3, ['__proto__']: null }]);
    expect(Object.keys(rows[3][3] as object)).toEqual(['x', '__proto__']);
    expect(typeof rows[1][0]).toBe('bigint');

    // A batch written from a slice starts at a non-zero offset in its buffers.
    const sliced = readArrowRows(tableToIPC(new Table([whole.slice(1, 3)]), 'stream'));
    expect(sliced.rows).toEqual([rows[1], rows[2]]);
  });

  it('names a malformed stream', () => {
    expect(() => readArrowRows(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]))).toThrow(/unexpected answer from the Spark Connect server: an Arrow batch could not be read/);
  });
});
