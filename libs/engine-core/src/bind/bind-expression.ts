/**
 * Binds an expression to the columns of its upstream asset before anything runs: every column
 * must exist (E_COLUMN_NOT_FOUND lists the ones that do), every operator and function must get
 * values of types it accepts (E_TYPE), aggregates only where they belong (E_AGGREGATE). The
 * result is a bound tree (check/bound-expr), the only input both backends compile: column names
 * resolved to their real spelling, string literals compared with dates or numbers turned into
 * typed literals, and the portable type in every node, which is what keeps the two backends'
 * result types equal.
 */
import {
  assertNever,
  callProblems,
  FUNCTION_CATALOGUE,
  FUNCTIONS,
  isFunctionName,
  isWindowFunctionName,
  printExpression,
  regexProblem,
  someNode,
  type Binary,
  type Call,
  type CastType,
  type Expr,
  type FrameBound,
  type FunctionName,
  type FunctionSpec,
  type WindowCall,
  type WindowFunctionName,
} from '@pipeline/definition';
import { columnNotFound, engineError, typeError } from '../errors';
import { checkLikePattern } from '../values/like';
import { constantInterval, constantIntervalField, INTERVAL_FIELD_TYPES, isRepresentable, type IntervalField, type IntervalValue } from '../values/interval';
import { formatDate, formatTimestamp, parseDate, parseTimestamp } from '../values/temporal';
import {
  decimalType,
  isDecimal,
  isIntegral,
  isModelled,
  isNumeric,
  isTemporal,
  isNested,
  arrayType,
  nestedParts,
  type DataType,
} from '../types/data-type';
import type { BoundCall, BoundExpr, BoundFrameBound, BoundString, BoundWindow, BoundWindowFunction, UntypedCall } from './bound-expr';
import { adaptiveArithmeticType, FUNCTION_TYPES, type FunctionTyping, type Typing } from './function-types';
import { supertype } from './supertype';
import { commonElementType } from './array-types';

/** One column of a dataset: its name and portable type. */
export interface Column {
  readonly name: string;
  readonly type: DataType;
  /** For a join's output (and steps that pass it through unchanged): the input asset the column came from, which `asset.*` selects. */
  readonly origin?: string;
}

/** Where an expression is bound: the asset and field (for messages), its upstream and columns. */
export interface Scope {
  readonly asset: string;
  /** `filter`, `columns`, `by` or `agg`. */
  readonly field: string;
  /** The upstream asset's ref, the only qualifier a column may carry (`raw.salary`). */
  readonly from: string;
  readonly columns: readonly Column[];
  /** `row`: no aggregates allowed; `aggregate`: a group_by `agg` item. */
  readonly context: 'row' | 'aggregate';
  /** In aggregate context, the resolved names of the group keys (columns usable outside aggregates). */
  readonly groupKeys?: readonly string[];
}

/** The catalogue's higher-order functions (those taking a lambda), for messages. */
const HIGHER_ORDER_NAMES = FUNCTIONS.filter((f) => f.lambdas !== undefined)
  .map((f) => f.name)
  .join(', ');

/** Binds `e` in `scope` into a typed tree; throws E_COLUMN_NOT_FOUND, E_TYPE or E_AGGREGATE. */
export function bindExpression(e: Expr, scope: Scope): BoundExpr {
  return new Binder(scope).bind(e, undefined);
}

class Binder {
  /** Parameters of the lambdas being bound, innermost last. */
  private readonly lambdaVars: { name: string; type: DataType }[] = [];

  constructor(private readonly scope: Scope) {}

  private fail(what: string): never {
    throw typeError(this.scope.asset, this.scope.field, what);
  }

  private aggregateError(what: string): never {
    const { asset, field } = this.scope;
    throw engineError('E_AGGREGATE', { asset, field, problem: what });
  }

  private requireModelled(node: BoundExpr, written: Expr): void {
    if (!isModelled(node.type)) this.fail(`${printExpression(written)} has type ${node.type}, which expressions cannot compute with`);
  }

