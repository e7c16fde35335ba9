import { canMatchEmpty, compileRegex, MAX_REGEX_INSTRUCTIONS, regexProblem, type RegexMatcher } from './regex';

function matcherOf(pattern: string): RegexMatcher {
  const compiled = compileRegex(pattern);
  if (!('matcher' in compiled)) throw new Error(compiled.problem);
  return compiled.matcher;
}

describe('RLIKE with RE2 semantics', () => {
  it.each([
    ['abc', 'b', true],
    ['abc', '^b', false],
    ['ABc', '(?i)^ab', true],
    ['a\nb', 'a.b', false],
    ['a\nb', '(?s)a.b', true],
    ['a\nb', '^b', false],
    ['héllo', '^h.llo$', true],
    ['😀', '^.$', true],
    ['é', '\\pL', true],
    ['é', '\\w', false],
    ['x1', '\\d', true],
    ['[x]', '[]x]+', true],
    ['a', '[[:alpha:]]', true],
    ['aaa', '(a+)+$', true],
    ['aaa!', '(a|aa)*$', true],
    ['ab', '(?P<first>a)b', true],
    ['', '', true],
  ])('%p RLIKE %p = %p', (text, pattern, expected) => {
    expect(matcherOf(pattern)(text)).toBe(expected);
  });

  it.each([
    ['(?=a)', /^invalid regular expression '\(\?=a\)': invalid or unsupported Perl syntax/],
    ['(?<!a)b', /lookbehind is not supported/],
    ['(a)\\1', /invalid escape sequence: `\\1`/],
    ['a{1001}', /invalid repeat count/],
    ['(', /missing closing \)/],
    ['[a', /missing closing \]/],
    ['(?<n>a)', /named groups are written \(\?P<name>\.\.\.\)/],
    ['a\\C', /the escape \\C \(any byte\) is not supported/],
    ['a'.repeat(MAX_REGEX_INSTRUCTIONS + 1), /too large/],
  ])('refuses %p with the reason RE2 gives', (pattern, why) => {
    expect(regexProblem(pattern)).toMatch(why);
    expect(compileRegex(pattern)).toEqual({ problem: expect.stringMatching(why) });
  });

  it('quotes at most the start of a long refused pattern', () => {
    const problem = regexProblem(`${'x'.repeat(200)}(`) as string;
    expect(problem).toMatch(/^invalid regular expression 'x{60}…': missing closing \)/);
  });

  it('refuses lookbehind as RE2 does, while a class hides ( and \\C', () => {
    expect(regexProblem('(?<=a)b')).toBe("invalid regular expression '(?<=a)b': lookbehind is not supported");
    expect(regexProblem('[(?<]')).toBeUndefined();
    expect(regexProblem('[\\\\]C')).toBeUndefined();
  });

  it('matches patterns that backtracking engines take exponential or polynomial time on', () => {
    // Each of these hangs a backtracking matcher on such text; RE2 is linear, so they simply finish.
    expect(matcherOf('(a+)+$')(`${'a'.repeat(5000)}!`)).toBe(false);
    expect(matcherOf('(a+)+!$')(`${'a'.repeat(5000)}?`)).toBe(false);
    expect(matcherOf('.*.*.*.*.*.*.*.*.*.*.*.*.*.*=')('x'.repeat(100_000))).toBe(false);
    expect(matcherOf('a*b')('a'.repeat(150_000))).toBe(false);
    expect(matcherOf('(\\w+\\s?)+x$')(`${'word '.repeat(10_000)}!`)).toBe(false);
  });

  it('compiles a 3,000-character value used as its own pattern', () => {
    const value = 'ab'.repeat(1500);
    expect(matcherOf(value)(value)).toBe(true);
    expect(matcherOf(value)(value.slice(1))).toBe(false);
  });
});

describe('canMatchEmpty: whether a pattern matches the empty text somewhere', () => {
  it.each(['', 'a*', 'x?', 'x|', '(?:ab)*', '^', '$', '\\b', '\\B', '(?m)^$', '[^a]*'])('%s can', (pattern) => {
    expect(canMatchEmpty(pattern)).toBe(true);
  });
  it.each(['a', 'a+', '[aeiou]', '(\\w)(\\w)', '^\\s+', 'x{2,}', '(', '\\1'])('%s cannot (or does not compile)', (pattern) => {
    expect(canMatchEmpty(pattern)).toBe(false);
  });
});
