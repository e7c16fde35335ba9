import type { Expr } from './ast';
import { sameExpression } from './compare';
import { parseExpression } from './parser';

const same = (a: string, b: string) => sameExpression(parseExpression(a), parseExpression(b));

describe('sameExpression', () => {
  it('ignores spans, spacing, keyword case and redundant brackets', () => {
    expect(same('AVG(x)', 'avg( x )')).toBe(true);
    expect(same('(a + b)', 'a + b')).toBe(true);
    expect(same('a == b', 'a = b')).toBe(true);
    expect(same('x not in (1,2)', 'x NOT IN (1, 2)')).toBe(true);
    expect(same('CAST(x AS int)', 'CAST(x AS integer)')).toBe(true);
  });

  it('tells different trees apart', () => {
    expect(same('a + b', 'b + a')).toBe(false);
    expect(same('a - b - c', 'a - (b - c)')).toBe(false);
    expect(same('count(x)', 'count(DISTINCT x)')).toBe(false);
    expect(same('x IN (1, 2)', 'x IN (1, 2, 3)')).toBe(false);
    expect(same('1', '1.0')).toBe(false);
    expect(same('CASE WHEN a THEN 1 END', 'CASE WHEN a THEN 1 ELSE NULL END')).toBe(false);
    expect(same('t.a', 'a')).toBe(false);
    expect(same('Salary', 'salary')).toBe(false);
  });

  it('treats an absent optional field like a missing one', () => {
    const a: Expr = { kind: 'column', name: 'x', span: { start: 0, end: 1 } };
    const b: Expr = { kind: 'column', name: 'x', qualifier: undefined, span: { start: 5, end: 6 } };
    expect(sameExpression(a, b)).toBe(true);
  });
});