  /** Binds `e`; `enclosing` names the aggregate call `e` is an argument of (at any depth), if any. */
  bind(e: Expr, enclosing: string | undefined): BoundExpr {
    const { span } = e;
    switch (e.kind) {
      case 'number':
        return { ...e, type: numberLiteralType(e.text, e.isInteger) };
      case 'string':
        return { ...e, type: 'string' };
      case 'boolean':
        return { ...e, type: 'boolean' };
      case 'null':
        return { ...e, type: 'null' };
      case 'typed_literal': {
        if (e.type === 'date') {
          const days = parseDate(e.value);
          if (days === undefined) this.fail(`invalid DATE literal '${e.value}'`);
          return { kind: 'typed_literal', type: 'date', value: formatDate(days), span };
        }
        const micros = parseTimestamp(e.value, true);
        if (micros === undefined) this.fail(`invalid TIMESTAMP literal '${e.value}'`);
        return { kind: 'typed_literal', type: 'timestamp', value: formatTimestamp(micros), span };
      }
      case 'interval':
        return this.fail(`an interval can only be added to or subtracted from a date or timestamp: ${printExpression(e)}`);
      case 'column':
        return this.bindColumn(e, enclosing);
      case 'star':
        return this.fail('"*" is only allowed as count(*)');
      case 'unary': {
        const operand = this.bind(e.operand, enclosing);
        const t = operand.type;
        if (e.op === 'NOT') {
          if (t !== 'boolean' && t !== 'null') this.fail(`NOT needs a true/false value, got ${t}: ${printExpression(e)}`);
          return { kind: 'unary', op: e.op, operand, type: 'boolean', span };
        }
        if (e.op === '~') {
          // Spark's bitwise NOT takes only integral types (DuckDB would also take bit strings).
          if (t !== 'null' && !isIntegral(t)) this.fail(`~ needs a whole number (byte, short, integer, long), got ${t}: ${printExpression(e)}`);
          return { kind: 'unary', op: e.op, operand, type: t === 'null' ? 'integer' : t, span };
        }
        if (t !== 'null' && !isNumeric(t)) this.fail(`unary ${e.op} needs a number, got ${t}: ${printExpression(e)}`);
        return { kind: 'unary', op: e.op, operand, type: t === 'null' ? 'integer' : t, span };
      }
      case 'binary':
        return this.bindBinary(e, enclosing);
      case 'is_null': {
        const operand = this.bind(e.operand, enclosing);
        return { kind: 'is_null', operand, negated: e.negated, type: 'boolean', span };
      }
      case 'in': {
        const [operand, ...list] = this.unify([e.operand, ...e.list], enclosing, printExpression(e));
        return { kind: 'in', operand, list, negated: e.negated, type: 'boolean', span };
      }
      case 'between': {
        const [operand, low, high] = this.unify([e.operand, e.low, e.high], enclosing, printExpression(e));
        return { kind: 'between', operand, low, high, negated: e.negated, type: 'boolean', span };
      }
      case 'like': {
        const operand = this.bind(e.operand, enclosing);
        const pattern = this.bind(e.pattern, enclosing);
        for (const side of [operand, pattern]) {
          const t = side.type;
          if (t !== 'string' && t !== 'null') this.fail(`${e.op} needs text, got ${t}: ${printExpression(e)}`);
        }
        if (pattern.kind === 'string') {
          const problemText = e.op === 'RLIKE' ? regexProblem(pattern.value) : checkLikePattern(pattern.value);
          if (problemText !== undefined) {
            const { asset, field } = this.scope;
            // Refused before any row is read, so a bad pattern fails alike on both backends.
            const column = e.operand.kind === 'column' ? e.operand.name : undefined;
            const on = column === undefined ? '' : ` (${e.op} on column "${column}")`;
            throw engineError('E_BAD_PATTERN', { asset, field, column, pattern: pattern.value, problem: `${problemText}${on}` });
          }
        }
        return { kind: 'like', op: e.op, operand, pattern, negated: e.negated, type: 'boolean', span };
      }
      case 'case': {
        const whens = e.whens.map((w) => {
          const when = this.bind(w.when, enclosing);
          const t = when.type;
          if (t !== 'boolean' && t !== 'null') this.fail(`WHEN needs a true/false condition, got ${t}: ${printExpression(w.when)}`);
          return when;
        });
        const results = this.unify(
          [...e.whens.map((w) => w.then), ...(e.else === undefined ? [] : [e.else])],
          enclosing,
          printExpression(e),
          'values',
        );
        const type = results.reduce<DataType>((acc, r) => commonElementType(acc, r.type) as DataType, 'null');
        return {
          kind: 'case',
          whens: whens.map((when, i) => ({ when, then: results[i] })),
          ...(e.else === undefined ? {} : { else: results[results.length - 1] }),
          type,
          span,
        };
      }
      case 'cast': {
        const operand = this.bind(e.operand, enclosing);
        const from = operand.type;
        const to = castTarget(e.type);
        if (!castable(from, to)) this.fail(`cannot cast ${from} to ${to}: ${printExpression(e)}`);
        return { kind: 'cast', operand, safe: e.safe, type: to, span };
      }
      case 'call':
        return this.bindIntervalField(e, enclosing) ?? this.bindCall(e, enclosing);
      case 'window':
        return this.bindWindow(e, enclosing);
      case 'field':
        return this.bindField(this.bind(e.operand, enclosing), e.field, e);
      case 'index':
        return this.bindIndex(e, enclosing);
      case 'lambda':
        return this.fail(`a lambda is only allowed as the function argument of a higher-order function (${HIGHER_ORDER_NAMES}): ${printExpression(e)}`);
      case 'alias': {
        const inner = this.bind(e.expr, enclosing);
        return { kind: 'alias', expr: inner, alias: e.alias, type: inner.type, span };
      }
      default:
        return assertNever(e);
    }
  }

