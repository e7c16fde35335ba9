/**
 * Checks a parsed expression against the function catalogue and against the place it is used
 * (its role), reporting the first problem in document order.
 */
import { assertNever, type Call, type Expr } from './ast';
import { containsAggregate } from './aggregates';
import { callProblems } from './call-rules';
import { parseReplacement, regexGroupCount, regexProblem } from './regex';
import { readJsonPath } from './json-path';
import { quotedTypeText, readDataType } from './type-text';
import { ExpressionCheckError, type ExpressionCheckCode } from './errors';
import { FUNCTIONS, lookupFunction, lookupWindowFunction } from './functions';
import { parseExpression } from './parser';
import { findLambdaWorkProblem } from './lambda-work';
import { MAX_TEXT_GROWTH, findTextGrowthProblem, type TextGrowthProblem } from './text-growth';
import { children, columnsReferenced, walkExpression } from './walk';

/**
 * Where an expression is used:
 * - `predicate`: a row filter (`where.filter`): true/false, no aggregate, no alias;
 * - `value`: a computed column (`select.columns`): no aggregate;
 * - `column`: a grouping key (`group_by.by`): no aggregate, and it must reference a column;
 * - `aggregate`: an aggregation (`group_by.agg`): must contain an aggregate call.
 */
export type ExpressionRole = 'predicate' | 'value' | 'column' | 'aggregate';

/** Options of `checkExpression`. */
export interface CheckExpressionOptions {
  readonly role: ExpressionRole;
  /**
   * For role `aggregate`: the output names of the grouping keys. When given, a column used outside
   * every aggregate call must be one of them (as SQL requires); when absent, that rule is skipped.
   */
  readonly groupKeys?: readonly string[];
  /** True where a whole expression may be `*` or `asset.*`, standing for columns (select). */
  readonly starAllowed?: boolean;
  /** True where every column must be qualified by its asset (join conditions, spec E-JOIN-001). */
  readonly qualifiedColumns?: boolean;
  /**
   * A `window` step's function: its aggregate and window-function calls take the step's window
   * (they may not carry their own OVER).
   */
  readonly windowStep?: boolean;
  /**
   * True where the whole expression may be a generator call (explode, posexplode, json_tuple:
   * spec 9.13.7, 9.13.10), optionally aliased: a select entry or an addColumns expression.
   */
  readonly generatorAllowed?: boolean;
}

/** The catalogue's higher-order functions (those taking a lambda), for messages. */
const HIGHER_ORDER_NAMES = FUNCTIONS.filter((f) => f.lambdas !== undefined)
  .map((f) => f.name)
  .join(', ');

const ROLE_PLACE: Readonly<Record<Exclude<ExpressionRole, 'aggregate'>, string>> = {
  predicate: 'in a filter',
  value: 'in a column expression',
  column: 'in a grouping key',
};

/** Where a window expression is refused, completing "a window expression is not allowed ...". */
const ROLE_WINDOW_PLACE: Readonly<Record<ExpressionRole | 'step', string>> = {
  predicate: 'in a filter (compute it in a select or addColumns step first)',
  column: 'in a grouping key',
  aggregate: 'in an aggregation',
  value: 'here',
  step: "in a window step's function (the step gives every function its window)",
};

/** Where a generator is refused, completing "... is only allowed as a whole select or addColumns entry, not ...". */
const ROLE_GENERATOR_PLACE: Readonly<Record<ExpressionRole, string>> = {
  predicate: 'in a filter',
  value: 'in this field',
  column: 'in a grouping key',
  aggregate: 'in an aggregation',
};

/** True when `e` calls a generator function (explode, explode_outer, posexplode, json_tuple). */
export function isGeneratorCall(e: Expr): e is Call {
  return e.kind === 'call' && lookupFunction(e.name)?.generator === true;
}

/**
 * Returns the first problem of `e`, or undefined when it is fine for `options.role`. Problems of
 * single nodes (unknown function, arity, `*`, DISTINCT, aggregate placement) come first, in
 * document order; only when there are none is the whole expression checked against its role.
 */
