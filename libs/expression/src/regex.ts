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

/** A compiled RE2 pattern, or why it cannot be compiled (the same checks as `compileRegex`). */
function compilePattern(pattern: string): RE2JS | { readonly problem: string } {
  const compiled = compileRegex(pattern);
  if ('problem' in compiled) return compiled;
  return RE2JS.compile(pattern);
}

/** How many capturing groups `pattern` has, or undefined when it does not compile. */
export function regexGroupCount(pattern: string): number | undefined {
  const re = compilePattern(pattern);
  return re instanceof RE2JS ? re.groupCount() : undefined;
}

/** One piece of a regexp_replace replacement: literal text or a group's text. */
export type ReplacementPiece = { readonly text: string } | { readonly group: number };

/**
 * Reads a regexp_replace replacement written as in Spark (Java): `$n` (one digit) is group n,
 * `\c` is the character c, anything else is itself. Returns the pieces, or why it cannot be used
 * with a pattern of `groups` capturing groups.
 */
export function parseReplacement(replacement: string, groups: number): readonly ReplacementPiece[] | { readonly problem: string } {
  const pieces: ReplacementPiece[] = [];
  const literal = (text: string): void => {
    const last = pieces[pieces.length - 1];
    if (last !== undefined && 'text' in last) pieces[pieces.length - 1] = { text: last.text + text };
    else pieces.push({ text });
  };
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i];
    if (c === '\\') {
      if (i + 1 >= replacement.length) return { problem: 'the replacement ends with a lone \\ (write \\\\ for a backslash)' };
      literal(replacement[++i]);
    } else if (c === '$') {
      const digit = replacement[i + 1];
      if (digit === undefined || digit < '0' || digit > '9') {
        return { problem: 'a $ in the replacement must be followed by a group number (write \\$ for a dollar sign)' };
      }
      const group = Number(digit);
      if (group > groups) return { problem: `the replacement refers to group ${group}, but the pattern has ${groups === 1 ? '1 group' : `${groups} groups`}` };
      pieces.push({ group });
      i++;
    } else {
      literal(c);
    }
  }
  return pieces;
}

/** The replacement in RE2's rewrite syntax (`\n` for group n, `\\` for a backslash), which DuckDB's regexp_replace takes. */
export function re2Rewrite(pieces: readonly ReplacementPiece[]): string {
  return pieces.map((p) => ('group' in p ? `\\${p.group}` : p.text.replace(/\\/g, '\\\\'))).join('');
}

/** regexp_extract's JavaScript side: the group's text of the first match, '' when none (DuckDB's result). */
export function compileRegexExtract(pattern: string, group: number): ((text: string) => string) | { readonly problem: string } {
  const re = compilePattern(pattern);
  if (!(re instanceof RE2JS)) return re;
  return (text) => {
    const m = re.matcher(text);
    if (!m.find()) return '';
    return group > re.groupCount() ? '' : (m.group(group) ?? '');
  };
}

/**
 * regexp_replace's JavaScript side: every match replaced as RE2's GlobalReplace (DuckDB's
 * regexp_replace with 'g') does it: an empty match right where the previous match ended is
 * skipped, one character is copied and the search goes on after it.
 */
export function compileRegexReplace(pattern: string, pieces: readonly ReplacementPiece[]): ((text: string) => string) | { readonly problem: string } {
  const re = compilePattern(pattern);
  if (!(re instanceof RE2JS)) return re;
  return (text) => {
    const m = re.matcher(text);
    let out = '';
    let p = 0;
    let lastEnd = -1;
    let count = 0;
    while (p <= text.length && m.find(p)) {
      const start = m.start();
      const end = m.end();
      if (p < start) out += text.slice(p, start);
      if (start === lastEnd && start === end) {
        if (start >= text.length) break;
        // One character, a surrogate pair being one.
        const width = (text.codePointAt(start) ?? 0) > 0xffff ? 2 : 1;
        out += text.slice(start, start + width);
        p = start + width;
        continue;
      }
      for (const piece of pieces) out += 'group' in piece ? (m.group(piece.group) ?? '') : piece.text;
      p = end;
      lastEnd = end;
      count++;
    }
    if (count === 0) return text;
    return p < text.length ? out + text.slice(p) : out;
  };
}

/**
 * Texts where a pattern that can match the empty text does so somewhere: the empty text, a
 * start and an end after a word character and after another, word boundaries, an empty line.
 */
const EMPTY_MATCH_PROBES = ['', 'a', ' ', 'ab c', 'x\n\ny', '0_.'];

/**
 * True when `pattern` matches the empty text somewhere in one of a few probe texts, which shows
 * every pattern that can match it, assertions (`^`, `$`, `\b`, `\B`) included. An engine that
 * replaces empty matches otherwise than RE2 does refuses such patterns; false for a pattern RE2
 * cannot compile.
 */
export function canMatchEmpty(pattern: string): boolean {
  const re = compilePattern(pattern);
  if (!(re instanceof RE2JS)) return false;
  return EMPTY_MATCH_PROBES.some((text) => {
    const m = re.matcher(text);
    let from = 0;
    while (from <= text.length && m.find(from)) {
      if (m.start() === m.end()) return true;
      from = m.end();
    }
    return false;
  });
}
