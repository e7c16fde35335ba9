/**
 * Structural equality of expression trees, ignoring where each node was written.
 */
import type { Expr } from './ast';

/**
 * True when `a` and `b` are the same tree apart from spans: `AVG(x)` and `avg( x )` are the same;
 * `(a + b)` and `a + b` are too, because brackets leave no node behind.
 */
export function sameExpression(a: Expr, b: Expr): boolean {
  return sameValue(a, b);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => k !== 'span' && (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => k !== 'span' && (b as Record<string, unknown>)[k] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
