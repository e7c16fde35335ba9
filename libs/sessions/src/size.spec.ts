import { sizeBytes } from './size';

describe('sizeBytes', () => {
  it('reads sizes as DuckDB does: decimal KB..TB, binary KiB..TiB', () => {
    expect(sizeBytes('512MB')).toBe(512_000_000);
    expect(sizeBytes(' 2 GB ')).toBe(2_000_000_000);
    expect(sizeBytes('1.5GiB')).toBe(1.5 * 1024 ** 3);
    expect(sizeBytes('100b')).toBe(100);
  });

  it('refuses anything else, naming the text', () => {
    expect(() => sizeBytes('lots')).toThrow('invalid size "lots"');
    expect(() => sizeBytes('5 parsecs')).toThrow('invalid size "5 parsecs"');
  });
});