export function checkExpression(e: Expr, options: CheckExpressionOptions): ExpressionCheckError | undefined {
  const problems: ExpressionCheckError[] = [];
  const report = (code: ExpressionCheckCode, reason: string, node: Expr): void => {
    problems.push(new ExpressionCheckError(code, reason, node.span));
  };
  const { role } = options;
  const groupKeys = options.groupKeys === undefined ? undefined : new Set(options.groupKeys);

  // Parameters of the lambdas the walk is inside of (innermost last).
  const lambdaParams: string[] = [];
  // The node a generator may be: the whole entry, under its alias.
  const entry = e.kind === 'alias' ? e.expr : e;
  const visit = (node: Expr, enclosingAggregate: Call | undefined, top: boolean): void => {
    switch (node.kind) {
      case 'alias':
        if (!top) report('EXPR_ALIAS_NOT_ALLOWED', `alias "${node.alias}" is only allowed at the top of an expression`, node);
        if (node.names !== undefined && !isGeneratorCall(node.expr)) {
          report('EXPR_GENERATOR', `a list of aliases (${node.names.join(', ')}) only names the columns of a generator function (explode, explode_outer, posexplode, json_tuple)`, node);
        }
        visit(node.expr, enclosingAggregate, false);
        return;
      case 'star':
        if (top && options.starAllowed === true) return;
        report('EXPR_STAR', options.starAllowed === true ? '"*" must be a whole column entry ("*" or "asset.*") or count(*)' : '"*" is only allowed as count(*)', node);
        return;
      case 'lambda':
        // Lambdas in their places are visited with their call; this one is anywhere else.
        report('EXPR_LAMBDA', `a lambda is only allowed as the function argument of a higher-order function (${HIGHER_ORDER_NAMES})`, node);
        return;
      case 'column':
        // A lambda's parameter is no column.
        if (lambdaParams.includes(node.qualifier ?? node.name)) return;
        if (options.qualifiedColumns === true && node.qualifier === undefined) {
          report(
            'EXPR_UNQUALIFIED_COLUMN',
            `column "${node.name}" must be qualified by its asset's name in a join condition (for example left.${node.name} = right.${node.name})`,
            node,
          );
        }
        if (role === 'aggregate' && groupKeys !== undefined && enclosingAggregate === undefined && !groupKeys.has(node.name)) {
          report(
            'EXPR_UNGROUPED_COLUMN',
            `column "${node.name}" must be inside an aggregate function or be a grouping key`,
            node,
          );
        }
        return;
      case 'call':
        visitCall(node, enclosingAggregate, false);
        return;
      case 'window': {
        const place = enclosingAggregate !== undefined ? `inside aggregate function "${enclosingAggregate.name}"` : role === 'value' && options.windowStep !== true ? undefined : ROLE_WINDOW_PLACE[options.windowStep === true ? 'step' : role];
        if (place !== undefined) report('EXPR_WINDOW_NOT_ALLOWED', `a window expression is not allowed ${place}`, node);
        visitCall(node.call, undefined, true);
        // PARTITION BY and ORDER BY are per-row values of the input: no aggregates, no windows.
        for (const child of children(node).slice(1)) visitRowValue(child);
        return;
      }
      case 'like': {
        // A literal RLIKE pattern is compiled now, so a bad one is a validation error, not a failed job.
        const problem = node.op === 'RLIKE' && node.pattern.kind === 'string' ? regexProblem(node.pattern.value) : undefined;
        if (problem !== undefined) report('EXPR_BAD_PATTERN', problem, node.pattern);
        for (const child of children(node)) visit(child, enclosingAggregate, false);
        return;
      }
      default:
        for (const child of children(node)) visit(child, enclosingAggregate, false);
    }
  };

  /** `windowed`: the call is the function of a window (written OVER, or a window step's). */
  const visitCall = (call: Call, enclosingAggregate: Call | undefined, windowed: boolean): void => {
    const stepWindowed = options.windowStep === true && enclosingAggregate === undefined;
    const place = {
      enclosingAggregate: enclosingAggregate?.name,
      aggregatesForbidden: role === 'aggregate' || windowed || stepWindowed ? undefined : ROLE_PLACE[role],
    };
    for (const problem of callProblems(call, place)) report(problem.code, problem.reason, problem.node);
    // grouping() tells a grouping set's rows apart: over a window there is no grouping set.
    const fn = call.name.toLowerCase();
    if ((windowed || stepWindowed) && (fn === 'grouping' || fn === 'grouping_id')) report('EXPR_WINDOW_NOT_ALLOWED', `${fn} cannot be computed over a window`, call);
    if (lookupFunction(call.name)?.generator === true) generatorProblems(call);
    const regex = regexArgumentProblem(call);
    if (regex !== undefined) report('EXPR_BAD_PATTERN', regex.problem, regex.node);
    const literal = literalArgumentProblem(call);
    if (literal !== undefined) report('EXPR_BAD_LITERAL_ARGUMENT', literal.problem, literal.node);
    const windowFunction = lookupWindowFunction(call.name);
    if (windowFunction !== undefined && !windowed && !stepWindowed) {
      report('EXPR_WINDOW_REQUIRED', `window function "${windowFunction.name}" needs OVER (...) here (or use a window step)`, call);
    }
    const inner = lookupFunction(call.name)?.aggregate === true || windowFunction !== undefined ? call : enclosingAggregate;
    // A misplaced `*` argument was reported with the call's own problems.
    const lambdas = lookupFunction(call.name)?.lambdas ?? {};
    call.args.forEach((arg, i) => {
      const params = lambdas[i];
      if (params === undefined || arg.kind === 'star') {
        if (arg.kind !== 'star') visit(arg, inner, false);
        return;
      }
      if (arg.kind !== 'lambda') {
        report('EXPR_LAMBDA', `argument ${i + 1} of ${call.name} must be a lambda of ${params === 1 ? 'one parameter (x -> ...)' : `${params} parameters ((a, b) -> ...)`}`, arg);
        visit(arg, inner, false);
        return;
      }
      if (arg.params.length !== params) {
        report('EXPR_LAMBDA', `the lambda of ${call.name} takes ${params} parameter${params === 1 ? '' : 's'}, got ${arg.params.length}`, arg);
      }
      // A lambda computes per element: no aggregate or window inside it (neither engine could run one).
      walkExpression(arg.body, (n) => {
        const isAggregate = n.kind === 'call' && lookupFunction(n.name)?.aggregate === true;
        if (n.kind !== 'window' && !isAggregate) return undefined;
        report('EXPR_LAMBDA', `a lambda cannot hold ${n.kind === 'window' ? 'a window expression' : `aggregate function "${(n as Call).name}"`}`, n);
        return false;
      });
      lambdaParams.push(...arg.params);
      visit(arg.body, inner, false);
      lambdaParams.length -= arg.params.length;
    });
  };

  /** A generator yields rows: only a whole entry where rows may multiply, over per-row values. */
  const generatorProblems = (call: Call): void => {
    const name = call.name.toLowerCase();
    if (call !== entry || options.generatorAllowed !== true) {
      const place = call !== entry ? 'inside another expression' : ROLE_GENERATOR_PLACE[role];
      report('EXPR_GENERATOR', `generator function "${name}" yields rows: it is only allowed as a whole select or addColumns entry, not ${place}`, call);
      return;
    }
    for (const arg of call.args) {
      walkExpression(arg, (n) => {
        if (n.kind !== 'window') return undefined;
        report('EXPR_GENERATOR', `a window expression is not allowed inside generator function "${name}" (compute it in an earlier step)`, n);
        return false;
      });
    }
  };

  const visitRowValue = (node: Expr): void => {
    walkExpression(node, (n) => {
      if (n.kind === 'window') {
        report('EXPR_WINDOW_NOT_ALLOWED', 'a window expression is not allowed inside a window\'s PARTITION BY or ORDER BY', n);
        return false;
      }
      if (n.kind === 'call' && (lookupFunction(n.name)?.aggregate === true || lookupWindowFunction(n.name) !== undefined)) {
        report('EXPR_AGGREGATE_NOT_ALLOWED', `function "${n.name}" is not allowed inside a window's PARTITION BY or ORDER BY`, n);
        return false;
      }
      return undefined;
    });
  };

  visit(e, undefined, true);
  const first = earliest(problems);
  if (first !== undefined) return first;

  const growth = findTextGrowthProblem(e);
  if (growth !== undefined) {
    report('EXPR_TEXT_GROWTH', growthMessage(growth), growth.call);
    return problems[0];
  }
  const work = findLambdaWorkProblem(e);
  if (work !== undefined) {
    report(
      'EXPR_LAMBDA_WORK',
      `${work.call.name} inside the lambda of ${work.outer.name} runs over all of "${work.source}" once per element, ` +
        "work that grows with the square of the arrays' length (a nested lambda may only run over the element it is given)",
      work.call,
    );
    return problems[0];
  }

  // Rules about the expression as a whole come last: a wrong function inside it is the more
  // useful message, and fixing it may change the whole's kind.
  switch (role) {
    case 'predicate':
      if (e.kind === 'alias') report('EXPR_ALIAS_NOT_ALLOWED', `alias "${e.alias}" is not allowed in a filter`, e);
      else if (truthKind(e) === 'other') {
        report('EXPR_EXPECTED_PREDICATE', 'expected a true/false condition such as x > 0', e);
      }
      break;
    case 'column':
      if (columnsReferenced(e).length === 0) {
        report('EXPR_EXPECTED_COLUMN', 'expected a grouping key that references a column', e);
      }
      break;
    case 'aggregate':
      if (!containsAggregate(e)) report('EXPR_EXPECTED_AGGREGATE', 'expected an aggregate expression such as sum(x)', e);
      break;
    case 'value':
      break;
    default:
      assertNever(role);
  }

  return problems[0];
}

