/**
 * Compiles a bound expression tree into JavaScript closures over column arrays, with SQL's NULL
 * semantics: comparisons with NULL are NULL, AND/OR are three-valued, arithmetic with NULL is
 * NULL. No text is ever evaluated as code. One compiler serves both row expressions
 * (`(cols, row) => value`) and aggregate expressions (`(cols, group) => value`, where an aggregate
 * call folds its argument over the group's rows and a group key is read from the first row).
 */
import { assertNever, compileRegex } from '@pipeline/definition';
import {
  type BoundBinary,
  type BoundCall,
  type BoundExpr,
  type BoundLike,
  type BoundWindow,
  supertype,
  engineError,
  internalError,
  throwIfAborted,
  type SpecErrorCode,
  isIntegral,
  type DataType,
  CAST_FAILED,
  castValue,
  compareValues,
  formatValue,
  type Value,
  addInterval,
  dayTimeField,
  checkLikePattern,
  compileLike,
  type LikeMatcher,
  MICROS_PER_DAY,
  isUnsupported,
} from '@pipeline/engine-core';
import {
  checkIntegral,
  convertValue,
  dayCount,
  fitResult,
  jsFunctionOf,
  needsConversion,
  remainderOf,
  ValueError,
  type JsFunction,
} from './js-functions';
import { windowValues } from './window-values';

/** Column data of a frame: one array per column, in column order. */
export type Columns = readonly (readonly Value[])[];

/** A compiled expression over one input: a row index, or a group (row indices). */
export type Compiled<I> = (cols: Columns, input: I) => Value;

/** Where the expression sits (for messages) and how to find columns. */
export interface JsCompileContext {
  readonly asset: string;
  readonly field: string;
  /** Position of a (resolved) column name in the frame. */
  readonly columnIndex: (name: string) => number;
  /** Fixed "now" of the evaluation, microseconds since the epoch. */
  readonly nowMicros: number;
  /**
   * For an aggregate over one grouping set (rollup, cube, groupingSets): the grouping keys the set
   * leaves out; outside aggregate calls they read as NULL, and grouping() gives 1 for them.
   */
  readonly groupedOut?: ReadonlySet<string>;
  /** The running call's cancellation, checked inside work that computes a whole column at once (windows). */
  readonly signal?: AbortSignal;
}

/** Compiles a row expression: `(cols, i) => value`. */
export function compileRowExpression(e: BoundExpr, ctx: JsCompileContext): Compiled<number> {
  return new JsCompiler<number>(
    ctx,
    (idx) => (cols, i) => cols[idx][i],
    () => {
      throw engineError('E_AGGREGATE', { asset: ctx.asset, field: ctx.field, problem: 'aggregate functions are not allowed here' });
    },
    (node) => {
      // A window's column is computed whole, once per set of columns, then read row by row.
      const computed = new WeakMap<Columns, Value[]>();
      const compilers = { row: (x: BoundExpr) => compileRowExpression(x, ctx), group: (x: BoundExpr) => compileGroupExpression(x, ctx) };
      return (cols, i) => {
        let values = computed.get(cols);
        if (values === undefined) {
          values = windowValues(node, cols, cols[0]?.length ?? 0, compilers, () => throwIfAborted(ctx.signal, ctx.asset));
          computed.set(cols, values);
        }
        return values[i] as Value;
      };
    },
  ).compile(e);
}

