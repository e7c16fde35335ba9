/**
 * RLIKE patterns with RE2 semantics through `re2js`: the same syntax DuckDB's RE2 accepts (no
 * backreferences, no lookaround) and matching in time linear in the text, whatever the pattern,
 * so `(a+)+$` or `.*.*=` cannot hang an evaluator. Matching is a search (the pattern may match
 * anywhere), `.` does not match a newline and `(?i)` ignores case, as in DuckDB's
 * `regexp_matches` without options. The validator checks literal patterns with `regexProblem`;
 * the JavaScript backend matches with `compileRegex`.
 */
import { RE2JS, RE2JSException } from 're2js';

/**
 * Most compiled instructions in one pattern. DuckDB's RE2 gives a pattern about 8 MB, which
 * holds roughly 170,000 instructions, and refuses larger ones ("pattern too large"); the same
 * bound here keeps both backends refusing the same patterns and bounds the JavaScript side's
 * memory.
 */
export const MAX_REGEX_INSTRUCTIONS = 170_000;

/** Longest piece of a pattern quoted in a message. */
const QUOTED_LENGTH = 60;

/** A compiled RLIKE pattern: whether it matches somewhere in `text`. */
export type RegexMatcher = (text: string) => boolean;

/** The result of compiling a pattern: a matcher, or why RE2 cannot compile it. */
export type CompiledRegex = { readonly matcher: RegexMatcher } | { readonly problem: string };

/** Compiles `pattern` with RE2 semantics; never throws. */
export function compileRegex(pattern: string): CompiledRegex {
  const unsupported = unsupportedSyntax(pattern);
  if (unsupported !== undefined) return { problem: describe(pattern, unsupported) };
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (e) {
    if (e instanceof RE2JSException) return { problem: describe(pattern, reasonOf(e)) };
    throw e;
  }
  if (re.programSize() > MAX_REGEX_INSTRUCTIONS) {
    return { problem: describe(pattern, `it is too large (more than ${MAX_REGEX_INSTRUCTIONS} compiled instructions)`) };
  }
  return { matcher: (text) => re.test(text) };
}

/** Why RE2 cannot compile `pattern`, or undefined when it can. */
export function regexProblem(pattern: string): string | undefined {
  const compiled = compileRegex(pattern);
  return 'problem' in compiled ? compiled.problem : undefined;
}

function describe(pattern: string, reason: string): string {
  const shown = pattern.length > QUOTED_LENGTH ? `${pattern.slice(0, QUOTED_LENGTH)}…` : pattern;
  return `invalid regular expression '${shown}': ${reason}`;
}

// re2js words its syntax errors as Go does ("error parsing regexp: missing closing ): `(`");
// the prefix says nothing the message above does not.
function reasonOf(e: RE2JSException): string {
  return e.message.replace(/^error parsing regexp: /, '');
}

/**
 * The two places where re2js (which follows Go's syntax) and DuckDB's RE2 part ways: RE2 refuses
 * named groups written `(?<name>...)` (it wants `(?P<name>...)`), and only RE2 knows `\C` (any
 * byte, which can split a character). Both are refused here so a pattern read from a column
 * fails on both backends alike. Lookbehind gets its own words.
 */
function unsupportedSyntax(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      if (pattern[i + 1] === 'C') return 'the escape \\C (any byte) is not supported';
      i++;
    } else if (inClass) {
      // A POSIX class such as [:alpha:] does not end the bracket expression at its ']'.
      if (c === '[' && pattern[i + 1] === ':') {
        const close = pattern.indexOf(':]', i + 2);
        if (close !== -1) i = close + 1;
      } else if (c === ']') {
        inClass = false;
      }
    } else if (c === '[') {
      inClass = true;
      // A ']' first in the class (after an optional '^') is a literal.
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
    } else if (c === '(' && pattern.startsWith('(?<', i)) {
      // re2js calls a lookbehind an "invalid named capture", which would mislead.
      return '=!'.includes(pattern[i + 3] ?? '') ? 'lookbehind is not supported' : 'named groups are written (?P<name>...)';
    }
  }
  return undefined;
}