/**
 * The problem of a list of entries that may hold generators (`one` per list in a select, in
 * `each` entry of addColumns; see `generatorAllowed`), with the index of the entry it is in:
 * a second generator in a `one` list, or a window expression in a list that holds a generator
 * (its rows are numbered before the generator multiplies them). Each entry was checked alone.
 */
export function checkGeneratorList(entries: readonly Expr[], mode: 'one' | 'each'): { readonly index: number; readonly error: ExpressionCheckError } | undefined {
  const generators = entries.map((e) => (e.kind === 'alias' ? e.expr : e)).flatMap((e, index) => (isGeneratorCall(e) ? [{ index, call: e }] : []));
  const [first, second] = generators;
  if (first === undefined) return undefined;
  if (mode === 'one' && second !== undefined) {
    const reason = `a select may hold one generator function: "${second.call.name.toLowerCase()}" follows "${first.call.name.toLowerCase()}" of entry ${first.index + 1} (explode in a later step)`;
    return { index: second.index, error: new ExpressionCheckError('EXPR_GENERATOR', reason, second.call.span) };
  }
  for (const [index, e] of entries.entries()) {
    let window: Expr | undefined;
    walkExpression(e, (n) => {
      if (window !== undefined) return false;
      if (n.kind === 'window') window = n;
      return window === undefined ? undefined : false;
    });
    if (window !== undefined) {
      const reason = `a window expression cannot share a step with generator function "${first.call.name.toLowerCase()}" (compute it in another step)`;
      return { index, error: new ExpressionCheckError('EXPR_GENERATOR', reason, window.span) };
    }
  }
  return undefined;
}

