/**
 * SQL LIKE matching without regular expressions: `%` matches any run of characters, `_` exactly
 * one character (a code point), everything else itself; there is no escape character (DuckDB's
 * default). The matcher is the classic wildcard walk that backtracks only to the last `%`, so its
 * time is bounded by text length times pattern length whatever the pattern.
 */

/** Longest accepted LIKE pattern, in characters (matching costs text length times pattern length). */
export const MAX_LIKE_PATTERN_LENGTH = 1000;

/** Why a LIKE pattern is refused, or undefined when it is accepted. */
export function checkLikePattern(pattern: string): string | undefined {
  return pattern.length > MAX_LIKE_PATTERN_LENGTH ? `LIKE pattern is longer than ${MAX_LIKE_PATTERN_LENGTH} characters` : undefined;
}

/** A compiled LIKE pattern. */
export type LikeMatcher = (text: string) => boolean;

/** Compiles `pattern`; `caseInsensitive` gives ILIKE (both sides lower-cased). */
export function compileLike(pattern: string, caseInsensitive: boolean): LikeMatcher {
  const p = Array.from(caseInsensitive ? pattern.toLowerCase() : pattern);
  // Fast paths for the common shapes: 'abc', 'abc%', '%abc', '%abc%'.
  const literal = (chars: string[]): boolean => chars.every((c) => c !== '%' && c !== '_');
  const prepare = (t: string): string => (caseInsensitive ? t.toLowerCase() : t);
  if (literal(p)) {
    const s = p.join('');
    return (t) => prepare(t) === s;
  }
  const inner = p.slice(1, -1);
  if (p.length >= 2 && p[0] === '%' && p[p.length - 1] === '%' && literal(inner)) {
    const s = inner.join('');
    return (t) => prepare(t).includes(s);
  }
  if (p[p.length - 1] === '%' && literal(p.slice(0, -1))) {
    const s = p.slice(0, -1).join('');
    return (t) => prepare(t).startsWith(s);
  }
  if (p[0] === '%' && literal(p.slice(1))) {
    const s = p.slice(1).join('');
    return (t) => prepare(t).endsWith(s);
  }
  return (t) => matchWildcards(Array.from(prepare(t)), p);
}

function matchWildcards(t: readonly string[], p: readonly string[]): boolean {
  let ti = 0;
  let pi = 0;
  let star = -1;
  let mark = 0;
  while (ti < t.length) {
    if (pi < p.length && (p[pi] === '_' || (p[pi] !== '%' && p[pi] === t[ti]))) {
      ti++;
      pi++;
    } else if (pi < p.length && p[pi] === '%') {
      star = pi++;
      mark = ti;
    } else if (star !== -1) {
      pi = star + 1;
      ti = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.length && p[pi] === '%') pi++;
  return pi === p.length;
}