  /** `operand.name` on a struct: the field by its exact name, else the one field of that name in another case. */
  private bindField(operand: BoundExpr, name: string, e: Expr): BoundExpr {
    const parts = nestedParts(operand.type);
    if (parts?.kind !== 'struct') this.fail(`field access .${name} needs a struct, got ${operand.type}: ${printExpression(e)}`);
    const lower = name.toLowerCase();
    const matches = parts.fields.filter((f) => f.name.toLowerCase() === lower);
    const found = parts.fields.find((f) => f.name === name) ?? (matches.length === 1 ? matches[0] : undefined);
    if (found === undefined) {
      const { asset, field } = this.scope;
      const fields = parts.fields.map((f) => f.name);
      throw engineError('E_COLUMN_NOT_FOUND', {
        asset,
        field,
        column: printExpression(e),
        columns: fields,
        specCode: 'E-EXPR-006',
        problem: `struct field "${name}" not found in ${printExpression(e)} (fields: ${fields.join(', ')})`,
      });
    }
    return { kind: 'field', operand, field: found.name, type: found.type, span: e.span };
  }

  /** `array[i]` with a whole-number index, `map[key]` with a key of the map's key type. */
  private bindIndex(e: Extract<Expr, { kind: 'index' }>, enclosing: string | undefined): BoundExpr {
    const operand = this.bind(e.operand, enclosing);
    const parts = nestedParts(operand.type);
    if (parts?.kind === 'array') {
      const index = this.bind(e.index, enclosing);
      if (index.type !== 'null' && !isIntegral(index.type)) this.fail(`an array index must be a whole number, got ${index.type}: ${printExpression(e)}`);
      return { kind: 'index', on: 'array', operand, index, type: parts.element, span: e.span };
    }
    if (parts?.kind === 'map') {
      const index = this.bind(e.index, enclosing);
      // A text key of a map with date or number keys is read as one, as comparisons read it.
      const bound = index.kind === 'string' && parts.key !== 'string' && isModelled(parts.key) ? this.coerceLiteral(index, parts.key, printExpression(e)) : index;
      if (bound.type !== 'null' && supertype(bound.type, parts.key) !== parts.key) this.fail(`a key of ${operand.type} cannot be ${bound.type}: ${printExpression(e)}`);
      return { kind: 'index', on: 'map', operand, index: bound, type: parts.value, span: e.span };
    }
    return this.fail(`[...] needs an array or a map, got ${operand.type}: ${printExpression(e)}`);
  }

  private bindColumn(e: Extract<Expr, { kind: 'column' }>, enclosing: string | undefined): BoundExpr {
    const lambdaVar = (name: string) => [...this.lambdaVars].reverse().find((v) => v.name === name);
    const variable = lambdaVar(e.qualifier ?? e.name);
    if (variable !== undefined) {
      const node: BoundExpr = { kind: 'lambda_var', name: variable.name, type: variable.type, span: e.span };
      // `x.f` on a lambda's struct parameter x.
      return e.qualifier === undefined ? node : this.bindField(node, e.name, e);
    }
    const { columns, asset, field } = this.scope;
    const names = columns.map((c) => c.name);
    const written = e.qualifier === undefined ? e.name : `${e.qualifier}.${e.name}`;
    // `s.f` where `s` is a struct column (and no column is named `s.f`, and `s` is not the asset
    // read) is the field f of s (spec 9.7).
    if (e.qualifier !== undefined && e.qualifier !== this.scope.from && !columns.some((c) => c.name === written)) {
      const struct = columns.find((c) => c.name === e.qualifier) ?? uniqueCaseInsensitive(columns, e.qualifier);
      // A column that is not a struct is reached the same way when nothing else is named c, so the error says why.
      const plain = columns.some((c) => c.name === e.name) || uniqueCaseInsensitive(columns, e.name) !== undefined;
      if (struct !== undefined && (nestedParts(struct.type)?.kind === 'struct' || !plain)) {
        const operand = this.bindColumn({ kind: 'column', name: struct.name, span: e.span }, enclosing);
        return this.bindField(operand, e.name, e);
      }
    }
    // A qualified reference `a.c` is the column named `a.c` when there is one (a join's output),
    // else the column `c` (decisions 7): `a` may be the asset read, an input of an earlier join, or
    // an asset further upstream whose column passed through.
    const qualified = e.qualifier === undefined ? undefined : (columns.find((c) => c.name === written) ?? uniqueCaseInsensitive(columns, written));
    const column = qualified ?? columns.find((c) => c.name === e.name) ?? uniqueCaseInsensitive(columns, e.name);
    if (column === undefined) throw columnNotFound(asset, written, names, field);
    if (this.scope.context === 'aggregate' && enclosing === undefined) {
      const keys = this.scope.groupKeys ?? [];
      if (!keys.includes(column.name)) {
        this.aggregateError(`column "${column.name}" must be inside an aggregate function or be a grouping key`);
      }
    }
    return { kind: 'column', name: column.name, type: column.type, span: e.span };
  }

