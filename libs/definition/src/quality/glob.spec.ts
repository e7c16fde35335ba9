import fc from 'fast-check';
import { compileGlob, globProblem, MAX_GLOB_LENGTH } from './glob';

/** The glob as the schema check used to match it: a case-insensitive whole-name regular expression. */
function viaRegex(glob: string, name: string): boolean {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'i').test(name);
}

/** Whether the glob matches the name by the definition, as a table: can glob[..i] match name[..j]? */
function byDefinition(glob: string, name: string): boolean {
  const g = Array.from(glob.toLowerCase());
  const t = Array.from(name.toLowerCase());
  let row = t.map(() => false);
  row.unshift(true);
  for (const c of g) {
    const next = [c === '*' && (row[0] as boolean)];
    for (let j = 1; j <= t.length; j++) {
      next[j] = c === '*' ? (row[j] as boolean) || (next[j - 1] as boolean) : (row[j - 1] as boolean) && (c === '?' || c === t[j - 1]);
    }
    row = next;
  }
  return row[t.length] as boolean;
}

describe('compileGlob', () => {
  it.each([
    ['pii_*', 'pii_email', true],
    ['pii_*', 'PII_Email', true],
    ['pii_*', 'pii_', true],
    ['pii_*', 'my_pii_email', false],
    ['*_id', 'customer_id', true],
    ['*_id', 'customer_idx', false],
    ['ssn', 'SSN', true],
    ['ssn', 'ssn2', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['a?c', 'abbc', false],
    ['*', '', true],
    ['', '', true],
    ['', 'a', false],
    ['**a**', 'bab', true],
    ['a.b', 'axb', false],
    ['a.b', 'a.b', true],
    ['[ab]', 'a', false],
    ['[ab]', '[AB]', true],
    ['x+$', 'x+$', true],
    ['c\\d', 'c\\d', true],
    // One character is one code point, even outside the Basic Multilingual Plane.
    ['?_x', '😀_x', true],
    ['pii_*', 'pii_a\nb', true],
    ['İ?', 'İz', true],
  ])('%j against %j is %s', (glob, name, expected) => {
    expect(compileGlob(glob)(name)).toBe(expected);
  });

  it('matches the backtracking pattern of issue 28 against a 200-character name (a hang guard, not a benchmark)', () => {
    const glob = `${'*a'.repeat(10)}*c`;
    const started = Date.now();
    expect(compileGlob(glob)('a'.repeat(200))).toBe(false);
    expect(compileGlob(glob)(`${'a'.repeat(199)}c`)).toBe(true);
    // The two-pointer walk's own worst case: the longest glob agreeing with a long name almost to its end, from every start.
    expect(compileGlob(`*${'a'.repeat(MAX_GLOB_LENGTH - 2)}b`)('a'.repeat(10_000))).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('agrees with the regular expression it replaces and with the definition, on small globs and names', () => {
    const alphabet = fc.constantFrom('a', 'b', 'A', '_', '.', '[', ']', '\\', '$', '*', '?');
    const text = (max: number) => fc.array(alphabet, { maxLength: max }).map((cs) => cs.join(''));
    const name = fc.array(fc.constantFrom('a', 'b', 'B', '_', '.', '[', ']', '\\', '$', '*', '?'), { maxLength: 12 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(text(8), name, (glob, n) => {
        const got = compileGlob(glob)(n);
        expect(got).toBe(viaRegex(glob, n));
        expect(got).toBe(byDefinition(glob, n));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the definition on globs longer than one 32-bit word of states', () => {
    // fast-check keeps arrays to about ten entries unless told otherwise; these must pass 32.
    const text = (chars: string[], max: number) => fc.array(fc.constantFrom(...chars), { minLength: 33, maxLength: max, size: 'max' }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(text(['a', 'b', '*', '?'], 120), text(['a', 'b'], 150), (glob, n) => {
        expect(compileGlob(glob)(n)).toBe(byDefinition(glob, n));
      }),
      { numRuns: 2000 },
    );
    // Names the long globs do match, so the walk must carry states across words to the end.
    fc.assert(
      fc.property(text(['a', 'b', 'c'], 150), fc.array(fc.nat({ max: 149 }), { maxLength: 20, size: 'max' }), (n, cuts) => {
        const glob = Array.from(n, (c, i) => (cuts.includes(i) ? '*' : i % 7 === 3 ? '?' : c)).join('');
        expect(compileGlob(glob)(n)).toBe(true);
        expect(byDefinition(glob, n)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('globProblem', () => {
  it('accepts globs up to the limit and names the length of a longer one', () => {
    expect(globProblem('pii_*')).toBeUndefined();
    expect(globProblem('x'.repeat(MAX_GLOB_LENGTH))).toBeUndefined();
    expect(globProblem('x'.repeat(MAX_GLOB_LENGTH + 1))).toBe(`is longer than ${MAX_GLOB_LENGTH} characters (got ${MAX_GLOB_LENGTH + 1})`);
  });
});
