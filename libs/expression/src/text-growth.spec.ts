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

describe('growth that adds up or compounds through lambdas', () => {
  const check = (text: string) => checkExpression(parseExpression(text), { role: 'value' });

  it('adds the growth of concat, ||, concat_ws and array arguments', () => {
    const fifty = `concat(${Array.from({ length: 50 }, () => 'repeat(name, 10000)').join(', ')})`;
    expect(findTextGrowthProblem(parseExpression(fifty))).toMatchObject({ growth: 500_000, reason: 'sum' });
    expect(check(fifty)?.message).toBe('concat could make a value more than 10000 times larger than its input (the growth of its arguments adds up) at column 1');
    expect(findTextGrowthProblem(parseExpression('concat(repeat(name, 5000), repeat(name, 5000))'))).toBeUndefined();
    expect(findTextGrowthProblem(parseExpression('repeat(name, 6000) || repeat(name, 6000)'))).toBeUndefined();
    expect(check('size(array(repeat(name, 6000), repeat(name, 6000))) > 0')?.code).toBe('EXPR_TEXT_GROWTH');
    expect(check('concat_ws(repeat(name, 6000), name, name, name)')?.code).toBe('EXPR_TEXT_GROWTH');
    // Numbers add nothing, a text literal as much as one value.
    expect(findTextGrowthProblem(parseExpression(`concat(repeat(name, 9000), ${"'-', length(name), ".repeat(20)}'!')`))).toBeUndefined();
    expect(findTextGrowthProblem(parseExpression(`concat(repeat(name, 10000), '!')`))?.growth).toBe(10_001);
    expect(findTextGrowthProblem(parseExpression(`repeat(concat('<', name, '>'), 5000)`))?.growth).toBe(15_000);
  });

  it('multiplies nested lambdas', () => {
    expect(findTextGrowthProblem(parseExpression('transform(a, x -> repeat(x, 100))'))).toBeUndefined();
    const nestedTransforms = 'transform(transform(a, x -> repeat(x, 100)), y -> repeat(y, 100))';
    expect(findTextGrowthProblem(parseExpression(nestedTransforms))).toMatchObject({ growth: 100_000_000, reason: 'lambda' });
    expect(check('transform(a, x -> transform(x, y -> repeat(y, 10)))')?.code).toBe('EXPR_TEXT_GROWTH');
    expect(findTextGrowthProblem(parseExpression('transform(a, x -> transform(x, y -> y))'))).toBeUndefined();
  });

  it.each([
    ['concat(acc, acc)', 2],
    ['repeat(acc, 2)', 2],
    ['concat_ws(acc, acc, acc)', 3],
    ['flatten(array(acc, acc))', 2],
    ["replace(acc, 'a', 'aa')", 2],
    ['if(length(acc) > 3, acc, acc || acc)', 2],
  ])('refuses an aggregate whose merge %s holds the accumulator more than once', (merge, copies) => {
    const text = `aggregate(a, name, (acc, x) -> ${merge})`;
    expect(findTextGrowthProblem(parseExpression(text))).toMatchObject({ growth: Infinity, reason: 'accumulator', copies });
    expect(check(text)?.message).toBe(
      `aggregate's merge lambda holds its accumulator ${copies} times in what it returns, so the accumulator grows exponentially with the array's length ` +
        '(only appending to it once per element, as concat(acc, x), is bounded) at column 1',
    );
  });

  it.each([
    'aggregate(a, 0, (acc, x) -> acc + x)',
    "aggregate(a, '', (acc, x) -> concat(acc, ',', x))",
    "aggregate(a, '', (acc, x) -> concat(acc, x, cast(length(acc) AS STRING)))",
    "aggregate(a, '', (acc, x) -> replace(acc, ',', ';'))",
    "aggregate(a, '', (acc, x) -> lpad(concat(acc, acc), 10, '-'))",
    'aggregate(a, array(0), (acc, x) -> array_union(acc, array(x)))',
    "aggregate(a, '', (acc, x) -> concat(acc, x), acc -> upper(acc))",
  ])('keeps an aggregate that appends at most once per element valid: %s', (text) => {
    expect(findTextGrowthProblem(parseExpression(text))).toBeUndefined();
  });

  it('counts what a merge appends per element like a lambda body', () => {
    expect(check("aggregate(a, '', (acc, x) -> concat(acc, repeat(x, 200)))")?.code).toBe('EXPR_TEXT_GROWTH');
    expect(check("aggregate(a, '', (acc, x) -> transform(acc, y -> y || y))")?.code).toBe('EXPR_TEXT_GROWTH');
  });
});