/** Compiles an aggregate expression: `(cols, rows) => value` over the row indices of one group. */
export function compileGroupExpression(e: BoundExpr, ctx: JsCompileContext): Compiled<readonly number[]> {
  const groupedOut = new Set([...(ctx.groupedOut ?? [])].map((name) => ctx.columnIndex(name)));
  return new JsCompiler<readonly number[]>(
    ctx,
    (idx) => (groupedOut.has(idx) ? () => null : (cols, rows) => (rows.length === 0 ? null : cols[idx][rows[0]])),
    (call, fn) => {
      const args = call.args.map((a) => (a.kind === 'star' ? undefined : compileRowExpression(a, ctx)));
      const fold = fn.make({
        argTypes: call.args.map((a) => a.type),
        result: call.type,
        call,
        nowMicros: ctx.nowMicros,
        ...(ctx.groupedOut === undefined ? {} : { groupedOut: ctx.groupedOut }),
      });
      const [first, ...others] = args;
      return (cols, rows) => {
        const values = first === undefined ? [] : rows.map((r) => first(cols, r));
        const rest = others.map((arg) => (arg === undefined ? [] : rows.map((r) => arg(cols, r))));
        try {
          return fold(values, rows.length, rest);
        } catch (err) {
          // An aggregate out of range (a skewness overflowing) names the asset, as a row error does.
          if (err instanceof ValueError) throw engineError(err.code, { asset: ctx.asset, field: ctx.field, problem: err.message, specCode: err.specCode });
          throw err;
        }
      };
    },
  ).compile(e);
}

class JsCompiler<I> {
  constructor(
    private readonly ctx: JsCompileContext,
    private readonly column: (index: number) => Compiled<I>,
    private readonly aggregate: (call: BoundCall, fn: Extract<JsFunction, { kind: 'aggregate' }>) => Compiled<I>,
    private readonly window: (node: BoundWindow) => Compiled<I> = () => {
      throw engineError('E_AGGREGATE', { asset: ctx.asset, field: ctx.field, problem: 'a window expression is not allowed here' });
    },
  ) {}

  private fail(code: 'E_TYPE' | 'E_VALUE' | 'E_BAD_PATTERN' | 'E_UNSUPPORTED_FUNCTION', what: string, specCode?: SpecErrorCode): never {
    const { asset, field } = this.ctx;
    throw engineError(code, { asset, field, problem: what, specCode });
  }

  /** Compiles `e` and converts its value to type `to` (date to timestamp, number to float or decimal). */
  private compileAs(e: BoundExpr, to: DataType): Compiled<I> {
    const fn = this.compile(e);
    const from = e.type;
    if (!needsConversion(from, to)) return fn;
    return (c, i) => convertValue(fn(c, i), from, to);
  }

  /** Runs a row function, turning value errors into engine errors that name the asset. */
  private guarded(fn: Compiled<I>): Compiled<I> {
    return (c, i) => {
      try {
        return fn(c, i);
      } catch (e) {
        if (e instanceof ValueError) this.fail(e.code, e.message, e.specCode);
        throw e;
      }
    };
  }

