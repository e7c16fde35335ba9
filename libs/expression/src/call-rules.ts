/**
 * The rules a function call obeys whatever its argument types: its name is in the catalogue, its
 * argument count fits, DISTINCT and `*` appear only where the function accepts them, and an
 * aggregate sits neither inside another aggregate nor where aggregates are not allowed. The
 * validator (`checkExpression`) and each engine's binder apply these same rules; only the shape
 * of the error they raise differs.
 *
 * Example: `callProblems(parse('upper(a, b)'), {})` gives one problem, EXPR_ARITY
 * `function "upper" takes 1 argument, got 2`.
 */
import type { Call, Expr } from './ast';
import { describeArity, lookupFunction, lookupWindowFunction } from './functions';

/** The codes these rules raise (a subset of the expression error catalogue). */
export type CallRuleCode =
  | 'EXPR_UNKNOWN_FUNCTION'
  | 'EXPR_ARITY'
  | 'EXPR_DISTINCT'
  | 'EXPR_STAR'
  | 'EXPR_NESTED_AGGREGATE'
  | 'EXPR_AGGREGATE_NOT_ALLOWED';

/** One broken rule: its code, a sentence without position, and the node it is about. */
export interface CallRuleProblem {
  readonly code: CallRuleCode;
  readonly reason: string;
  /** The call itself, or the `*` argument that is misplaced. */
  readonly node: Expr;
}

/** Where a call sits, for the aggregate rules. */
export interface CallPlace {
  /** The name of the aggregate call this call is an argument of (at any depth), if any. */
  readonly enclosingAggregate?: string;
  /**
   * Set where aggregates are not allowed: how to say where the call is (`in a filter`, `here`),
   * completing "aggregate function "sum" is not allowed ...".
   */
  readonly aggregatesForbidden?: string;
}

/** True when `arg` is the `*` of a well-formed `count(*)` call. */
export function isCountStar(call: Call, arg: Expr): boolean {
  return (
    arg.kind === 'star' &&
    lookupFunction(call.name)?.allowsStar === true &&
    call.args.length === 1 &&
    !call.distinct &&
    arg.qualifier === undefined
  );
}

/** Every rule `call` breaks by itself (its arguments' own calls are not looked at), in rule order. */
export function callProblems(call: Call, place: CallPlace): CallRuleProblem[] {
  const info = lookupFunction(call.name) ?? lookupWindowFunction(call.name);
  if (info === undefined) return [{ code: 'EXPR_UNKNOWN_FUNCTION', reason: `unknown function "${call.name}"`, node: call }];
  const problems: CallRuleProblem[] = [];
  const count = call.args.length;
  if (count < info.minArgs || (info.maxArgs !== null && count > info.maxArgs)) {
    problems.push({ code: 'EXPR_ARITY', reason: `function "${info.name}" takes ${describeArity(info)}, got ${count}`, node: call });
  }
  if (call.distinct && info.allowsDistinct !== true) {
    problems.push({ code: 'EXPR_DISTINCT', reason: `function "${info.name}" does not accept DISTINCT`, node: call });
  }
  if (info.aggregate) {
    if (place.enclosingAggregate !== undefined) {
      problems.push({
        code: 'EXPR_NESTED_AGGREGATE',
        reason: `aggregate function "${info.name}" cannot be used inside aggregate function "${place.enclosingAggregate}"`,
        node: call,
      });
    } else if (place.aggregatesForbidden !== undefined) {
      problems.push({
        code: 'EXPR_AGGREGATE_NOT_ALLOWED',
        reason: `aggregate function "${info.name}" is not allowed ${place.aggregatesForbidden}`,
        node: call,
      });
    }
  }
  for (const arg of call.args) {
    if (arg.kind === 'star' && !isCountStar(call, arg)) {
      problems.push({ code: 'EXPR_STAR', reason: '"*" is only allowed as count(*)', node: arg });
    }
  }
  return problems;
}
