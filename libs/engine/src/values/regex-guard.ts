/**
 * The guard in front of RLIKE. JavaScript regular expressions backtrack, so a pattern such as
 * `(a+)+$` (exponential) or `.*.*.*=` (one more power of the text length per `.*`) can hang the
 * evaluator on a short string; DuckDB's RE2 does not backtrack but also refuses backreferences and
 * lookaround. Both backends therefore accept the same safe subset, in which matching one value
 * costs at most about (length of the value)² steps:
 * - no backreferences, no lookaround, at most 1000 characters and 20 repetition operators;
 * - a repeated group (any quantifier) contains no repetition and no alternation (`(ab)+` is fine,
 *   `(a+)+`, `(a|b)*` are not: use a character class);
 * - alternatives multiply to at most 256 combinations;
 * - every variable repetition (`*`, `+`, `?`, `{m,n}`) except the last one must be followed by
 *   something it cannot match: the next character that must come after it (or the end `$`) is
 *   outside its character set, so `[a-z]+@[a-z]+` and `\d+\.\d+` are accepted, but `.*.*`,
 *   `a*a`, `\w+\d+` and `.*=.*x` are not (they backtrack super-linearly); repetitions in a final
 *   run of optional items (`.*@.*`) do not count, as nothing after them can fail.
 * A leading `(?i)` (RE2's case-insensitive flag) is turned into the `i` flag.
 */

/** Longest accepted pattern, in characters. */
export const MAX_PATTERN_LENGTH = 1000;
/** Most repetition operators in one pattern. */
export const MAX_QUANTIFIERS = 20;
/** Most combinations of alternatives (product of the branch counts of every alternation). */
export const MAX_ALTERNATIVE_COMBINATIONS = 256;

/** A set of characters: exact for ASCII, and a flag for "may contain a non-ASCII character". */
interface CharSet {
  readonly ascii: Uint8Array;
  other: boolean;
}

interface Atom {
  readonly kind: 'atom';
  readonly set: CharSet;
  min: number;
  max: number;
  /** Where the atom starts and its quantifier ends, in the pattern body. */
  readonly start: number;
  end: number;
}
interface End {
  readonly kind: 'end';
}
interface Group {
  readonly kind: 'group';
  readonly alternatives: Node[][];
  min: number;
  max: number;
  readonly start: number;
  end: number;
}
type Node = Atom | End | Group;

class Refused extends Error {}

/** Why `pattern` is refused, or undefined when it is accepted. */
export function checkRegexPattern(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return `regular expression is longer than ${MAX_PATTERN_LENGTH} characters`;
  }
  const { source, flags } = stripCaseFlag(pattern);
  try {
    new RegExp(source, flags);
  } catch (e) {
    // Lookaround and backreferences get their own message even when the rest is also invalid.
    const early = quickRefusal(source);
    return early ?? `invalid regular expression: ${(e as Error).message}`;
  }
  try {
    const parser = new Parser(source, flags.includes('i'));
    const top = parser.parse();
    if (parser.quantifiers > MAX_QUANTIFIERS) return `regular expression has more than ${MAX_QUANTIFIERS} repetitions`;
    checkGroups(top, false);
    if (combinations(top) > MAX_ALTERNATIVE_COMBINATIONS) {
      return `regular expression has more than ${MAX_ALTERNATIVE_COMBINATIONS} combinations of alternatives`;
    }
    checkRepetitions(source, top);
  } catch (e) {
    if (e instanceof Refused) return e.message;
    throw e;
  }
  return undefined;
}