  private bindBinary(e: Binary, enclosing: string | undefined): BoundExpr {
    const text = (): string => printExpression(e);
    const { op, span } = e;
    const node = (left: BoundExpr, right: BoundExpr, type: DataType): BoundExpr => ({ kind: 'binary', op, left, right, type, span });
    switch (e.op) {
      case 'AND':
      case 'OR': {
        const left = this.bind(e.left, enclosing);
        const right = this.bind(e.right, enclosing);
        for (const side of [left, right]) {
          const t = side.type;
          if (t !== 'boolean' && t !== 'null') this.fail(`${e.op} needs true/false values, got ${t}: ${text()}`);
        }
        return node(left, right, 'boolean');
      }
      case '=':
      case '!=':
      case '<':
      case '<=':
      case '>':
      case '>=':
      case '<=>': {
        const [left, right] = this.unify([e.left, e.right], enclosing, text());
        return node(left, right, 'boolean');
      }
      case '||': {
        const left = this.bind(e.left, enclosing);
        const right = this.bind(e.right, enclosing);
        this.requireModelled(left, e.left);
        this.requireModelled(right, e.right);
        return node(left, right, 'string');
      }
      case '/': {
        const left = this.bind(e.left, enclosing);
        const right = this.bind(e.right, enclosing);
        this.requireNumbers(left, right, text);
        // DuckDB divides floats as floats and everything else as doubles.
        const lt = left.type;
        const rt = right.type;
        const single = (lt === 'float' || rt === 'float') && lt !== 'double' && rt !== 'double';
        return node(left, right, single ? 'float' : 'double');
      }
      case '+':
      case '-':
      case '*':
      case '%': {
        if (e.op === '+' || e.op === '-') {
          const leftInterval = constantInterval(e.left);
          const rightInterval = constantInterval(e.right);
          if (rightInterval !== undefined && leftInterval === undefined) return this.bindIntervalShift(e, e.left, e.right, rightInterval, enclosing);
          if (leftInterval !== undefined && rightInterval === undefined && e.op === '+') {
            return this.bindIntervalShift(e, e.right, e.left, leftInterval, enclosing);
          }
        }
        const left = this.bind(e.left, enclosing);
        const right = this.bind(e.right, enclosing);
        const lt = left.type;
        const rt = right.type;
        if ((e.op === '+' || e.op === '-') && lt === 'date' && (isIntegral(rt) || rt === 'null')) return node(left, right, 'date');
        if (e.op === '+' && rt === 'date' && isIntegral(lt)) return node(left, right, 'date');
        if (e.op === '-' && lt === 'date' && rt === 'date') return node(left, right, 'long');
        if (e.op === '-' && isTemporal(lt) && isTemporal(rt)) {
          this.fail(
            `${lt} - ${rt} is an interval (spec 10.4), which no output format holds: read a part of it with extract(DAY|HOUR|MINUTE|SECOND FROM a - b), or use date_diff(a, b) for days or unix_timestamp(a) - unix_timestamp(b) for seconds: ${text()}`,
          );
        }
        this.requireNumbers(left, right, text);
        return node(left, right, adaptiveArithmeticType(e.op, left, lt, right, rt));
      }
      default:
        return assertNever(e.op);
    }
  }

  /**
   * `moment ± interval` (or `interval + moment`): a timestamp, or a date when the moment is a date
   * and the interval has no hours, minutes or seconds (the spec's 10.4; DuckDB itself would give a
   * timestamp, so its SQL casts back).
   */
  private bindIntervalShift(e: Binary, moment: Expr, written: Expr, value: IntervalValue, enclosing: string | undefined): BoundExpr {
    if (!isRepresentable(value)) this.fail(`interval ${printExpression(written)} is too large`);
    const boundInterval: BoundExpr = { kind: 'interval', ...value, type: 'interval', span: written.span };
    const boundMoment = this.bind(moment, enclosing);
    const t = boundMoment.type;
    if (t !== 'date' && t !== 'timestamp') this.fail(`an interval can only be added to or subtracted from a date or timestamp, got ${t}: ${printExpression(e)}`);
    const type = t === 'date' && value.micros === 0 ? 'date' : 'timestamp';
    const [left, right] = e.left === moment ? [boundMoment, boundInterval] : [boundInterval, boundMoment];
    return { kind: 'binary', op: e.op, left, right, type, span: e.span };
  }

