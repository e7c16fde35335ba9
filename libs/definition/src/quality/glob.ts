/**
 * Column-name globs (spec 17.3.1, `columns.forbidden: [pii_*]`): `*` matches any run of
 * characters, `?` exactly one character (a code point), everything else itself, ignoring case,
 * against the whole name. There is no escape and no character class.
 *
 * Matching never backtracks: the glob is a chain of states (how much of it the name so far has
 * matched), all of which are followed at once as one bit each, so a name of n characters costs n
 * steps of m / 32 word operations for a glob of m characters, whatever the glob. (Translated to a
 * JavaScript regular expression, `*a*a*a*a*a*a*a*a*a*a*c` took minutes on a 200-character name.)
 *
 * ```ts
 * const forbidden = compileGlob('pii_*');
 * forbidden('PII_email'); // true
 * ```
 */

/** Longest accepted glob, in characters (matching costs name length times glob length / 32). */
export const MAX_GLOB_LENGTH = 1000;

/** Why `glob` is refused, or undefined when it is accepted. */
export function globProblem(glob: string): string | undefined {
  return glob.length > MAX_GLOB_LENGTH ? `is longer than ${MAX_GLOB_LENGTH} characters (got ${glob.length})` : undefined;
}

/** A compiled glob: whether it matches the whole of `name`. */
export type GlobMatcher = (name: string) => boolean;

/** Compiles `glob` (accepted by `globProblem`) into a matcher. */
export function compileGlob(glob: string): GlobMatcher {
  // Runs of stars match what one star does; collapsed, a star is never followed by another, so
  // one shift completes the step past every star below.
  const pattern = fold(glob).filter((c, i, all) => c !== '*' || all[i - 1] !== '*');
  const m = pattern.length;
  const words = (m >>> 5) + 1;
  const stars = new Uint32Array(words);
  const anyChar = new Uint32Array(words);
  const byChar = new Map<string, Uint32Array>();
  pattern.forEach((c, i) => {
    if (c === '*') set(stars, i);
    else if (c === '?') set(anyChar, i);
  });
  pattern.forEach((c, i) => {
    if (c === '*' || c === '?') return;
    let mask = byChar.get(c);
    if (mask === undefined) byChar.set(c, (mask = Uint32Array.from(anyChar)));
    set(mask, i);
  });
  // Names are mostly ASCII: their masks come from a table indexed by the (lower-cased) code.
  const ascii = Array.from({ length: 128 }, (_, code) => byChar.get(String.fromCharCode(code)) ?? anyChar);
  const maskOf = (ch: string): Uint32Array => {
    const code = ch.charCodeAt(0);
    if (code < 128) return ascii[code >= 65 && code <= 90 ? code + 32 : code] as Uint32Array;
    return byChar.get(ch.toLowerCase()) ?? anyChar;
  };
  const start = new Uint32Array(words);
  set(start, 0);
  passStars(start, stars);
  return (name) => {
    let state = Uint32Array.from(start);
    let next = new Uint32Array(words);
    for (const ch of name) {
      const mask = maskOf(ch);
      let carry = 0;
      for (let w = 0; w < words; w++) {
        const advanced = (state[w] as number) & (mask[w] as number);
        next[w] = (advanced << 1) | carry | ((state[w] as number) & (stars[w] as number));
        carry = advanced >>> 31;
      }
      if (passStars(next, stars) === 0) return false;
      [state, next] = [next, state];
    }
    return ((state[m >>> 5] as number) & (1 << (m & 31))) !== 0;
  };
}

/**
 * Each code point lower-cased on its own, so the glob keeps one entry per character (lower-casing
 * the whole string first can turn one character into two: `İ` becomes `i` and a combining dot).
 */
function fold(text: string): string[] {
  return Array.from(text, (c) => c.toLowerCase());
}

function set(bits: Uint32Array, i: number): void {
  bits[i >>> 5] = (bits[i >>> 5] as number) | (1 << (i & 31));
}

/** Adds, for every set state sitting on a star, the state past it (a star may match nothing); returns whether any state is set. */
function passStars(bits: Uint32Array, stars: Uint32Array): number {
  let carry = 0;
  let alive = 0;
  for (let w = 0; w < bits.length; w++) {
    const onStar = (bits[w] as number) & (stars[w] as number);
    bits[w] = (bits[w] as number) | (onStar << 1) | carry;
    carry = onStar >>> 31;
    alive |= bits[w] as number;
  }
  return alive;
}
