import { EngineError } from '../errors';
import { quoteIdentifier, sqlInteger, sqlNumber, sqlString, sqlStringList } from './sql-text';

describe('sql-text', () => {
  it('doubles quotes in identifiers and strings', () => {
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
    expect(sqlString("it's")).toBe("'it''s'");
    expect(sqlString('back\\slash')).toBe("'back\\slash'");
    expect(sqlStringList(['a', "b'c"])).toBe("['a', 'b''c']");
  });

  it('refuses NUL characters and non-numbers', () => {
    expect(() => quoteIdentifier('a\0b')).toThrow(EngineError);
    expect(() => sqlString('a\0b')).toThrow(EngineError);
    expect(() => sqlNumber('1e5')).toThrow(EngineError);
    expect(sqlNumber('12.50')).toBe('12.50');
    expect(() => sqlInteger(1.5)).toThrow(EngineError);
    expect(sqlInteger(4)).toBe('4');
  });
});