/**
 * A literal pattern or replacement of regexp_extract / regexp_replace that cannot be used: both
 * are compiled before anything runs, so a bad one is a validation error, not a failed job.
 */
function regexArgumentProblem(call: Call): { problem: string; node: Expr } | undefined {
  const name = call.name.toLowerCase();
  if (name !== 'regexp_extract' && name !== 'regexp_replace') return undefined;
  const pattern = call.args[1];
  if (pattern?.kind !== 'string') return undefined;
  const problem = regexProblem(pattern.value);
  if (problem !== undefined) return { problem, node: pattern };
  const replacement = call.args[2];
  if (name === 'regexp_replace' && replacement?.kind === 'string') {
    const parsed = parseReplacement(replacement.value, regexGroupCount(pattern.value) ?? 0);
    if ('problem' in parsed) return { problem: parsed.problem, node: replacement };
  }
  return undefined;
}

/**
 * Arguments that decide the SQL compiled, so must be literals known before anything runs: the
 * JSONPath of get_json_object, variant_get and try_variant_get, and the type text of from_json
 * and variant_get / try_variant_get. A bad one is a validation error, not a failed job.
 */
const LITERAL_ARGUMENTS: Readonly<Record<string, readonly { readonly index: number; readonly what: 'path' | 'type' | 'schema' }[]>> = {
  get_json_object: [{ index: 1, what: 'path' }],
  variant_get: [
    { index: 1, what: 'path' },
    { index: 2, what: 'type' },
  ],
  try_variant_get: [
    { index: 1, what: 'path' },
    { index: 2, what: 'type' },
  ],
  from_json: [{ index: 1, what: 'schema' }],
};

