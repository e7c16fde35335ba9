/**
 * Expression trees built by kinds that are sugar over expressions (conditional, fillNa, dropNa,
 * replace): they are bound and compiled like written ones, so both backends agree by construction.
 */
import type { BinaryOperator, Expr, Primitive } from '@pipeline/definition';

const AT = { start: 0, end: 0 };

export const column = (name: string): Expr => ({ kind: 'column', name, span: AT });

/** A literal of a document value: text, a (possibly negative) number or a boolean. */
export function literal(value: Primitive): Expr {
  if (typeof value === 'string') return { kind: 'string', value, span: AT };
  if (typeof value === 'boolean') return { kind: 'boolean', value, span: AT };
  const digits: Expr = { kind: 'number', text: String(Math.abs(value)), isInteger: Number.isInteger(value), span: AT };
  return value < 0 ? { kind: 'unary', op: '-', operand: digits, span: AT } : digits;
}

export const isNull = (operand: Expr, negated = false): Expr => ({ kind: 'is_null', operand, negated, span: AT });

export const binary = (op: BinaryOperator, left: Expr, right: Expr): Expr => ({ kind: 'binary', op, left, right, span: AT });

/** `a AND b AND ...` (or OR) of at least one operand. */
export function chain(op: 'AND' | 'OR' | '+', operands: readonly Expr[]): Expr {
  return operands.slice(1).reduce((left, right) => binary(op, left, right), operands[0]);
}

export const caseWhen = (whens: readonly { when: Expr; then: Expr }[], otherwise?: Expr): Expr => ({
  kind: 'case',
  whens,
  ...(otherwise === undefined ? {} : { else: otherwise }),
  span: AT,
});

export const call = (name: string, args: readonly Expr[]): Expr => ({ kind: 'call', name, args, distinct: false, span: AT });
