import { checkExpression } from './check';
import { findLambdaWorkProblem } from './lambda-work';
import { parseExpression } from './parser';

describe('findLambdaWorkProblem', () => {
  const find = (text: string) => findLambdaWorkProblem(parseExpression(text));

  it.each([
    ['filter(a, x -> exists(a, y -> y = x + 1))', 'exists', 'filter', 'a'],
    ['transform(a, x -> filter(b, y -> y > x))', 'filter', 'transform', 'b'],
    ['transform(m, r -> transform(r, v -> size(filter(a, w -> w = v))))', 'filter', 'transform', 'a'],
    ['aggregate(a, array(0), (acc, x) -> if(exists(acc, y -> y = x), acc, array_union(acc, array(x))))', 'exists', 'aggregate', 'acc'],
    ['zip_with(a, b, (x, y) -> aggregate(c, 0, (s, z) -> s + z))', 'aggregate', 'zip_with', 'c'],
    ['transform(m, r -> filter(r, v -> exists(r, w -> w = v)))', 'exists', 'filter', 'r'],
  ])('refuses %s', (text, call, outer, source) => {
    expect(find(text)).toMatchObject({ call: { name: call }, outer: { name: outer }, source });
  });

  it.each([
    'transform(a, x -> x + 1)',
    'transform(m, r -> transform(r, v -> v * 2))',
    'transform(m, r -> filter(r, v -> v > threshold))',
    'filter(a, x -> exists(array(1, 2, 3), y -> y = x))',
    'transform(m, r -> transform(filter(r, v -> v > c), w -> w))',
    // The finish lambda runs once, not per element.
    'aggregate(a, array(0), (acc, x) -> array_union(acc, array(x)), acc -> filter(acc, y -> y > 0))',
    'exists(a, x -> x > 1) AND exists(b, y -> y > 1)',
  ])('accepts %s', (text) => {
    expect(find(text)).toBeUndefined();
  });

  it('is reported by the check as EXPR_LAMBDA_WORK at the inner call', () => {
    const problem = checkExpression(parseExpression('filter(a, x -> exists(a, y -> y = x + 1))'), { role: 'value' });
    expect(problem?.code).toBe('EXPR_LAMBDA_WORK');
    expect(problem?.message).toBe(
      'exists inside the lambda of filter runs over all of "a" once per element, work that grows with the square of the arrays\' length (a nested lambda may only run over the element it is given) at column 16',
    );
  });
});