  compile(e: BoundExpr): Compiled<I> {
    switch (e.kind) {
      case 'number': {
        const v = Number(e.text);
        return () => v;
      }
      case 'string': {
        const v = e.value;
        return () => v;
      }
      case 'boolean': {
        const v = e.value;
        return () => v;
      }
      case 'null':
        return () => null;
      case 'interval':
        // The binder places an interval only beside a date or timestamp, where compileIntervalShift reads it.
        throw internalError('an interval is compiled only as an operand of + or -');
      case 'interval_field': {
        const left = this.compile(e.left);
        const right = this.compile(e.right);
        const micros = (v: Value, t: DataType): number => (t === 'date' ? Number(v) * MICROS_PER_DAY : Number(v));
        const { field } = e;
        const [lt, rt] = [e.left.type, e.right.type];
        return (c, i) => {
          const a = left(c, i);
          const b = right(c, i);
          return a === null || b === null ? null : dayTimeField(field, micros(a, lt) - micros(b, rt));
        };
      }
      case 'typed_literal': {
        const v = castValue(e.value, 'string', e.type);
        if (v === CAST_FAILED) this.fail('E_TYPE', `invalid ${e.type} literal '${e.value}'`);
        return () => v;
      }
      case 'column':
        return this.column(this.ctx.columnIndex(e.name));
      case 'star':
        return () => null;
      case 'unary': {
        const operand = this.compile(e.operand);
        if (e.op === 'NOT') {
          return (c, i) => {
            const v = operand(c, i);
            return v === null ? null : !v;
          };
        }
        if (e.op === '+') return operand;
        if (e.op === '~') {
          // Two's complement: ~x is -x - 1, exact for a long held as a double too (JS's ~ cuts to 32 bits).
          return (c, i) => {
            const v = operand(c, i);
            return v === null ? null : -Number(v) - 1;
          };
        }
        const t = e.type;
        return this.guarded((c, i) => {
          const v = operand(c, i);
          if (v === null) return null;
          const r = -Number(v);
          return isIntegral(t) ? checkIntegral(r, t, 'negation') : r;
        });
      }
      case 'binary':
        return this.compileBinary(e);
      case 'is_null': {
        const operand = this.compile(e.operand);
        const negated = e.negated;
        return (c, i) => (operand(c, i) === null) !== negated;
      }
      case 'in': {
        const domain = this.domainOf([e.operand, ...e.list]);
        const operand = this.compileAs(e.operand, domain);
        const items = e.list.map((x) => this.compileAs(x, domain));
        const negated = e.negated;
        return (c, i) => {
          const v = operand(c, i);
          if (v === null) return null;
          let sawNull = false;
          for (const item of items) {
            const w = item(c, i);
            if (w === null) sawNull = true;
            else if (compareValues(v, w) === 0) return !negated;
          }
          return sawNull ? null : negated;
        };
      }
      case 'between': {
        const domain = this.domainOf([e.operand, e.low, e.high]);
        const operand = this.compileAs(e.operand, domain);
        const low = this.compileAs(e.low, domain);
        const high = this.compileAs(e.high, domain);
        const negated = e.negated;
        return (c, i) => {
          const v = operand(c, i);
          const lo = low(c, i);
          const hi = high(c, i);
          const aboveLow = v === null || lo === null ? null : compareValues(v, lo) >= 0;
          const belowHigh = v === null || hi === null ? null : compareValues(v, hi) <= 0;
          const inside = and(aboveLow, belowHigh);
          return inside === null ? null : inside !== negated;
        };
      }
      case 'like':
        return this.compileLike(e);
      case 'case': {
        const t = e.type;
        const arms = e.whens.map((w) => ({ when: this.compile(w.when), then: this.compileAs(w.then, t) }));
        const otherwise = e.else === undefined ? (): Value => null : this.compileAs(e.else, t);
        return (c, i) => {
          for (const arm of arms) if (arm.when(c, i) === true) return arm.then(c, i);
          return otherwise(c, i);
        };
      }
      case 'cast': {
        const operand = this.compile(e.operand);
        const from = e.operand.type;
        const to = e.type;
        const safe = e.safe;
        return (c, i) => {
          const v = operand(c, i);
          const r = castValue(v, from, to);
          if (r !== CAST_FAILED) return r;
          if (safe) return null;
          return this.fail('E_TYPE', `cannot cast ${formatValue(from, v) ?? 'NULL'} (${from}) to ${to}`, 'E-TYPE-001');
        };
      }
      case 'call':
        return this.compileCall(e);
      case 'window':
        return this.window(e);
      case 'field':
      case 'index':
      case 'lambda':
      case 'lambda_var':
        // No value of danfo's is a struct, an array or a map (nested inputs are refused on read).
        throw engineError('E_UNSUPPORTED_FUNCTION', { problem: `the danfo backend has no nested values (spec 9.7 ${e.kind === 'field' ? `access .${e.field}` : e.kind === 'index' ? 'access [...]' : 'lambdas'}); use the duckdb backend` });
      case 'alias':
        return this.compile(e.expr);
      default:
        return assertNever(e);
    }
  }

  /** The common type values of `nodes` are compared in (the binder checked that one exists). */
  private domainOf(nodes: readonly BoundExpr[]): DataType {
    return nodes.reduce<DataType>((acc, n) => supertype(acc, n.type) ?? acc, 'null');
  }