  /**
   * `extract(field FROM interval)` (spec 9.13.11; the parser reads it as `day(...)` and so on):
   * of a constant interval, the part folded here; of `a - b` with two dates or timestamps, an
   * `interval_field` node. Undefined when the argument is no interval (an ordinary call).
   */
  private bindIntervalField(e: Call, enclosing: string | undefined): BoundExpr | undefined {
    const field = e.name as IntervalField;
    if (!Object.hasOwn(INTERVAL_FIELD_TYPES, field) || e.args.length !== 1) return undefined;
    const arg = e.args[0] as Expr;
    const type = INTERVAL_FIELD_TYPES[field];
    const constant = constantInterval(arg);
    if (constant !== undefined) {
      if (!isRepresentable(constant)) this.fail(`interval ${printExpression(arg)} is too large`);
      const value = constantIntervalField(field, constant);
      if (typeof value !== 'number') this.fail(`${value.problem}, as in Spark: ${printExpression(e)}`);
      // A literal of the part's own type, so both backends give Spark's type (a decimal's text keeps its 6 places).
      const text = type === 'decimal(8,6)' ? value.toFixed(6) : String(value);
      return { kind: 'cast', operand: { kind: 'string', value: text, type: 'string', span: e.span }, safe: false, type, span: e.span };
    }
    if (arg.kind !== 'binary' || arg.op !== '-') return undefined;
    const left = this.bind(arg.left, enclosing);
    const right = this.bind(arg.right, enclosing);
    if (!isTemporal(left.type) || !isTemporal(right.type)) return undefined;
    if (field === 'year' || field === 'month') {
      this.fail(`extract(${field.toUpperCase()} FROM ...) needs a year-month interval, and the difference of two dates or timestamps is a day-time one, as in Spark: ${printExpression(e)}`);
    }
    return { kind: 'interval_field', field, left, right, type, span: e.span };
  }

  private requireNumbers(left: BoundExpr, right: BoundExpr, text: () => string): void {
    for (const side of [left, right]) {
      const t = side.type;
      if (t !== 'null' && !isNumeric(t)) this.fail(`arithmetic needs numbers, got ${t}: ${text()}`);
    }
  }

  /** `call OVER (...)`: only in row context, outside any aggregate (the validator's rule too). */
  private bindWindow(e: WindowCall, enclosing: string | undefined): BoundExpr {
    if (this.scope.context !== 'row' || enclosing !== undefined) {
      this.aggregateError(`a window expression is not allowed here: ${printExpression(e)}`);
    }
    const partitionBy = e.partitionBy.map((p) => this.bind(p, undefined));
    const orderBy = e.orderBy.map((o) => ({ expr: this.bind(o.expr, undefined), direction: o.direction, nulls: o.nulls }));
    for (const key of [...partitionBy, ...orderBy.map((o) => o.expr)]) {
      if (!isModelled(key.type) || key.type === 'interval') this.fail(`a window cannot partition or order by a value of type ${key.type}: ${printExpression(e)}`);
    }
    const call = isWindowFunctionName(e.call.name) ? this.bindWindowFunction(e.call, e) : (this.bindCall(e.call, undefined, true) as BoundCall);
    const frame = this.bindFrame(e, orderBy.length > 0);
    if (frame.type === 'range' && (frame.start.offset !== undefined || frame.end.offset !== undefined)) {
      const key = orderBy.length === 1 ? orderBy[0].expr.type : undefined;
      if (key === undefined || !(isNumeric(key) || key === 'date' || key === 'timestamp')) {
        this.fail(`a range frame with an offset needs exactly one numeric, date or timestamp ORDER BY key: ${printExpression(e)}`);
      }
    }
    return { kind: 'window', call, partitionBy, orderBy, frame, type: call.type, span: e.span };
  }

  private bindFrame(e: WindowCall, ordered: boolean): BoundWindow['frame'] {
    if (e.frame === undefined) {
      return ordered
        ? { type: 'range', start: { kind: 'unbounded_preceding' }, end: { kind: 'current_row' } }
        : { type: 'range', start: { kind: 'unbounded_preceding' }, end: { kind: 'unbounded_following' } };
    }
    const bound = (b: FrameBound): BoundFrameBound => {
      if (b.offset === undefined) return { kind: b.kind };
      const value = this.constantNumber(b.offset, 'a frame offset', e);
      if (value < 0) this.fail(`a frame offset cannot be negative: ${printExpression(e)}`);
      if (e.frame?.type === 'rows' && !Number.isInteger(value)) this.fail(`a rows frame offset must be a whole number: ${printExpression(e)}`);
      return { kind: b.kind, offset: value };
    };
    return { type: e.frame.type, start: bound(e.frame.start), end: bound(e.frame.end) };
  }

  /** A number written as a literal (possibly negated). */
  private constantNumber(expr: Expr, what: string, whole: Expr): number {
    const negated = expr.kind === 'unary' && expr.op === '-';
    const inner = negated ? (expr as Extract<Expr, { kind: 'unary' }>).operand : expr;
    if (inner.kind !== 'number') this.fail(`${what} must be a number written as it is: ${printExpression(whole)}`);
    const value = Number(inner.text);
    return negated ? -value : value;
  }

