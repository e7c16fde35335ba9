import { parseExpression } from './parser';
import { checkExpression } from './check';
import { MAX_TEXT_GROWTH, findTextGrowthProblem } from './text-growth';

/** `levels` replace calls nested around `name`, each turning 'a' into `width` a's. */
function nested(levels: number, width = 20): string {
  let text = 'name';
  for (let i = 0; i < levels; i++) text = `replace(${text}, 'a', '${'a'.repeat(width)}')`;
  return text;
}

describe('findTextGrowthProblem', () => {
  it.each([
    ['name', undefined],
    ["upper(concat(name, '-', name))", undefined],
    ["replace(name, 'a', 'bb')", undefined],
    [nested(3), undefined],
    ["replace(name, 'abc', 'x')", undefined],
    ['replace(name, city, name)', undefined],
  ])('accepts %s', (text, expected) => {
    expect(findTextGrowthProblem(parseExpression(text))).toBe(expected);
  });

  it('bounds nested literal replacements by the product of their growth', () => {
    // 21^3 = 9261 is within the limit, 21^4 = 194481 is not.
    expect(findTextGrowthProblem(parseExpression(nested(3)))).toBeUndefined();
    const problem = findTextGrowthProblem(parseExpression(nested(4)));
    expect(problem?.growth).toBe(21 ** 4);
    expect(problem?.call.span.start).toBe(0);
  });

  it('reports the innermost call that crosses the limit, not the outer ones', () => {
    const text = `length(${nested(8)}) > 1`;
    const problem = findTextGrowthProblem(parseExpression(text));
    expect(problem?.growth).toBe(21 ** 4);
    expect(text.slice(problem?.call.span.start)).toMatch(/^replace\(replace\(replace\(replace\(name,/);
  });

  it('assumes a typical value length for a replacement that is not a literal, and multiplies nested ones', () => {
    expect(findTextGrowthProblem(parseExpression('replace(name, city, name)'))).toBeUndefined();
    const problem = findTextGrowthProblem(parseExpression("replace(replace(name, 'a', name), 'a', name)"));
    expect(problem?.growth).toBeGreaterThan(MAX_TEXT_GROWTH);
  });

  it('counts growth hidden inside the replacement itself', () => {
    const inner = nested(2);
    expect(findTextGrowthProblem(parseExpression(`replace(name, 'a', ${inner})`))?.growth).toBeGreaterThan(MAX_TEXT_GROWTH);
  });
});

describe('repeat, lpad, rpad and regexp_replace grow text too', () => {
  it('bounds repeat by its count, and lpad / rpad by their length', () => {
    expect(findTextGrowthProblem(parseExpression('repeat(name, 100)'))).toBeUndefined();
    expect(findTextGrowthProblem(parseExpression('repeat(repeat(name, 100), 101)'))?.growth).toBe(10_100);
    expect(findTextGrowthProblem(parseExpression("lpad(name, 10000, 'x')"))).toBeUndefined();
    expect(findTextGrowthProblem(parseExpression("rpad(name, 10001, 'x')"))?.growth).toBe(10_001);
    expect(findTextGrowthProblem(parseExpression('repeat(name, -5)'))).toBeUndefined();
  });

  it('assumes a typical value size for counts read from columns', () => {
    expect(findTextGrowthProblem(parseExpression('repeat(name, n)'))).toBeUndefined();
    expect(findTextGrowthProblem(parseExpression('repeat(repeat(repeat(name, n), n), 2)'))?.growth).toBe(20_000);
  });

  it('grows like replace for regexp_replace', () => {
    expect(findTextGrowthProblem(parseExpression("regexp_replace(regexp_replace(name, 'a', name), 'b', name)"))?.growth).toBe(10_201);
  });

  it('names the call in the check message', () => {
    const problem = checkExpression(parseExpression('repeat(repeat(name, 200), 200)'), { role: 'value' });
    expect(problem?.message).toBe(
      'repeat could make a text value more than 10000 times longer than its input (nested repeat calls multiply the growth) at column 1',
    );
  });
});

describe('checkExpression and text growth', () => {
  it('reports EXPR_TEXT_GROWTH at the call that crosses the limit', () => {
    const text = `length(${nested(6)}) > 1`;
    const problem = checkExpression(parseExpression(text), { role: 'predicate' });
    expect(problem?.code).toBe('EXPR_TEXT_GROWTH');
    expect(problem?.message).toBe(
      `replace could make a text value more than 10000 times longer than its input (nested replace calls multiply the growth) at column ${text.indexOf(nested(4)) + 1}`,
    );
  });

  it('reports a wrong function before the growth', () => {
    const problem = checkExpression(parseExpression(`frob(${nested(6)})`), { role: 'value' });
    expect(problem?.code).toBe('EXPR_UNKNOWN_FUNCTION');
  });
});
