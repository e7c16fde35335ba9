/**
 * Splits expression text into tokens. Lexing never throws: the first bad character becomes a
 * final `error` token, so the parser reports whichever problem comes first in the text.
 */

/** Token categories. Keywords are plain `identifier` tokens; the parser compares them upper-cased. */
export type TokenType = 'number' | 'string' | 'identifier' | 'quoted_identifier' | 'operator' | 'eof' | 'error';

/** One token; `start`/`end` are 0-based offsets, `text` is the raw source slice. */
export interface Token {
  readonly type: TokenType;
  readonly text: string;
  /** Unescaped content for strings and quoted identifiers; the error message for `error` tokens. */
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

// Longest first, so `<=>` wins over `<=` and `<`.
const OPERATORS = ['<=>', '<=', '>=', '<>', '!=', '==', '=>', '->', '||', '=', '<', '>', '+', '-', '*', '/', '%', '~', '(', ')', ',', '.', '[', ']'];

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isIdentStart = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdentPart = (c: string): boolean => isIdentStart(c) || isDigit(c);
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';

/**
 * Tokenizes `text`. The result ends with one `eof` token, or with one `error` token at the first
 * character that cannot start a token (nothing after an error is lexed).
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (type: TokenType, start: number, end: number, value: string): void => {
    tokens.push({ type, text: text.slice(start, end), value, start, end });
  };
  const fail = (start: number, end: number, message: string): Token[] => {
    push('error', start, end, message);
    return tokens;
  };

  while (i < text.length) {
    const c = text[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c)) {
      while (i < text.length && isDigit(text[i])) i++;
      if (text[i] === '.' && isDigit(text[i + 1] ?? '')) {
        i++;
        while (i < text.length && isDigit(text[i])) i++;
      }
      push('number', start, i, text.slice(start, i));
      continue;
    }
    if (isIdentStart(c)) {
      while (i < text.length && isIdentPart(text[i])) i++;
      push('identifier', start, i, text.slice(start, i));
      continue;
    }
    if (c === "'" || c === '`') {
      const quoted = readQuoted(text, start, c);
      if (quoted === undefined) {
        const what = c === "'" ? 'string literal' : 'quoted identifier';
        return fail(start, text.length, `unterminated ${what}`);
      }
      if (c === '`' && quoted.value === '') return fail(start, quoted.end, 'empty quoted identifier');
      // DuckDB cuts text at a NUL (a C string) and failed, danfo compared the whole text: refused
      // here, both backends give the same answer.
      const nul = text.indexOf('\0', start);
      if (nul >= 0 && nul < quoted.end) {
        const what = c === "'" ? 'a string literal' : 'a quoted identifier';
        return fail(nul, nul + 1, `${what} cannot contain a NUL character (U+0000)`);
      }
      push(c === "'" ? 'string' : 'quoted_identifier', start, quoted.end, quoted.value);
      i = quoted.end;
      continue;
    }
    if (c === '"') {
      return fail(start, start + 1, "double quotes are not allowed (write 'text' for a string, `name` for a column)");
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op === undefined) {
      const char = String.fromCodePoint(text.codePointAt(i) ?? 0);
      return fail(start, start + char.length, `unexpected character ${JSON.stringify(char)}`);
    }
    i += op.length;
    push('operator', start, i, op);
  }
  push('eof', text.length, text.length, '');
  return tokens;
}

/** Reads a quoted run starting at `start`; a doubled quote stands for one. Undefined if unterminated. */
function readQuoted(text: string, start: number, quote: string): { value: string; end: number } | undefined {
  let value = '';
  let i = start + 1;
  for (;;) {
    const next = text.indexOf(quote, i);
    if (next < 0) return undefined;
    value += text.slice(i, next);
    if (text[next + 1] === quote) {
      value += quote;
      i = next + 2;
      continue;
    }
    return { value, end: next + 1 };
  }
}