  private bindWindowFunction(e: Call, whole: WindowCall): BoundWindowFunction {
    const name = e.name as WindowFunctionName;
    const [problem] = callProblems(e, { enclosingAggregate: undefined });
    if (problem !== undefined) this.fail(`${problem.reason}: ${printExpression(whole)}`);
    const span = e.span;
    switch (name) {
      case 'row_number':
      case 'rank':
      case 'dense_rank':
        return { kind: 'window_function', name, args: [], type: 'long', span };
      case 'ntile': {
        const n = this.constantNumber(e.args[0] as Expr, 'the bucket count of ntile', whole);
        if (!Number.isInteger(n) || n < 1) this.fail(`ntile needs a whole number of buckets of at least 1: ${printExpression(whole)}`);
        return { kind: 'window_function', name, args: [this.bind(e.args[0] as Expr, name)], type: 'long', span };
      }
      case 'lag':
      case 'lead': {
        const [value, offset, fallback] = e.args;
        const bound = this.bind(value as Expr, name);
        this.requireModelled(bound, value as Expr);
        const args: BoundExpr[] = [bound];
        if (offset !== undefined) {
          const n = this.constantNumber(offset, `the offset of ${name}`, whole);
          if (!Number.isInteger(n) || n < 0) this.fail(`${name} needs a whole, non-negative offset: ${printExpression(whole)}`);
          args.push(this.bind(offset, name));
        }
        if (fallback !== undefined) {
          const [v, f] = this.unify([value as Expr, fallback], name, printExpression(whole));
          args[0] = v as BoundExpr;
          if (args.length === 1) args.push({ kind: 'number', text: '1', isInteger: true, type: 'integer', span });
          args.push(f as BoundExpr);
        }
        const type = args[0]?.type === 'null' ? (args[2]?.type ?? 'integer') : (args[0] as BoundExpr).type;
        return { kind: 'window_function', name, args, type: type === 'null' ? 'integer' : type, span };
      }
      case 'first_value':
      case 'last_value': {
        const bound = this.bind(e.args[0] as Expr, name);
        this.requireModelled(bound, e.args[0] as Expr);
        return { kind: 'window_function', name, args: [bound], type: bound.type === 'null' ? 'integer' : bound.type, span };
      }
      default:
        return assertNever(name);
    }
  }

  private bindCall(e: Call, enclosing: string | undefined, windowed = false): BoundExpr {
    if (isWindowFunctionName(e.name)) {
      this.fail(`window function "${e.name}" needs OVER (...) here (or use a window step): ${printExpression(e)}`);
    }
    if (!isFunctionName(e.name)) {
      throw engineError('E_UNSUPPORTED_FUNCTION', {
        asset: this.scope.asset,
        field: this.scope.field,
        function: e.name,
        problem: `unknown function "${e.name}"`,
      });
    }
    const name = e.name;
    const spec: FunctionSpec = FUNCTION_CATALOGUE[name];
    // Arity, DISTINCT, `*` and aggregate placement: the same rules the validator applies.
    const [problem] = callProblems(e, { enclosingAggregate: enclosing, aggregatesForbidden: this.scope.context === 'row' && !windowed ? 'here' : undefined });
    if (problem !== undefined) {
      if (problem.code === 'EXPR_NESTED_AGGREGATE' || problem.code === 'EXPR_AGGREGATE_NOT_ALLOWED') this.aggregateError(problem.reason);
      this.fail(`${problem.reason}: ${printExpression(e)}`);
    }
    if (name === 'grouping' || name === 'grouping_id') this.requireGroupingKey(e);
    if (spec.lambdas !== undefined) return this.bindHigherOrder(e, name, spec.aggregate ? name : enclosing);
    const nested = spec.aggregate ? name : enclosing;
    const bindOne = (a: Expr): BoundExpr => (a.kind === 'star' ? { kind: 'star', type: 'null', span: a.span } : this.bind(a, nested));
    const sharedFrom = spec.sharedArgType === true ? (spec.sharedArgsFrom ?? 0) : e.args.length;
    const mode = spec.passesValues === true ? 'values' : 'compare';
    const args = [...e.args.slice(0, sharedFrom).map(bindOne), ...(sharedFrom < e.args.length ? this.unify(e.args.slice(sharedFrom), nested, printExpression(e), mode) : [])];
    if (spec.acceptsAnyType !== true) {
      // Values handed through (coalesce, if, array) may be nested; unify checked their shapes.
      args.forEach((a, i) => {
        if (!(mode === 'values' && i >= sharedFrom && isNested(a.type))) this.requireModelled(a, e.args[i]);
      });
    }
    const call: UntypedCall = { kind: 'call', name, args, distinct: e.distinct, span: e.span };
    // The table is typed per name, which an indexed access by a name only known at run time loses.
    const typing = FUNCTION_TYPES[name] as FunctionTyping<Typing<FunctionName>>;
    const result = typing(
      args.map((a) => a.type),
      call,
    );
    if (typeof result !== 'string' && 'problem' in result) this.fail(`${result.problem}: ${printExpression(e)}`);
    // The rule of `name` gave the parameters of `name` (FUNCTION_TYPES is checked per name).
    return (typeof result === 'string' ? { ...call, type: result } : { ...call, type: result.type, params: result.params }) as BoundCall;
  }

