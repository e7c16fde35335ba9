/**
 * Generic traversal of the expression tree. Children come in source order, so a pre-order walk
 * visits nodes in document order.
 */
import { assertNever, type ColumnRef, type Expr, type FrameBound } from './ast';

/** The direct sub-expressions of `e`, in the order they appear in the text. */
export function children(e: Expr): readonly Expr[] {
  switch (e.kind) {
    case 'number':
    case 'string':
    case 'boolean':
    case 'null':
    case 'typed_literal':
    case 'interval':
    case 'column':
    case 'star':
      return [];
    case 'unary':
      return [e.operand];
    case 'binary':
      return [e.left, e.right];
    case 'is_null':
      return [e.operand];
    case 'in':
      return [e.operand, ...e.list];
    case 'between':
      return [e.operand, e.low, e.high];
    case 'like':
      return [e.operand, e.pattern];
    case 'case': {
      const parts = e.whens.flatMap((w) => [w.when, w.then]);
      return e.else === undefined ? parts : [...parts, e.else];
    }
    case 'cast':
      return [e.operand];
    case 'call':
      return e.args;
    case 'window':
      return [
        e.call,
        ...e.partitionBy,
        ...e.orderBy.map((o) => o.expr),
        ...(e.frame === undefined ? [] : [e.frame.start.offset, e.frame.end.offset].filter((o): o is Expr => o !== undefined)),
      ];
    case 'field':
      return [e.operand];
    case 'index':
      return [e.operand, e.index];
    case 'lambda':
      return [e.body];
    case 'alias':
      return [e.expr];
    default:
      return assertNever(e);
  }
}

/**
 * `e` with each direct sub-expression replaced by `f` of it (the same sub-expressions as
 * {@link children}; a window's function keeps its place and has its arguments mapped). Rewrites
 * that change some nodes and rebuild the rest call it instead of spelling out every node kind.
 */
export function mapChildren(e: Expr, f: (child: Expr) => Expr): Expr {
  switch (e.kind) {
    case 'number':
    case 'string':
    case 'boolean':
    case 'null':
    case 'typed_literal':
    case 'interval':
    case 'column':
    case 'star':
      return e;
    case 'unary':
    case 'is_null':
    case 'cast':
    case 'field':
      return { ...e, operand: f(e.operand) };
    case 'binary':
      return { ...e, left: f(e.left), right: f(e.right) };
    case 'in':
      return { ...e, operand: f(e.operand), list: e.list.map(f) };
    case 'between':
      return { ...e, operand: f(e.operand), low: f(e.low), high: f(e.high) };
    case 'like':
      return { ...e, operand: f(e.operand), pattern: f(e.pattern) };
    case 'case':
      return { ...e, whens: e.whens.map((w) => ({ when: f(w.when), then: f(w.then) })), ...(e.else === undefined ? {} : { else: f(e.else) }) };
    case 'call':
      return { ...e, args: e.args.map(f) };
    case 'window': {
      const bound = (b: FrameBound): FrameBound => (b.offset === undefined ? b : { ...b, offset: f(b.offset) });
      return {
        ...e,
        call: { ...e.call, args: e.call.args.map(f) },
        partitionBy: e.partitionBy.map(f),
        orderBy: e.orderBy.map((o) => ({ ...o, expr: f(o.expr) })),
        ...(e.frame === undefined ? {} : { frame: { ...e.frame, start: bound(e.frame.start), end: bound(e.frame.end) } }),
      };
    }
    case 'index':
      return { ...e, operand: f(e.operand), index: f(e.index) };
    case 'lambda':
      return { ...e, body: f(e.body) };
    case 'alias':
      return { ...e, expr: f(e.expr) };
    default:
      return assertNever(e);
  }
}

/**
 * Visits `e` and its descendants in pre-order (document order). Returning `false` from `visit`
 * skips that node's children. Iterative, so even a hand-built very deep tree cannot overflow the stack.
 */
export function walkExpression(e: Expr, visit: (node: Expr, parent: Expr | undefined) => boolean | void): void {
  const stack: Array<{ node: Expr; parent: Expr | undefined }> = [{ node: e, parent: undefined }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (visit(item.node, item.parent) === false) continue;
    const kids = children(item.node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i], parent: item.node });
  }
}

/** True when some node of `e` (itself included) satisfies `test`. */
export function someNode(e: Expr, test: (node: Expr) => boolean): boolean {
  let found = false;
  walkExpression(e, (node) => {
    if (found) return false;
    if (test(node)) found = true;
    return !found;
  });
  return found;
}

/** Every column reference in `e`, in document order (repeats kept). */
export function columnsReferenced(e: Expr): ColumnRef[] {
  const columns: ColumnRef[] = [];
  walkExpression(e, (node) => {
    if (node.kind === 'column') columns.push(node);
  });
  return columns;
}

/** The height of `e`: 1 for a leaf, else 1 + the height of its tallest child. */
export function expressionDepth(e: Expr): number {
  let deepest = 0;
  const stack: Array<[Expr, number]> = [[e, 1]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, depth] = item;
    if (depth > deepest) deepest = depth;
    for (const child of children(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}
