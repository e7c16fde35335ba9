import type { Call } from './ast';
import { callProblems, isCountStar } from './call-rules';
import { parseExpression } from './parser';

function call(text: string): Call {
  const e = parseExpression(text);
  if (e.kind !== 'call') throw new Error(`not a call: ${text}`);
  return e;
}

describe('call rules shared by the validator and the engines', () => {
  it.each([
    ['upper(a)', {}, []],
    ['count(*)', { aggregatesForbidden: 'here' }, ['EXPR_AGGREGATE_NOT_ALLOWED: aggregate function "count" is not allowed here']],
    ['nope(a)', {}, ['EXPR_UNKNOWN_FUNCTION: unknown function "nope"']],
    ['upper(a, b)', {}, ['EXPR_ARITY: function "upper" takes 1 argument, got 2']],
    ['concat()', {}, ['EXPR_ARITY: function "concat" takes at least 1 argument, got 0']],
    ['upper(DISTINCT a)', {}, ['EXPR_DISTINCT: function "upper" does not accept DISTINCT']],
    ['sum(x)', { enclosingAggregate: 'max' }, ['EXPR_NESTED_AGGREGATE: aggregate function "sum" cannot be used inside aggregate function "max"']],
    ['sum(*)', {}, ['EXPR_STAR: "*" is only allowed as count(*)']],
    ['count(DISTINCT *)', {}, ['EXPR_STAR: "*" is only allowed as count(*)']],
    ['upper(a, *)', {}, ['EXPR_ARITY: function "upper" takes 1 argument, got 2', 'EXPR_STAR: "*" is only allowed as count(*)']],
  ])('%s', (text, place, expected) => {
    expect(callProblems(call(text), place).map((p) => `${p.code}: ${p.reason}`)).toEqual(expected);
  });

  it('points a misplaced * at the star itself', () => {
    const [problem] = callProblems(call('sum(*)'), {});
    expect(problem.node).toMatchObject({ kind: 'star', span: { start: 4, end: 5 } });
  });

  it('knows a well-formed count(*)', () => {
    const c = call('count(*)');
    expect(isCountStar(c, c.args[0])).toBe(true);
    const q = call('count(t.*)');
    expect(isCountStar(q, q.args[0])).toBe(false);
  });
});
