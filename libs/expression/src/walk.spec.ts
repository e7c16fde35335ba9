import type { Expr } from './ast';
import { aggregateCalls, containsAggregate, isAggregateCall } from './aggregates';
import { parseExpression } from './parser';
import { printExpression } from './printer';
import { children, columnsReferenced, expressionDepth, mapChildren, someNode, walkExpression } from './walk';

describe('children and walkExpression', () => {
  it('visit nodes in document order', () => {
    const e = parseExpression("CASE WHEN a > 1 THEN b ELSE c END + f(d, e) AS z");
    const seen: string[] = [];
    walkExpression(e, (node) => {
      if (node.kind === 'column') seen.push(node.name);
    });
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('gives each kind its sub-expressions in source order', () => {
    const kids = (text: string) => children(parseExpression(text)).map(printExpression);
    expect(kids('a + b')).toEqual(['a', 'b']);
    expect(kids('x NOT IN (1, 2)')).toEqual(['x', '1', '2']);
    expect(kids('x BETWEEN lo AND hi')).toEqual(['x', 'lo', 'hi']);
    expect(kids("n LIKE 'a%'")).toEqual(['n', "'a%'"]);
    expect(kids('x IS NULL')).toEqual(['x']);
    expect(kids('NOT x')).toEqual(['x']);
    expect(kids('CAST(x AS integer)')).toEqual(['x']);
    expect(kids('CASE WHEN p THEN 1 WHEN q THEN 2 ELSE 3 END')).toEqual(['p', '1', 'q', '2', '3']);
    expect(kids('CASE WHEN p THEN 1 END')).toEqual(['p', '1']);
    expect(kids('f(a, b)')).toEqual(['a', 'b']);
    expect(kids('a AS b')).toEqual(['a']);
    for (const leaf of ['1', "'s'", 'TRUE', 'NULL', "DATE '2024-01-01'", 'c', '*']) expect(kids(leaf)).toEqual([]);
  });

  it('skips the children of a node when the visitor returns false', () => {
    const e = parseExpression('f(a) + g(b)');
    const seen: string[] = [];
    walkExpression(e, (node) => {
      seen.push(node.kind === 'call' ? node.name : node.kind);
      return node.kind !== 'call';
    });
    expect(seen).toEqual(['binary', 'f', 'g']);
  });

  it('passes each node its parent', () => {
    const e = parseExpression('a + b');
    const parents: Array<string | undefined> = [];
    walkExpression(e, (_node, parent) => {
      parents.push(parent?.kind);
    });
    expect(parents).toEqual([undefined, 'binary', 'binary']);
  });

  it('handles a hand-built tree far deeper than the parser allows', () => {
    let e: Expr = { kind: 'column', name: 'x', span: { start: 0, end: 1 } };
    for (let i = 0; i < 50_000; i++) e = { kind: 'unary', op: '-', operand: e, span: { start: 0, end: 1 } };
    expect(expressionDepth(e)).toBe(50_001);
    expect(columnsReferenced(e).map((c) => c.name)).toEqual(['x']);
  });
});

describe('columnsReferenced and someNode', () => {
  it('lists column references in document order with repeats', () => {
    const cols = columnsReferenced(parseExpression('t.a + b * a > coalesce(c, b) AS x'));
    expect(cols.map((c) => (c.qualifier === undefined ? c.name : `${c.qualifier}.${c.name}`))).toEqual(['t.a', 'b', 'a', 'c', 'b']);
    expect(cols[0].span).toEqual({ start: 0, end: 3 });
    expect(columnsReferenced(parseExpression('count(*)'))).toEqual([]);
  });

  it('finds a node matching a test', () => {
    const e = parseExpression('a + 1 > b');
    expect(someNode(e, (n) => n.kind === 'number')).toBe(true);
    expect(someNode(e, (n) => n.kind === 'string')).toBe(false);
  });

  it('measures depth', () => {
    expect(expressionDepth(parseExpression('a'))).toBe(1);
    expect(expressionDepth(parseExpression('a + b * c'))).toBe(3);
    expect(expressionDepth(parseExpression('((a))'))).toBe(1);
  });
});

describe('aggregate helpers', () => {
  it('recognise aggregate calls through the catalogue, any case', () => {
    expect(isAggregateCall(parseExpression('SUM(x)'))).toBe(true);
    expect(isAggregateCall(parseExpression('count(*)'))).toBe(true);
    expect(isAggregateCall(parseExpression('upper(x)'))).toBe(false);
    expect(isAggregateCall(parseExpression('foo(x)'))).toBe(false);
    expect(isAggregateCall(parseExpression('sum'))).toBe(false);
  });

  it('find aggregates anywhere below', () => {
    expect(containsAggregate(parseExpression('round(avg(x), 2) AS r'))).toBe(true);
    expect(containsAggregate(parseExpression("CASE WHEN max(x) > 1 THEN 'a' END"))).toBe(true);
    expect(containsAggregate(parseExpression('round(x, 2) AS r'))).toBe(false);
  });

  it('list the outermost aggregate calls in document order', () => {
    const calls = aggregateCalls(parseExpression('sum(a) / count(*) + max(abs(min(b)))'));
    expect(calls.map(printExpression)).toEqual(['sum(a)', 'count(*)', 'max(abs(min(b)))']);
  });
});

describe('mapChildren', () => {
  it('rebuilds a node with each direct child mapped, the same children `children` lists', () => {
    const upper = (e: Expr): Expr => (e.kind === 'column' ? { ...e, name: e.name.toUpperCase() } : e);
    for (const text of ['a + b', 'a BETWEEN b AND c', 'CASE WHEN a THEN b ELSE c END', 'f IN (a, b)', 'coalesce(a, b)', 'x[i]', 's.f', 'sum(a) OVER (PARTITION BY b ORDER BY c ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)']) {
      const e = parseExpression(text);
      const mapped = mapChildren(e, upper);
      expect(mapped.kind).toBe(e.kind);
      const names = (x: Expr) => columnsReferenced(x).map((c) => c.name);
      // Only the direct children changed: a column two levels down keeps its name.
      expect(children(mapped).filter((c) => c.kind === 'column').map((c) => (c as { name: string }).name)).toEqual(
        children(e).filter((c) => c.kind === 'column').map((c) => (c as { name: string }).name.toUpperCase()),
      );
      expect(names(mapped).length).toBe(names(e).length);
    }
    expect(mapChildren(parseExpression('42'), upper)).toEqual(parseExpression('42'));
  });
});
