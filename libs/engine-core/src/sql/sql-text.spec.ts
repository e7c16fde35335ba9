import { quoteIdentifier, sqlInteger, sqlNumber, sqlString, sqlStringList } from './sql-text';

describe('sql-text', () => {
  it('doubles quotes in identifiers and strings', () => {
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
    expect(sqlString("it's")).toBe("'it''s'");
    expect(sqlString('back\\slash')).toBe("'back\\slash'");
    expect(sqlStringList(['a', "b'c"])).toBe("['a', 'b''c']");
  });

  it('refuses NUL characters and non-numbers', () => {
    expect(() => quoteIdentifier('a\0b')).toThrow(expect.objectContaining({ name: 'EngineError' }));
    expect(() => sqlString('a\0b')).toThrow(expect.objectContaining({ name: 'EngineError' }));
    expect(() => sqlNumber('1e5')).toThrow(expect.objectContaining({ name: 'EngineError' }));
    expect(sqlNumber('12.50')).toBe('12.50');
    expect(() => sqlInteger(1.5)).toThrow(expect.objectContaining({ name: 'EngineError' }));
    expect(sqlInteger(4)).toBe('4');
  });
});
