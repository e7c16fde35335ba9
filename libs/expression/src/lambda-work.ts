/**
 * A static bound on the work of nested lambdas. A lambda runs once per element of its array; a
 * higher-order call inside it that runs over the whole of a row's array (a column, or aggregate's
 * accumulator) instead of over the element runs len x len times: `filter(a, x -> exists(a, y ->
 * y = x + 1))` over 20 arrays of 10,000 elements is 2 billion lambda calls. DuckDB evaluates a
 * lambda over a whole chunk of rows without looking at an interrupt, so such a job ignored a cancel
 * for about 170 s (measured). Work that grows with the square of data-read lengths is refused;
 * a nested call over the element of the lambda it is in (`transform(matrix, row -> transform(row,
 * v -> v * 2))`) or over an array written in the expression is linear, and allowed.
 */
import type { Call, Expr, Lambda } from './ast';
import { lookupFunction } from './functions';
import { children } from './walk';

/** A higher-order call inside another's lambda that iterates over a whole array of the row. */
export interface LambdaWorkProblem {
  /** The inner higher-order call. */
  readonly call: Call;
  /** The outer call whose lambda holds it. */
  readonly outer: Call;
  /** The first column (or accumulator) the inner call's array is made of. */
  readonly source: string;
}

/** One enclosing lambda that runs per element, and which of its parameters are elements. */
interface Loop {
  readonly call: Call;
  readonly elements: readonly string[];
}

/** The first higher-order call nested in a per-element lambda that runs over a row's whole array. */
export function findLambdaWorkProblem(e: Expr): LambdaWorkProblem | undefined {
  let problem: LambdaWorkProblem | undefined;
  const visit = (node: Expr, loops: readonly Loop[]): void => {
    if (problem !== undefined) return;
    if (node.kind !== 'call' || !node.args.some((a) => a.kind === 'lambda')) {
      children(node).forEach((c) => visit(c, loops));
      return;
    }
    const name = node.name.toLowerCase();
    const lambdaAt = lookupFunction(name)?.lambdas ?? {};
    const firstLambda = node.args.findIndex((a) => a.kind === 'lambda');
    // aggregate runs over its array only (its start is one value, its finish runs once).
    const iterated = name === 'aggregate' ? node.args.slice(0, 1) : node.args.slice(0, firstLambda);
    const innermost = loops[loops.length - 1];
    if (innermost !== undefined) {
      // Only the innermost lambda's element: an outer one is a whole array to the inner loop
      // (`transform(m, r -> filter(r, v -> exists(r, ...)))` is quadratic in the length of r).
      const elements = new Set(innermost.elements);
      for (const arg of iterated) {
        const source = lengthSources(arg).find((n) => !elements.has(n));
        if (source !== undefined) {
          problem = { call: node, outer: innermost.call, source };
          return;
        }
      }
    }
    node.args.forEach((arg, i) => {
      if (arg.kind !== 'lambda' || lambdaAt[i] === undefined) {
        visit(arg, loops);
        return;
      }
      if (name === 'aggregate' && i === 3) {
        // The finish lambda runs once on the folded value: no loop, but its parameter is no element.
        visit(arg.body, loops);
        return;
      }
      visit(arg.body, [...loops, { call: node, elements: elementParams(name, arg) }]);
    });
  };
  visit(e, []);
  return problem;
}

/** The parameters of a per-element lambda that stand for one element (aggregate's accumulator does not). */
function elementParams(name: string, lambda: Lambda): readonly string[] {
  return name === 'aggregate' ? lambda.params.slice(1) : lambda.params;
}

/**
 * The names an array expression's length may depend on: its column references, outside the
 * bodies of lambdas inside it (those decide the elements' values, not how many there are).
 */
function lengthSources(e: Expr): string[] {
  const names: string[] = [];
  const walk = (node: Expr): void => {
    if (node.kind === 'column') names.push(node.qualifier ?? node.name);
    if (node.kind === 'lambda') return;
    children(node).forEach(walk);
  };
  walk(e);
  return names;
}
