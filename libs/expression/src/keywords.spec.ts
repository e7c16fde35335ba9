import { isBareIdentifier, isReservedWord, quoteIdentifier, RESERVED_WORDS } from './keywords';

describe('keywords', () => {
  it('reserves the operator and literal words, in any case', () => {
    for (const word of ['and', 'Or', 'NOT', 'is', 'null', 'in', 'between', 'like', 'ilike', 'rlike', 'case', 'when', 'then', 'else', 'end', 'cast', 'try_cast', 'as', 'true', 'false', 'distinct']) {
      expect(isReservedWord(word)).toBe(true);
    }
    expect(RESERVED_WORDS.size).toBe(21);
    for (const word of ['date', 'timestamp', 'select', 'order', 'count', 'salary']) expect(isReservedWord(word)).toBe(false);
  });

  it('writes identifiers bare only when they would read back as the same name', () => {
    expect(isBareIdentifier('salary_2')).toBe(true);
    expect(isBareIdentifier('_x')).toBe(true);
    expect(isBareIdentifier('2x')).toBe(false);
    expect(isBareIdentifier('my col')).toBe(false);
    expect(isBareIdentifier('end')).toBe(false);
    expect(isBareIdentifier('')).toBe(false);
    expect(quoteIdentifier('salary')).toBe('salary');
    expect(quoteIdentifier('my col')).toBe('`my col`');
    expect(quoteIdentifier('a`b')).toBe('`a``b`');
    expect(quoteIdentifier('END')).toBe('`END`');
    expect(quoteIdentifier('café')).toBe('`café`');
  });
});
