/**
 * The guard in front of RLIKE. JavaScript regular expressions backtrack, so a pattern such as
 * `(a+)+$` can take exponential time on a short string and would hang the evaluator; DuckDB's RE2
 * does not backtrack but also refuses backreferences and lookaround. Both backends therefore accept
 * the same safe subset: no backreferences, no lookaround, no repeated group that itself repeats or
 * alternates, a bounded number of repetitions and a bounded length. A leading `(?i)` (RE2's
 * case-insensitive flag) is turned into the `i` flag.
 */

/** Longest accepted pattern, in characters. */
export const MAX_PATTERN_LENGTH = 1000;
/** Most repetition operators in one pattern. */
export const MAX_QUANTIFIERS = 20;

interface Frame {
  repeats: boolean;
  alternates: boolean;
}

/** Why `pattern` is refused, or undefined when it is accepted. */
export function checkRegexPattern(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return `regular expression is longer than ${MAX_PATTERN_LENGTH} characters`;
  }
  const body = stripCaseFlag(pattern).source;
  const stack: Frame[] = [{ repeats: false, alternates: false }];
  let quantifiers = 0;
  let i = 0;
  const unbounded = (at: number): { unbounded: boolean; length: number } | undefined => {
    const c = body[at];
    if (c === '*' || c === '+') return { unbounded: true, length: 1 };
    if (c === '?') return { unbounded: false, length: 1 };
    if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(body.slice(at));
      if (m === null) return undefined;
      const open = m[2] !== undefined && (m[3] === '' || Number(m[3]) > 16);
      return { unbounded: open, length: m[0].length };
    }
    return undefined;
  };
  while (i < body.length) {
    const c = body[i];
    if (c === '\\') {
      const next = body[i + 1];
      if (next !== undefined && /[1-9]/.test(next)) return 'backreferences are not supported in regular expressions';
      if (next === 'k' && body[i + 2] === '<') return 'backreferences are not supported in regular expressions';
      i += 2;
    } else if (c === '[') {
      i = skipClass(body, i);
    } else if (c === '(') {
      if (body.startsWith('(?=', i) || body.startsWith('(?!', i) || body.startsWith('(?<=', i) || body.startsWith('(?<!', i)) {
        return 'lookahead and lookbehind are not supported in regular expressions';
      }
      stack.push({ repeats: false, alternates: false });
      i += 1;
    } else if (c === ')') {
      if (stack.length === 1) return 'unbalanced ")" in regular expression';
      const frame = stack.pop() as Frame;
      i += 1;
      const q = unbounded(i);
      if (q !== undefined) {
        quantifiers++;
        if (q.unbounded && (frame.repeats || frame.alternates)) {
          return 'a repeated group may not itself contain a repetition or an alternation (for example (a+)+ or (a|b)*); use a character class instead';
        }
        i += q.length;
        if (body[i] === '?' || body[i] === '+') i += 1;
        frame.repeats = true;
      }
      const parent = stack[stack.length - 1];
      parent.repeats ||= frame.repeats;
      parent.alternates ||= frame.alternates;
    } else if (c === '|') {
      stack[stack.length - 1].alternates = true;
      i += 1;
    } else {
      const q = unbounded(i);
      if (q !== undefined) {
        quantifiers++;
        stack[stack.length - 1].repeats = true;
        i += q.length;
        if (body[i] === '?' || body[i] === '+') i += 1;
      } else {
        i += 1;
      }
    }
    if (quantifiers > MAX_QUANTIFIERS) return `regular expression has more than ${MAX_QUANTIFIERS} repetitions`;
  }
  if (stack.length !== 1) return 'unbalanced "(" in regular expression';
  try {
    const { source, flags } = stripCaseFlag(pattern);
    new RegExp(source, flags);
  } catch (e) {
    return `invalid regular expression: ${(e as Error).message}`;
  }
  return undefined;
}

function skipClass(body: string, start: number): number {
  let i = start + 1;
  if (body[i] === '^') i++;
  if (body[i] === ']') i++;
  while (i < body.length && body[i] !== ']') i += body[i] === '\\' ? 2 : 1;
  return i + 1;
}

function stripCaseFlag(pattern: string): { source: string; flags: string } {
  return pattern.startsWith('(?i)') ? { source: pattern.slice(4), flags: 'iu' } : { source: pattern, flags: 'u' };
}

/** Compiles an accepted pattern (throws with the reason for a refused one); matching is a search, as in RE2. */
export function compileGuardedRegex(pattern: string): RegExp {
  const why = checkRegexPattern(pattern);
  if (why !== undefined) throw new Error(why);
  const { source, flags } = stripCaseFlag(pattern);
  return new RegExp(source, flags);
}