  /**
   * Higher-order functions (spec 9.8, 9.13.8): the array (or map) first, then each lambda bound
   * with its parameters typed (the element; a map's key and value; zip_with's two elements; for
   * aggregate's merge the state, the common type of start and the elements, twice).
   */
  private bindHigherOrder(e: Call, name: FunctionName, enclosing: string | undefined): BoundExpr {
    const text = printExpression(e);
    const array = this.bind(e.args[0] as Expr, enclosing);
    const parts = nestedParts(array.type);
    const overMap = name === 'transform_keys' || name === 'transform_values' || name === 'map_filter';
    if (overMap ? parts?.kind !== 'map' : parts?.kind !== 'array') this.fail(`${name} needs ${overMap ? 'a map' : 'an array'} as its first argument, got ${array.type}: ${text}`);
    const lambda = (i: number, types: readonly DataType[]): BoundExpr => {
      const written = e.args[i];
      if (written?.kind !== 'lambda' || written.params.length !== types.length) {
        this.fail(`argument ${i + 1} of ${name} must be a lambda of ${types.length} parameter${types.length === 1 ? '' : 's'}: ${text}`);
      }
      const inside = someNode(written.body, (n) => n.kind === 'window' || (n.kind === 'call' && FUNCTION_CATALOGUE[n.name as FunctionName]?.aggregate === true));
      if (inside) this.aggregateError(`a lambda cannot hold an aggregate or window expression: ${text}`);
      const params = written.params.map((p, k) => ({ name: p, type: types[k] as DataType }));
      this.lambdaVars.push(...params);
      try {
        const body = this.bind(written.body, enclosing);
        return { kind: 'lambda', params, body, type: body.type, span: written.span };
      } finally {
        this.lambdaVars.length -= params.length;
      }
    };
    const element = parts?.kind === 'array' ? parts.element : 'null';
    const args: BoundExpr[] = [array];
    let type: DataType;
    switch (name) {
      case 'transform': {
        const body = lambda(1, [element]);
        args.push(body);
        type = arrayType(body.type === 'null' ? 'integer' : body.type);
        break;
      }
      case 'filter':
      case 'exists':
      case 'forall': {
        const body = lambda(1, [element]);
        if (body.type !== 'boolean' && body.type !== 'null') this.fail(`the lambda of ${name} must give true/false, got ${body.type}: ${text}`);
        args.push(body);
        type = name === 'filter' ? array.type : 'boolean';
        break;
      }
      // Spec 9.13.8: lambdas over a map's (key, value) and over two arrays' elements.
      case 'transform_keys':
      case 'transform_values':
      case 'map_filter': {
        const { key, value } = parts as { key: DataType; value: DataType };
        const body = lambda(1, [key, value]);
        if (name === 'map_filter' && body.type !== 'boolean' && body.type !== 'null') this.fail(`the lambda of map_filter must give true/false, got ${body.type}: ${text}`);
        if (name === 'transform_keys' && !isModelled(body.type)) this.fail(`the lambda of transform_keys must give a scalar key, got ${body.type}: ${text}`);
        args.push(body);
        const typing: FunctionTyping = FUNCTION_TYPES[name];
        const result = typing([array.type, body.type], { kind: 'call', name, args, distinct: false, span: e.span });
        if (typeof result !== 'string') this.fail(`${result.problem}: ${text}`);
        type = result;
        break;
      }
      case 'zip_with': {
        const other = this.bind(e.args[1] as Expr, enclosing);
        const otherParts = nestedParts(other.type);
        if (otherParts?.kind !== 'array') this.fail(`zip_with needs an array as its second argument, got ${other.type}: ${text}`);
        const body = lambda(2, [element, otherParts.element]);
        args.push(other, body);
        type = arrayType(body.type === 'null' ? 'integer' : body.type);
        break;
      }
      case 'aggregate': {
        const start = this.bind(e.args[1] as Expr, enclosing);
        // The state has the common type of start and the elements when there is one, else start's.
        const common = supertype(start.type, element);
        const shared = common !== undefined && isModelled(common);
        let state = shared ? (common === 'null' ? 'integer' : common) : start.type;
        let merge = lambda(2, [state, shared ? state : element]);
        // A merge that widens the state (`0` summing longs) runs in the wider type from the start.
        const wider = merge.type === 'null' ? state : supertype(state, merge.type);
        if (wider !== undefined && wider !== state && isModelled(wider)) {
          state = wider;
          merge = lambda(2, [state, shared ? state : element]);
        }
        if (merge.type !== 'null' && supertype(state, merge.type) !== state) this.fail(`the merge lambda of aggregate must give ${state}, got ${merge.type}: ${text}`);
        args.push(start, merge);
        type = state;
        if (e.args[3] !== undefined) {
          const finish = lambda(3, [state]);
          args.push(finish);
          type = finish.type === 'null' ? 'integer' : finish.type;
        }
        break;
      }
      default:
        return this.fail(`${name} takes no lambda: ${text}`);
    }
    return { kind: 'call', name, args, distinct: false, type, span: e.span };
  }

