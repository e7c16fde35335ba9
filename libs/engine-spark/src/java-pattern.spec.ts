import { javaPattern } from './java-pattern';

describe('an RE2 pattern as the Java pattern matching the same texts', () => {
  it.each([
    ['(?P<first>b)o', '(b)o'],
    ['(?P<a_1>x)(?P<b>y)+', '(x)(y)+'],
    ['\\(?P<a>x\\)', '\\(?P<a>x\\)'],
    ['[(?P<a>]x', '[(?P<a>]x'],
    ['[]](?P<a>x)', '[]](x)'],
    ['[^]a](?P<a>x)', '[^]a](x)'],
    ['[[:alpha:]](?P<a>x)', '[[:alpha:]](x)'],
    ['\\Q(?P<a>\\E(?P<b>x)', '\\Q(?P<a>\\E(x)'],
    ['(?i)(?:a|b)*', '(?i)(?:a|b)*'],
  ])('%s -> %s', (re2, java) => {
    expect(javaPattern(re2)).toBe(java);
  });
});