function quickRefusal(body: string): string | undefined {
  if (/\\[1-9]|\\k</.test(body)) return 'backreferences are not supported in regular expressions';
  if (/\(\?<?[=!]/.test(body)) return 'lookahead and lookbehind are not supported in regular expressions';
  return undefined;
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

// ---- character sets ------------------------------------------------------------------------

function emptySet(): CharSet {
  return { ascii: new Uint8Array(128), other: false };
}

function anySet(): CharSet {
  return { ascii: new Uint8Array(128).fill(1), other: true };
}

function rangeSet(from: number, to: number, into = emptySet()): CharSet {
  for (let c = from; c <= Math.min(to, 127); c++) into.ascii[c] = 1;
  if (to > 127) into.other = true;
  return into;
}

function unite(into: CharSet, add: CharSet): CharSet {
  for (let c = 0; c < 128; c++) if (add.ascii[c] === 1) into.ascii[c] = 1;
  into.other ||= add.other;
  return into;
}

function complement(set: CharSet): CharSet {
  const out = emptySet();
  for (let c = 0; c < 128; c++) out.ascii[c] = set.ascii[c] === 1 ? 0 : 1;
  out.other = true;
  return out;
}

function overlaps(a: CharSet, b: CharSet): boolean {
  if (a.other && b.other) return true;
  for (let c = 0; c < 128; c++) if (a.ascii[c] === 1 && b.ascii[c] === 1) return true;
  return false;
}

// Case-insensitive Unicode matching folds some letters onto non-ASCII ones (k and the Kelvin sign).
function foldCase(set: CharSet): CharSet {
  let letter = false;
  for (let c = 65; c <= 90; c++) {
    if (set.ascii[c] === 1 || set.ascii[c + 32] === 1) {
      set.ascii[c] = 1;
      set.ascii[c + 32] = 1;
      letter = true;
    }
  }
  if (letter) set.other = true;
  return set;
}

const DIGITS = (): CharSet => rangeSet(48, 57);
const WORD = (): CharSet => rangeSet(95, 95, rangeSet(97, 122, rangeSet(65, 90, DIGITS())));
const SPACE = (): CharSet => {
  const s = emptySet();
  for (const c of [9, 10, 11, 12, 13, 32]) s.ascii[c] = 1;
  s.other = true;
  return s;
};

// ---- parsing -------------------------------------------------------------------------------

class Parser {
  quantifiers = 0;
  private i = 0;

  constructor(
    private readonly body: string,
    private readonly ignoreCase: boolean,
  ) {}

  parse(): Group {
    const alternatives = this.alternatives();
    if (this.i < this.body.length) throw new Refused('unbalanced ")" in regular expression');
    return { kind: 'group', alternatives, min: 1, max: 1, start: 0, end: this.body.length };
  }

  private alternatives(): Node[][] {
    const out: Node[][] = [[]];
    while (this.i < this.body.length) {
      const c = this.body[this.i];
      if (c === ')') break;
      if (c === '|') {
        this.i++;
        out.push([]);
        continue;
      }
      const node = this.item();
      if (node !== undefined) out[out.length - 1].push(node);
    }
    return out;
  }

  private item(): Node | undefined {
    const start = this.i;
    const c = this.body[this.i];
    if (c === '^') {
      this.i++;
      return undefined;
    }
    if (c === '$') {
      this.i++;
      return { kind: 'end' };
    }
    if (c === '(') {
      if (/^\(\?<?[=!]/.test(this.body.slice(this.i))) {
        throw new Refused('lookahead and lookbehind are not supported in regular expressions');
      }
      const named = /^\(\?<[A-Za-z_$][\w$]*>/.exec(this.body.slice(this.i));
      this.i += named !== null ? named[0].length : this.body.startsWith('(?:', this.i) ? 3 : 1;
      const alternatives = this.alternatives();
      if (this.body[this.i] !== ')') throw new Refused('unbalanced "(" in regular expression');
      this.i++;
      const group: Group = { kind: 'group', alternatives, min: 1, max: 1, start, end: this.i };
      this.quantify(group);
      return group;
    }
    let set: CharSet | undefined;
    if (c === '\\') {
      set = this.escape(false);
      if (set === undefined) return undefined; // \b, \B: zero-width
    } else if (c === '[') {
      set = this.charClass();
    } else if (c === '.') {
      this.i++;
      set = anySet();
    } else {
      const cp = this.body.codePointAt(this.i) as number;
      this.i += cp > 0xffff ? 2 : 1;
      set = rangeSet(cp, cp);
    }
    const atom: Atom = { kind: 'atom', set: this.ignoreCase ? foldCase(set) : set, min: 1, max: 1, start, end: this.i };
    this.quantify(atom);
    return atom;
  }

  private quantify(node: Atom | Group): void {
    const rest = this.body.slice(this.i);
    let m: RegExpExecArray | null;
    if (rest[0] === '*' || rest[0] === '+' || rest[0] === '?') {
      node.min = rest[0] === '+' ? 1 : 0;
      node.max = rest[0] === '?' ? 1 : Infinity;
      this.i++;
    } else if ((m = /^\{(\d+)(,(\d*))?\}/.exec(rest)) !== null) {
      node.min = Number(m[1]);
      node.max = m[2] === undefined ? node.min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length;
    } else {
      return;
    }
    this.quantifiers++;
    if (this.body[this.i] === '?') this.i++; // lazy: the same analysis applies
    node.end = this.i;
  }

  /** One escape at `this.i` (on the backslash); undefined for a zero-width assertion. */
  private escape(inClass: boolean): CharSet | undefined {
    const next = this.body[this.i + 1];
    const rest = this.body.slice(this.i);
    if (/^\\[1-9]|^\\k</.test(rest)) throw new Refused('backreferences are not supported in regular expressions');
    this.i += 2;
    switch (next) {
      case 'd':
        return DIGITS();
      case 'D':
        return complement(DIGITS());
      case 'w':
        return WORD();
      case 'W':
        return complement(WORD());
      case 's':
        return SPACE();
      case 'S':
        return complement(SPACE());
      case 'b':
        return inClass ? rangeSet(8, 8) : undefined;
      case 'B':
        return undefined;
      case 't':
        return rangeSet(9, 9);
      case 'n':
        return rangeSet(10, 10);
      case 'v':
        return rangeSet(11, 11);
      case 'f':
        return rangeSet(12, 12);
      case 'r':
        return rangeSet(13, 13);
      case '0':
        return rangeSet(0, 0);
      case 'x': {
        const m = /^[0-9a-fA-F]{2}/.exec(this.body.slice(this.i));
        if (m === null) return anySet();
        this.i += 2;
        const cp = parseInt(m[0], 16);
        return rangeSet(cp, cp);
      }
      case 'u': {
        const m = /^(?:([0-9a-fA-F]{4})|\{([0-9a-fA-F]+)\})/.exec(this.body.slice(this.i));
        if (m === null) return anySet();
        this.i += m[0].length;
        const cp = parseInt(m[1] ?? m[2], 16);
        return rangeSet(cp, cp);
      }
      case 'c':
        this.i++;
        return anySet();
      case 'p':
      case 'P': {
        const m = /^\{[^}]*\}/.exec(this.body.slice(this.i));
        if (m !== null) this.i += m[0].length;
        return anySet();
      }
      default: {
        const cp = (next ?? '\\').codePointAt(0) as number;
        return rangeSet(cp, cp);
      }
    }
  }

  /** A `[...]` class at `this.i`; anything it cannot read exactly counts as every character. */
  private charClass(): CharSet {
    this.i++;
    const negated = this.body[this.i] === '^';
    if (negated) this.i++;
    const set = emptySet();
    while (this.i < this.body.length && this.body[this.i] !== ']') {
      const low = this.classChar();
      if (this.body[this.i] === '-' && this.body[this.i + 1] !== ']' && this.i + 1 < this.body.length && low.single !== undefined) {
        this.i++;
        const high = this.classChar();
        if (high.single === undefined) unite(set, unite(low.set, high.set));
        else rangeSet(low.single, high.single, set);
      } else {
        unite(set, low.set);
      }
    }
    this.i++; // ]
    return negated ? complement(set) : set;
  }

  private classChar(): { set: CharSet; single?: number } {
    if (this.body[this.i] === '\\') {
      const before = this.i;
      const set = this.escape(true) ?? anySet();
      const text = this.body.slice(before, this.i);
      const single = /^\\[dDwWsSpP]/.test(text) ? undefined : firstSingle(set);
      return { set, single };
    }
    const cp = this.body.codePointAt(this.i) as number;
    this.i += cp > 0xffff ? 2 : 1;
    return { set: rangeSet(cp, cp), single: cp };
  }
}

function firstSingle(set: CharSet): number | undefined {
  let found: number | undefined;
  for (let c = 0; c < 128; c++) {
    if (set.ascii[c] === 1) {
      if (found !== undefined) return undefined;
      found = c;
    }
  }
  return set.other ? undefined : found;
}

// ---- checks ----------------------------------------------------------------------------------

function checkGroups(group: Group, insideRepeated: boolean): void {
  const repeated = insideRepeated || group.min !== 1 || group.max !== 1;
  if (repeated) {
    const alternates = group.alternatives.length > 1;
    const repeats = group.alternatives.some((alt) => alt.some((n) => n.kind !== 'end' && (n.min !== 1 || n.max !== 1)));
    if (alternates || repeats) {
      throw new Refused(
        'a repeated group may not itself contain a repetition or an alternation (for example (a+)+ or (a|b)*); use a character class instead',
      );
    }
  }
  for (const alt of group.alternatives) {
    for (const n of alt) if (n.kind === 'group') checkGroups(n, repeated);
  }
}

function combinations(group: Group): number {
  let product = group.alternatives.length;
  for (const alt of group.alternatives) {
    for (const n of alt) if (n.kind === 'group') product *= combinations(n);
  }
  return product;
}

type Token = { kind: 'atom'; atom: Atom } | { kind: 'end' } | { kind: 'barrier' };

/** The pattern as one line: plain groups inlined, repeated groups as one atom, alternations as barriers. */
function flatten(group: Group, out: Token[]): void {
  const alternates = group.alternatives.length > 1;
  if (alternates) out.push({ kind: 'barrier' });
  group.alternatives.forEach((alt, index) => {
    if (index > 0) out.push({ kind: 'barrier' });
    for (const n of alt) {
      if (n.kind === 'end') out.push({ kind: 'end' });
      else if (n.kind === 'atom') out.push({ kind: 'atom', atom: n });
      else if (n.min === 1 && n.max === 1) flatten(n, out);
      else out.push({ kind: 'atom', atom: { kind: 'atom', set: groupSet(n), min: n.min, max: n.max, start: n.start, end: n.end } });
    }
  });
  if (alternates) out.push({ kind: 'barrier' });
}

function groupSet(group: Group): CharSet {
  const set = emptySet();
  for (const alt of group.alternatives) {
    for (const n of alt) {
      if (n.kind === 'atom') unite(set, n.set);
      else if (n.kind === 'group') unite(set, groupSet(n));
    }
  }
  return set;
}

function checkRepetitions(body: string, top: Group): void {
  const tokens: Token[] = [];
  flatten(top, tokens);
  const variable = (t: Token): t is { kind: 'atom'; atom: Atom } => t.kind === 'atom' && t.atom.min !== t.atom.max;
  // A tail of optional atoms cannot fail, so nothing ever backtracks into what comes before it.
  let tail = tokens.length;
  while (tail > 0 && tokens[tail - 1].kind === 'atom' && (tokens[tail - 1] as { atom: Atom }).atom.min === 0) tail--;
  let last = -1;
  tokens.slice(0, tail).forEach((t, index) => {
    if (variable(t)) last = index;
  });
  for (let index = 0; index < last; index++) {
    const t = tokens[index];
    if (!variable(t) || isFollowedByOther(t.atom, tokens, index + 1)) continue;
    const text = body.slice(t.atom.start, t.atom.end);
    throw new Refused(
      `the repetition "${text}" at position ${t.atom.start + 1} is followed by something it can also match, ` +
        'so matching could backtrack without bound (for example .*.* or \\w+\\d+); ' +
        'separate repetitions by a character the first one cannot match, or use a single repetition',
    );
  }
}

/** True when whatever must come right after `atom` can never be one of its characters, or nothing can fail after it. */
function isFollowedByOther(atom: Atom, tokens: readonly Token[], from: number): boolean {
  const next = emptySet();
  for (let j = from; j < tokens.length; j++) {
    const t = tokens[j];
    if (t.kind === 'barrier') return false;
    if (t.kind === 'end') return !overlaps(atom.set, next);
    unite(next, t.atom.set);
    if (t.atom.min >= 1) return !overlaps(atom.set, next);
  }
  // Everything after it may match nothing: once it has matched, the whole pattern has.
  return true;
}