  private compileBinary(e: BoundBinary): Compiled<I> {
    switch (e.op) {
      case 'AND':
      case 'OR': {
        const left = this.compile(e.left);
        const right = this.compile(e.right);
        if (e.op === 'AND') {
          return (c, i) => {
            const l = left(c, i);
            if (l === false) return false;
            return and(l as boolean | null, right(c, i) as boolean | null);
          };
        }
        return (c, i) => {
          const l = left(c, i);
          if (l === true) return true;
          const r = right(c, i);
          if (r === true) return true;
          return l === null || r === null ? null : false;
        };
      }
      case '=':
      case '!=':
      case '<':
      case '<=':
      case '>':
      case '>=':
      case '<=>': {
        const domain = this.domainOf([e.left, e.right]);
        const left = this.compileAs(e.left, domain);
        const right = this.compileAs(e.right, domain);
        if (e.op === '<=>') {
          return (c, i) => {
            const l = left(c, i);
            const r = right(c, i);
            if (l === null || r === null) return l === r;
            return compareValues(l, r) === 0;
          };
        }
        const test = COMPARISONS[e.op];
        return (c, i) => {
          const l = left(c, i);
          if (l === null) return null;
          const r = right(c, i);
          return r === null ? null : test(compareValues(l, r));
        };
      }
      case '||': {
        const left = this.compile(e.left);
        const right = this.compile(e.right);
        const lt = e.left.type;
        const rt = e.right.type;
        return (c, i) => {
          const l = left(c, i);
          const r = right(c, i);
          return l === null || r === null ? null : `${formatValue(lt, l)}${formatValue(rt, r)}`;
        };
      }
      default:
        return this.compileArithmetic(e);
    }
  }

  /** `moment ± interval` / `interval + moment`, calendar months first (values/interval). */
  private compileIntervalShift(e: BoundBinary): Compiled<I> {
    const [momentNode, intervalNode] = e.right.kind === 'interval' ? [e.left, e.right] : [e.right, e.left];
    if (intervalNode.kind !== 'interval') throw internalError('interval arithmetic without an interval');
    const moment = this.compile(momentNode);
    const sign = e.op === '-' ? -1 : 1;
    const fromDate = momentNode.type === 'date';
    const toDate = e.type === 'date';
    return (c, i) => {
      const v = moment(c, i);
      if (v === null) return null;
      const shifted = addInterval(fromDate ? Number(v) * MICROS_PER_DAY : Number(v), intervalNode, sign);
      return toDate ? Math.floor(shifted / MICROS_PER_DAY) : shifted;
    };
  }

  private compileArithmetic(e: BoundBinary): Compiled<I> {
    const t = e.type;
    const lt = e.left.type;
    const rt = e.right.type;
    if (lt === 'interval' || rt === 'interval') return this.compileIntervalShift(e);
    const left = this.compile(e.left);
    const right = this.compile(e.right);
    const op = e.op;
    const pairwise = (f: (a: number, b: number) => Value): Compiled<I> =>
      this.guarded((c, i) => {
        const l = left(c, i);
        if (l === null) return null;
        const r = right(c, i);
        return r === null ? null : f(Number(l), Number(r));
      });
    if (lt === 'date' && rt === 'date') return pairwise((a, b) => a - b);
    if (t === 'date') {
      // date ± n and n + date; DuckDB adds 32-bit day counts only.
      if (lt === 'date') return pairwise(op === '-' ? (a, b) => a - dayCount(b) : (a, b) => a + dayCount(b));
      return pairwise((a, b) => dayCount(a) + b);
    }
    const integral = isIntegral(t);
    const name = { '+': 'addition', '-': 'subtraction', '*': 'multiplication', '/': 'division', '%': 'modulo' }[
      op as '+' | '-' | '*' | '/' | '%'
    ];
    const finish = (x: number): number => (integral ? checkIntegral(x, t, name) : fitResult(x, t));
    switch (op) {
      case '+':
        return pairwise((a, b) => finish(a + b));
      case '-':
        return pairwise((a, b) => finish(a - b));
      case '*':
        return pairwise((a, b) => finish(a * b));
      case '/':
        return pairwise((a, b) => fitResult(a / b, t));
      case '%':
        return pairwise((a, b) => remainderOf(a, b, t));
      default:
        throw internalError(`unexpected operator ${op}`);
    }
  }