function literalArgumentProblem(call: Call): { problem: string; node: Expr } | undefined {
  const name = call.name.toLowerCase();
  for (const { index, what } of LITERAL_ARGUMENTS[name] ?? []) {
    const arg = call.args[index];
    if (arg === undefined) continue;
    const example = what === 'path' ? "'$.a.b[0]'" : what === 'schema' ? "'struct<a:long>'" : "'long'";
    const label = what === 'path' ? 'JSONPath' : what;
    if (arg.kind !== 'string') return { problem: `${name} needs its ${label} as a text literal such as ${example}`, node: arg };
    if (what === 'path') {
      const steps = readJsonPath(arg.value);
      if ('problem' in steps) return { problem: `${name}: ${steps.problem}`, node: arg };
    } else {
      const type = readDataType(arg.value);
      if (typeof type !== 'string') return { problem: `${name}: ${quotedTypeText(arg.value)} ${type.problem}`, node: arg };
      if (what === 'schema' && !/^(array|map|struct)</.test(type)) {
        return { problem: `${name} needs a struct, array or map schema, got ${quotedTypeText(arg.value)}`, node: arg };
      }
    }
  }
  return undefined;
}

/** The problem that starts first; at equal columns the one found first (the outer node) wins. */
function earliest(problems: readonly ExpressionCheckError[]): ExpressionCheckError | undefined {
  let first: ExpressionCheckError | undefined;
  for (const problem of problems) {
    if (first === undefined || problem.details.span.start < first.details.span.start) first = problem;
  }
  return first;
}

/** Like `checkExpression`, but throws the first problem. */
export function assertExpression(e: Expr, options: CheckExpressionOptions): void {
  const problem = checkExpression(e, options);
  if (problem !== undefined) throw problem;
}

/**
 * Parses `text` and checks it for `options.role`; throws `ExpressionSyntaxError` or
 * `ExpressionCheckError`, whose messages end in `at column N`.
 */
export function parseAndCheckExpression(text: string, options: CheckExpressionOptions): Expr {
  const e = parseExpression(text);
  assertExpression(e, options);
  return e;
}

type TruthKind = 'boolean' | 'other' | 'unknown';

/** Whether `e` certainly yields a boolean, certainly does not, or cannot be told without a schema. */
function truthKind(e: Expr): TruthKind {
  switch (e.kind) {
    case 'boolean':
    case 'is_null':
    case 'in':
    case 'between':
    case 'like':
      return 'boolean';
    case 'number':
    case 'string':
    case 'typed_literal':
    case 'interval':
    case 'star':
      return 'other';
    case 'null':
    case 'column':
    case 'field':
    case 'index':
      return 'unknown';
    case 'lambda':
      return 'other';
    case 'unary':
      return e.op === 'NOT' ? 'boolean' : 'other';
    case 'binary':
      return ['+', '-', '*', '/', '%', '||'].includes(e.op) ? 'other' : 'boolean';
    case 'cast':
      return e.type.name === 'boolean' ? 'boolean' : 'other';
    case 'call': {
      const returns = lookupFunction(e.name)?.returns;
      if (returns === undefined || returns === 'any') return 'unknown';
      return returns === 'boolean' ? 'boolean' : 'other';
    }
    case 'case': {
      // NULL branches fit any type, so only the others decide.
      const branches = [...e.whens.map((w) => w.then), ...(e.else === undefined ? [] : [e.else])];
      const kinds = new Set(branches.filter((b) => b.kind !== 'null').map(truthKind));
      return kinds.size === 1 ? [...kinds][0] : 'unknown';
    }
    case 'window':
      return truthKind(e.call);
    case 'alias':
      return truthKind(e.expr);
    default:
      return assertNever(e);
  }
}

/** Why a call could grow a value past the limit, in the words of its kind of growth. */
function growthMessage({ call, reason, copies }: TextGrowthProblem): string {
  const name = call.name.toLowerCase();
  switch (reason) {
    case 'accumulator':
      return (
        `${call.name}'s merge lambda holds its accumulator ${copies ?? 2} times in what it returns, so the accumulator grows exponentially with the array's length ` +
        '(only appending to it once per element, as concat(acc, x), is bounded)'
      );
    case 'lambda':
      return `${call.name} could make a value more than ${MAX_TEXT_GROWTH} times larger than its input (its lambda grows each of an array's elements)`;
    case 'sum':
      return `${call.name} could make a value more than ${MAX_TEXT_GROWTH} times larger than its input (the growth of its arguments adds up)`;
    case 'multiply':
      return name === 'array_repeat'
        ? `array_repeat could make an array of more than ${MAX_TEXT_GROWTH} values (nested array_repeat calls multiply the count)`
        : `${call.name} could make a text value more than ${MAX_TEXT_GROWTH} times longer than its input (nested ${call.name} calls multiply the growth)`;
    default:
      return assertNever(reason);
  }
}
