import { tokenize } from './lexer';

const brief = (text: string) => tokenize(text).map((t) => [t.type, t.text, t.start, t.end]);

describe('tokenize', () => {
  it('splits operators longest first', () => {
    expect(tokenize('<=> <= < <> != == = || >= >').map((t) => t.text)).toEqual([
      '<=>', '<=', '<', '<>', '!=', '==', '=', '||', '>=', '>', '',
    ]);
  });

  it('reads numbers, words, strings and quoted identifiers with offsets', () => {
    expect(brief("a1 12 3.5 'x''y' `b``c`")).toEqual([
      ['identifier', 'a1', 0, 2],
      ['number', '12', 3, 5],
      ['number', '3.5', 6, 9],
      ['string', "'x''y'", 10, 16],
      ['quoted_identifier', '`b``c`', 17, 23],
      ['eof', '', 23, 23],
    ]);
    const [str, quoted] = tokenize("'x''y' `b``c`");
    expect(str.value).toBe("x'y");
    expect(quoted.value).toBe('b`c');
  });

  it('does not read a trailing dot or a leading dot as part of a number', () => {
    expect(tokenize('1.').map((t) => t.text)).toEqual(['1', '.', '']);
    expect(tokenize('.5').map((t) => t.text)).toEqual(['.', '5', '']);
    expect(tokenize('t.c').map((t) => t.type)).toEqual(['identifier', 'operator', 'identifier', 'eof']);
  });

  it('refuses a NUL character inside a string literal or quoted identifier, naming where', () => {
    expect(brief("name = 'a\u0000b'")).toEqual([
      ['identifier', 'name', 0, 4],
      ['operator', '=', 5, 6],
      ['error', '\u0000', 9, 10],
    ]);
    expect(tokenize("name = 'a\u0000b'").at(-1)?.value).toBe('a string literal cannot contain a NUL character (U+0000)');
    expect(tokenize('`a\u0000` = 1').at(-1)?.value).toBe('a quoted identifier cannot contain a NUL character (U+0000)');
  });

  it('skips every kind of white space', () => {
    expect(tokenize(' \t\na\r\n').map((t) => t.type)).toEqual(['identifier', 'eof']);
  });

  it('ends in an error token at the first bad character and lexes nothing after it', () => {
    expect(brief('a # b')).toEqual([
      ['identifier', 'a', 0, 1],
      ['error', '#', 2, 3],
    ]);
    expect(tokenize('a # b')[1].value).toBe('unexpected character "#"');
    expect(tokenize("x = 'abc")[2]).toMatchObject({ type: 'error', value: 'unterminated string literal', start: 4 });
    expect(tokenize('`abc')[0]).toMatchObject({ type: 'error', value: 'unterminated quoted identifier', start: 0 });
    expect(tokenize('é')[0]).toMatchObject({ type: 'error', value: 'unexpected character "é"' });
    expect(tokenize('😀')[0]).toMatchObject({ type: 'error', value: 'unexpected character "😀"', end: 2 });
  });
});