  /** `grouping(key)`, `grouping_id(key, ...)`: each argument is a bare column among the grouping keys (SQL requires it). */
  private requireGroupingKey(e: Call): void {
    const keys = this.scope.groupKeys ?? [];
    for (const arg of e.args) {
      const key = arg.kind === 'column' ? this.scope.columns.find((c) => c.name === arg.name) ?? uniqueCaseInsensitive(this.scope.columns, arg.name) : undefined;
      if (key === undefined || !keys.includes(key.name)) {
        const what = e.name === 'grouping' ? 'the argument of grouping must be a grouping key column' : `every argument of ${e.name} must be a grouping key column`;
        this.aggregateError(`${what} (${keys.join(', ') || 'there is none'}): ${printExpression(e)}`);
      }
    }
  }

  /**
   * Binds values that must share one type (comparison sides, IN lists, CASE branches): string
   * literals are read as the others' type (`hired > '2020-01-01'` compares dates). In `values`
   * mode the values are only handed through (CASE branches, coalesce, array), so nested values of
   * one shape may be among them (`array<integer>` and `array<long>` share `array<long>`).
   */
  private unify(nodes: readonly Expr[], enclosing: string | undefined, text: string, mode: 'compare' | 'values' = 'compare'): BoundExpr[] {
    const bound = nodes.map((n) => this.bind(n, enclosing));
    const join = mode === 'values' ? commonElementType : supertype;
    let target: DataType = 'null';
    for (const [i, b] of bound.entries()) {
      if (b.kind === 'string') continue;
      const t = b.type;
      if (!isModelled(t) && !(mode === 'values' && isNested(t))) this.fail(`${printExpression(nodes[i])} has type ${t}, which expressions cannot compare`);
      const next = join(target, t);
      if (next === undefined) this.fail(`cannot compare ${target} with ${t}: ${text}`);
      target = next;
    }
    if (target === 'null' || target === 'string') {
      return bound;
    }
    // A text literal beside nested values stays text: the join below refuses it.
    const coerced = bound.map((b) => (b.kind === 'string' && !isNested(target) ? this.coerceLiteral(b, target, text) : b));
    let final: DataType = 'null';
    for (const c of coerced) {
      const next = join(final, c.type);
      if (next === undefined) this.fail(`cannot compare ${final} with ${c.type}: ${text}`);
      final = next;
    }
    return coerced;
  }

  private coerceLiteral(lit: BoundString, target: DataType, text: string): BoundExpr {
    const span = lit.span;
    if (target === 'date' || target === 'timestamp') {
      const days = target === 'date' ? parseDate(lit.value) : undefined;
      if (days !== undefined) return { kind: 'typed_literal', type: 'date', value: formatDate(days), span };
      const micros = parseTimestamp(lit.value, true);
      if (micros !== undefined) return { kind: 'typed_literal', type: 'timestamp', value: formatTimestamp(micros), span };
    } else if (isNumeric(target)) {
      const m = /^\s*([+-]?)(\d+(?:\.\d*)?|\.\d+)\s*$/.exec(lit.value);
      if (m !== null) {
        const digits = m[2].startsWith('.') ? `0${m[2]}` : m[2].endsWith('.') ? m[2].slice(0, -1) : m[2];
        const isInteger = !digits.includes('.');
        const num: BoundExpr = { kind: 'number', text: digits, isInteger, type: numberLiteralType(digits, isInteger), span };
        if (m[1] !== '-') return num;
        return { kind: 'unary', op: '-', operand: num, type: num.type, span };
      }
    } else if (target === 'boolean') {
      const v = lit.value.trim().toLowerCase();
      if (v === 'true' || v === 'false') return { kind: 'boolean', value: v === 'true', type: 'boolean', span };
    }
    return this.fail(`cannot compare ${target} with the text '${lit.value}': ${text}`);
  }
}

function uniqueCaseInsensitive(columns: readonly Column[], name: string): Column | undefined {
  const lower = name.toLowerCase();
  const matches = columns.filter((c) => c.name.toLowerCase() === lower);
  return matches.length === 1 ? matches[0] : undefined;
}

/** Type of a numeric literal: integer if it fits 32 bits, long if 64, double otherwise or with a fraction. */
export function numberLiteralType(text: string, isInteger: boolean): DataType {
  if (!isInteger) return 'double';
  const v = BigInt(text);
  if (v <= 2147483647n) return 'integer';
  if (v <= 9223372036854775807n) return 'long';
  return 'double';
}

/** The portable type a CAST produces. */
export function castTarget(t: CastType): DataType {
  return t.name === 'decimal' ? decimalType(t.precision ?? 10, t.scale ?? 0) : t.name;
}

/** Whether a value of type `from` may be cast to `to` (numbers never become dates, for example). */
export function castable(from: DataType, to: DataType): boolean {
  if (from === 'null' || from === to || from === 'string' || to === 'string') return isModelled(from) || to === 'string';
  if (isNumeric(from)) return isNumeric(to) || to === 'boolean';
  if (from === 'boolean') return isNumeric(to) && !isDecimal(to);
  if (isTemporal(from)) return isTemporal(to) || (from === 'timestamp' && to === 'time');
  return false;
}
