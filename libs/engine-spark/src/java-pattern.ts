/**
 * RE2 patterns (the language's) as Java patterns (Spark's RLIKE, regexp_extract and
 * regexp_replace) that match the same texts. Java has no `(?P<name>...)`: a named group becomes
 * a plain one, which numbers the same and matches the same (RE2 has no backreference to a name).
 */

/** `pattern` with each `(?P<name>` outside a bracket expression and an escape written `(`. */
export function javaPattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\') {
      // \Q...\E quotes its text whole.
      const end = pattern[i + 1] === 'Q' ? pattern.indexOf('\\E', i + 2) : -1;
      const stop = pattern[i + 1] === 'Q' ? (end === -1 ? pattern.length : end + 2) : i + 2;
      out += pattern.slice(i, stop);
      i = stop - 1;
    } else if (inClass) {
      // A POSIX class such as [:alpha:] does not end the bracket expression at its ']'.
      const close = c === '[' && pattern[i + 1] === ':' ? pattern.indexOf(':]', i + 2) : -1;
      if (close !== -1) {
        out += pattern.slice(i, close + 2);
        i = close + 1;
      } else {
        if (c === ']') inClass = false;
        out += c;
      }
    } else if (c === '[') {
      inClass = true;
      // A ']' first in the class (after an optional '^') is a literal.
      const head = /^\[\^?\]?/.exec(pattern.slice(i))?.[0] ?? '[';
      out += head;
      i += head.length - 1;
    } else {
      const named = /^\(\?P<[A-Za-z_][A-Za-z0-9_]*>/.exec(pattern.slice(i, i + 200));
      out += named === null ? c : '(';
      if (named !== null) i += named[0].length - 1;
    }
  }
  return out;
}