  private compileLike(e: BoundLike): Compiled<I> {
    const operand = this.compile(e.operand);
    const negated = e.negated;
    let matcher: (pattern: string) => LikeMatcher;
    if (e.op === 'RLIKE') {
      matcher = (p) => {
        const compiled = compileRegex(p);
        return 'matcher' in compiled ? compiled.matcher : this.fail('E_BAD_PATTERN', compiled.problem);
      };
    } else {
      const ci = e.op === 'ILIKE';
      matcher = (p) => {
        const why = checkLikePattern(p);
        return why === undefined ? compileLike(p, ci) : this.fail('E_BAD_PATTERN', why);
      };
    }
    let match: (text: string, pattern: string) => boolean;
    let pattern: Compiled<I>;
    if (e.pattern.kind === 'string') {
      const fixed = matcher(e.pattern.value);
      const p = e.pattern.value;
      pattern = () => p;
      match = (text) => fixed(text);
    } else {
      const cache = new Map<string, LikeMatcher>();
      let cachedLength = 0;
      pattern = this.compile(e.pattern);
      match = (text, p) => {
        let m = cache.get(p);
        if (m === undefined) {
          m = matcher(p);
          // A compiled pattern holds many times its text, so the cache is bounded by total text
          // too: patterns read from long column values would otherwise hold gigabytes.
          if (cache.size < PATTERN_CACHE_ENTRIES && cachedLength + p.length <= PATTERN_CACHE_CHARACTERS) {
            cache.set(p, m);
            cachedLength += p.length;
          }
        }
        return m(text);
      };
    }
    return (c, i) => {
      const v = operand(c, i);
      if (v === null) return null;
      const p = pattern(c, i);
      if (p === null) return null;
      return match(String(v), String(p)) !== negated;
    };
  }

  private compileCall(e: BoundCall): Compiled<I> {
    const entry = jsFunctionOf(e);
    // Validation refuses these (V-014) before anything runs; this guards a caller that skipped it.
    if (isUnsupported(entry)) this.fail('E_UNSUPPORTED_FUNCTION', `function "${e.name}" is not supported by backend "danfo": ${entry.unsupported}`);
    const fn = entry;
    if (fn.kind === 'aggregate') return this.aggregate(e, fn);
    const args = e.args.map((a) => this.compile(a));
    const impl = fn.make({ argTypes: e.args.map((a) => a.type), result: e.type, call: e, nowMicros: this.ctx.nowMicros });
    const strict = fn.strict;
    return this.guarded((c, i) => {
      const values = args.map((a) => a(c, i));
      if (strict && values.includes(null)) return null;
      return impl(values);
    });
  }
}

/** Most distinct patterns from a column kept compiled per expression, and most characters they may total. */
const PATTERN_CACHE_ENTRIES = 1000;
const PATTERN_CACHE_CHARACTERS = 100_000;

const COMPARISONS: Readonly<Record<'=' | '!=' | '<' | '<=' | '>' | '>=', (d: number) => boolean>> = {
  '=': (d) => d === 0,
  '!=': (d) => d !== 0,
  '<': (d) => d < 0,
  '<=': (d) => d <= 0,
  '>': (d) => d > 0,
  '>=': (d) => d >= 0,
};

/** Three-valued AND. */
export function and(a: boolean | null, b: boolean | null): boolean | null {
  if (a === false || b === false) return false;
  if (a === null || b === null) return null;
  return true;
}
