/**
 * Questions about aggregate calls that the checker, the validator and the engines all ask.
 */
import type { Call, Expr } from './ast';
import { lookupFunction } from './functions';
import { someNode, walkExpression } from './walk';

/** True when `e` is a call to an aggregate function of the catalogue (`sum(x)`, `count(*)`). */
export function isAggregateCall(e: Expr): e is Call {
  return e.kind === 'call' && lookupFunction(e.name)?.aggregate === true;
}

/** True when `e` or any of its sub-expressions is an aggregate call. */
export function containsAggregate(e: Expr): boolean {
  return someNode(e, isAggregateCall);
}

/**
 * The outermost aggregate calls of `e` in document order (an aggregate nested inside another is
 * not listed separately). `sum(a) / count(*)` gives `[sum(a), count(*)]`.
 */
export function aggregateCalls(e: Expr): Call[] {
  const calls: Call[] = [];
  walkExpression(e, (node) => {
    if (!isAggregateCall(node)) return true;
    calls.push(node);
    return false;
  });
  return calls;
}
