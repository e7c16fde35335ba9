/**
 * The catalogue's functions in JavaScript, one entry per function (`satisfies
 * Record<FunctionName, ...>`). Scalars receive evaluated arguments; a `strict` scalar is NULL as
 * soon as one argument is NULL. Aggregates receive the argument values of a group's rows and skip
 * NULLs, as SQL does. Each entry reproduces DuckDB's result for the same input.
 */
import { compileRegexExtract, compileRegexReplace, MAX_TEXT_GROWTH, type FunctionName } from '@pipeline/definition';
import {
  growthLimitProblem,
  MAX_VALUE_BYTES,
  valueSizeProblem,
  type BoundCall,
  type CallOf,
  patternWriter,
  unsupported,
  type Unsupported,
  type SpecErrorCode,
  truncate,
  supertype,
  decimalParts,
  INTEGRAL_RANGE,
  isIntegral,
  type DataType,
  CAST_FAILED,
  castValue,
  compareValues,
  valueKey,
  formatValue,
  roundHalfAwayFromZero,
  type Value,
  timestampReader,
  continuousQuantile,
  correlation,
  covariancePop,
  covarianceSamp,
  discreteQuantile,
  sparkMoment,
  StatisticOutOfRange,
  addInterval,
  civilFromDays,
  daysFromCivil,
  isCalendarDate,
  MICROS_PER_DAY,
  timestampFields,
} from '@pipeline/engine-core';

/**
 * When a function is compiled: argument types, result type, the call itself (with the parameters
 * the binder resolved when the function takes literal arguments) and the evaluation clock.
 */
export interface FunctionContext<C extends BoundCall = BoundCall> {
  readonly argTypes: readonly DataType[];
  readonly result: DataType;
  readonly call: C;
  /** The evaluation's fixed "now" (current_date, current_timestamp), in microseconds since the epoch. */
  readonly nowMicros: number;
  /** For an aggregate over one grouping set: the grouping keys the set leaves out (grouping() is 1 for them). */
  readonly groupedOut?: ReadonlySet<string>;
}

/** A scalar function; strict ones are not called when an argument is NULL. */
export interface JsScalar<C extends BoundCall = BoundCall> {
  readonly kind: 'scalar';
  readonly strict: boolean;
  readonly make: (ctx: FunctionContext<C>) => (args: readonly Value[]) => Value;
}

/**
 * An aggregate: from the values of its first argument over a group's rows (NULLs included) to one
 * value; `rest` holds the values of its other arguments, row by row alike.
 */
export interface JsAggregate<C extends BoundCall = BoundCall> {
  readonly kind: 'aggregate';
  readonly make: (ctx: FunctionContext<C>) => (values: readonly Value[], rowCount: number, rest: readonly (readonly Value[])[]) => Value;
}

/** A function of the JavaScript backend, compiled for calls `C`. */
export type JsFunction<C extends BoundCall = BoundCall> = JsScalar<C> | JsAggregate<C>;

/** An error raised while evaluating (the evaluator adds the asset and field): E_VALUE or E_TYPE, and the spec's code when not the engine code's own. */
export class ValueError extends Error {
  constructor(
    message: string,
    readonly code: 'E_VALUE' | 'E_TYPE' = 'E_VALUE',
    readonly specCode?: SpecErrorCode,
  ) {
    super(message);
  }
}

const scalar = <C extends BoundCall = BoundCall>(make: JsScalar<C>['make'], strict = true): JsScalar<C> => ({ kind: 'scalar', strict, make });
const agg = <C extends BoundCall = BoundCall>(make: JsAggregate<C>['make']): JsAggregate<C> => ({ kind: 'aggregate', make });

function nonNull(values: readonly Value[]): Value[] {
  return values.filter((v) => v !== null);
}

function distinctIf(call: BoundCall, values: Value[]): Value[] {
  if (!call.distinct) return values;
  const seen = new Set<string>();
  return values.filter((v) => {
    const k = valueKey(v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Rounds a decimal result to its scale (decimals are held as doubles); E_VALUE when it exceeds the precision. */
export function fitResult(x: number, type: DataType): number {
  const dec = decimalParts(type);
  if (dec !== undefined) {
    const scaled = roundHalfAwayFromZero(x * 10 ** dec.scale);
    if (Math.abs(scaled) >= 10 ** dec.precision) throw new ValueError(`overflow of ${type}`);
    return scaled / 10 ** dec.scale;
  }
  if (type === 'float') return Math.fround(x);
  return x;
}

/** Whether a value of type `from` changes form as a `to` (dates as timestamps, numbers as floats or decimals). */
export function needsConversion(from: DataType, to: DataType): boolean {
  if (from === to || from === 'null') return false;
  return (from === 'date' && to === 'timestamp') || to === 'float' || decimalParts(to) !== undefined;
}

/** `v` (of type `from`) as a value of the wider type `to`; E_VALUE when it exceeds a decimal's precision. */
export function convertValue(v: NonNullable<Value>, from: DataType, to: DataType): NonNullable<Value>;
export function convertValue(v: Value, from: DataType, to: DataType): Value;
export function convertValue(v: Value, from: DataType, to: DataType): Value {
  if (v === null || !needsConversion(from, to)) return v;
  if (from === 'date' && to === 'timestamp') return Number(v) * MICROS_PER_DAY;
  return fitResult(Number(v), to);
}

/** Throws E_VALUE when an integral result leaves its type's range (DuckDB raises an overflow error). */
export function checkIntegral(x: number, type: DataType, what: string): number {
  const range = INTEGRAL_RANGE[type];
  if (range !== undefined && (x < range[0] || x > range[1])) throw new ValueError(`overflow in ${what} of ${type}`);
  return x;
}

function moments(values: readonly Value[]): { n: number; mean: number; m2: number } {
  // Welford's algorithm, as DuckDB computes variances.
  let n = 0;
  let mean = 0;
  let m2 = 0;
  for (const v of values) {
    if (v === null) continue;
    const x = Number(v);
    n++;
    const delta = x - mean;
    mean += delta / n;
    m2 += delta * (x - mean);
  }
  return { n, mean, m2 };
}

const variance = (sample: boolean, root: boolean): JsAggregate =>
  agg(() => (values) => {
    const { n, m2 } = moments(values);
    if (n === 0 || (sample && n < 2)) return null;
    const v = m2 / (sample ? n - 1 : n);
    return root ? Math.sqrt(v) : v;
  });

/** The numbers of the rows where both `ys` and `xs` are non-NULL (a pair aggregate's input). */
function pairs(ys: readonly Value[], xs: readonly Value[]): { ys: number[]; xs: number[] } {
  const out = { ys: [] as number[], xs: [] as number[] };
  ys.forEach((y, i) => {
    const x = xs[i];
    if (y === null || x === null) return;
    out.ys.push(Number(y));
    out.xs.push(Number(x));
  });
  return out;
}

/** A statistic of the non-NULL values, or of the non-NULL pairs (first argument, second argument). */
const statistic = (compute: (ys: readonly number[], xs: readonly number[]) => number | undefined): JsAggregate =>
  agg(() => (values, _rowCount, [second]) => {
    const p = second === undefined ? { ys: nonNull(values).map(Number), xs: [] } : pairs(values, second);
    try {
      return compute(p.ys, p.xs) ?? null;
    } catch (e) {
      if (e instanceof StatisticOutOfRange) throw new ValueError(e.message);
      throw e;
    }
  });

/** An exact percentile of the non-NULL values, the fraction being the call's literal second argument. */
const percentileFold = (pick: (sorted: readonly number[], fraction: number) => number): JsAggregate<CallOf<'percentile' | 'percentile_approx'>> =>
  agg(({ call: { params: { fraction } } }) => {
    return (values) => {
      const sorted = nonNull(values)
        .map(Number)
        .sort((a, b) => compareValues(a, b));
      return sorted.length === 0 ? null : pick(sorted, fraction);
    };
  });

const extremum = (sign: 1 | -1): JsAggregate =>
  agg(() => (values) => {
    let best: Value = null;
    for (const v of values) {
      if (v === null) continue;
      if (best === null || sign * compareValues(v, best) > 0) best = v;
    }
    return best;
  });

function daysOf(v: Value, t: DataType): number {
  return t === 'timestamp' ? Math.floor(Number(v) / MICROS_PER_DAY) : Number(v);
}

function fieldsOf(v: Value, t: DataType): ReturnType<typeof timestampFields> {
  return timestampFields(t === 'date' ? Number(v) * MICROS_PER_DAY : Number(v));
}

const field = (pick: (f: ReturnType<typeof timestampFields>) => number): JsScalar =>
  scalar(({ argTypes }) => ([v]) => pick(fieldsOf(v, argTypes[0])));

/** A day count as DuckDB adds it to a date: it must fit a 32-bit integer. */
export function dayCount(n: number): number {
  if (n < -2147483648 || n > 2147483647) throw new ValueError(`cannot cast ${n} to integer`, 'E_TYPE', 'E-TYPE-001');
  return n;
}

const SPACES_START = /^ +/;
const SPACES_END = / +$/;

/** DuckDB's substring on code points, negative starts and lengths included. */
export function substringOf(text: string, offset: number, length?: number): string {
  const chars = Array.from(text);
  const size = chars.length;
  let len = length ?? Number.MAX_SAFE_INTEGER;
  if (len === 0) return '';
  let start: number;
  if (offset > 0) start = Math.min(size, offset - 1);
  else if (offset < 0) start = Math.max(size + offset, 0);
  else {
    start = 0;
    len--;
    if (len <= 0) return '';
  }
  let end: number;
  if (len > 0) end = Math.min(size, start + len);
  else {
    end = start;
    start = Math.max(0, start + len);
  }
  return start === end ? '' : chars.slice(start, end).join('');
}

function roundDouble(x: number, digits: number): number {
  let r: number;
  if (digits < 0) {
    const m = 10 ** -digits;
    r = roundHalfAwayFromZero(x / m) * m;
  } else {
    const m = 10 ** digits;
    r = roundHalfAwayFromZero(x * m) / m;
  }
  // DuckDB gives 0 where a rounding to negative places is not finite (NaN and the infinities too).
  if (!Number.isFinite(r)) return digits < 0 ? 0 : x;
  return r;
}

/** Remainder with DuckDB's NULL for a whole-number or decimal division by zero. */
export function remainderOf(a: number, b: number, t: DataType): Value {
  if (b === 0 && (isIntegral(t) || decimalParts(t) !== undefined)) return null;
  return fitResult(a % b, t);
}

/**
 * to_date / to_timestamp: the text read with the call's pattern as DuckDB's strptime reads it,
 * else cast as TRY_CAST does; NULL where no date can be read.
 */
const readTemporal = (target: 'date' | 'timestamp'): JsScalar<CallOf<'to_date' | 'to_timestamp' | 'to_timestamp_ntz' | 'unix_timestamp'>> =>
  scalar(({ argTypes, call: { params: { pattern } } }) => {
    if (pattern === undefined) {
      return ([x]) => {
        const v = castValue(x, argTypes[0], target);
        return v === CAST_FAILED ? null : v;
      };
    }
    const read = timestampReader(pattern);
    return ([x]) => {
      const micros = read(String(x));
      if (micros === undefined) return null;
      return target === 'date' ? Math.floor(micros / MICROS_PER_DAY) : micros;
    };
  });

/** coalesce and ifnull: the first non-NULL argument, in the common (result) type. */
const firstNonNull = scalar(
  ({ argTypes, result }) =>
    (args) => {
      const i = args.findIndex((a) => a !== null);
      return i === -1 ? null : convertValue(args[i], argTypes[i], result);
    },
  false,
);

/** lpad / rpad on code points: empty below 1, cut when long enough or when the padding is empty. */
const pad = (side: 'left' | 'right'): JsScalar =>
  scalar(() => ([s, n, padding = ' ']) => {
    const length = Number(n);
    if (length < 1) return '';
    if (length > MAX_TEXT_GROWTH) throw new ValueError(growthLimitProblem(side === 'left' ? 'lpad' : 'rpad'));
    const chars = Array.from(String(s));
    const fill = Array.from(String(padding));
    if (fill.length === 0 || chars.length >= length) return chars.slice(0, length).join('');
    const extra: string[] = [];
    for (let i = 0; extra.length < length - chars.length; i++) extra.push(fill[i % fill.length]);
    return side === 'left' ? extra.join('') + chars.join('') : chars.join('') + extra.join('');
  });

/** 1-based code-point position of `search` in `text`, 0 when absent (DuckDB's instr). */
function instrOf(text: string, search: string): number {
  const at = text.indexOf(search);
  return at === -1 ? 0 : Array.from(text.slice(0, at)).length + 1;
}

/** ISO day of the week, 1 (Monday) to 7 (Sunday), of a day count (1970-01-01 was a Thursday). */
function isoWeekday(days: number): number {
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

/** The ISO 8601 week (1-53) holding a day: the week of its Thursday, counted in that Thursday's year. */
function isoWeek(days: number): number {
  const thursday = days - isoWeekday(days) + 4;
  const { year } = civilFromDays(thursday);
  return Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7) + 1;
}

/** The larger (sign 1) or smaller (-1) of the non-NULL arguments, in the result type. */
const extremeArgument = (sign: 1 | -1): JsScalar =>
  scalar(
    ({ argTypes, result }) =>
      (args) => {
        let best: Value = null;
        args.forEach((a, i) => {
          if (a === null) return;
          const v = convertValue(a, argTypes[i], result);
          if (best === null || sign * compareValues(v, best) > 0) best = v;
        });
        return best;
      },
    false,
  );

/** `if(condition, a, b)`: a when the condition is true, else b, in the result type. */
const choose = scalar(
  ({ argTypes, result }) =>
    ([condition, a, b]) =>
      condition === true ? convertValue(a, argTypes[1], result) : convertValue(b, argTypes[2], result),
  false,
);

const sign = scalar(() => ([x]) => {
  const v = Number(x);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
});

/** The interval constructors: the binder folds them into interval literals, so they never compile as calls. */
const foldedInterval = scalar(({ call }) => {
  throw new ValueError(`${call.name} is compiled only as a folded interval`, 'E_TYPE');
});

/** Why the logarithms, exp and cbrt do not run in JavaScript. */
const LIBM_DIFFERS =
  "JavaScript's Math functions and DuckDB's C math library round some results differently in the last binary digit";

/** Why the collection functions are refused: danfo holds no arrays, maps or structs (nested inputs are refused on read). */
const NO_NESTED_VALUES = 'the danfo backend has no array, map or struct values';
const NO_VARIANT = 'the danfo backend has no variant values';
const NO_JSON_READER = "the danfo backend does not reproduce DuckDB's JSON reading (it accepts NaN and trailing commas and rewrites numbers), so results could differ";

/** Every catalogue function in JavaScript. */
export const JS_FUNCTIONS = {
  count: agg(({ call }) => (values, rowCount) => {
    if (call.args[0]?.kind === 'star') return rowCount;
    return distinctIf(call, nonNull(values)).length;
  }),
  sum: agg(({ call, result }) => (values) => {
    const xs = distinctIf(call, nonNull(values));
    if (xs.length === 0) return null;
    let total = 0;
    for (const x of xs) total += Number(x);
    return isIntegral(result) ? checkIntegral(total, result, 'sum') : fitResult(total, result);
  }),
  avg: agg(({ call }) => (values) => {
    const xs = distinctIf(call, nonNull(values));
    if (xs.length === 0) return null;
    let total = 0;
    for (const x of xs) total += Number(x);
    return total / xs.length;
  }),
  min: extremum(-1),
  max: extremum(1),
  stddev: variance(true, true),
  stddev_samp: variance(true, true),
  stddev_pop: variance(false, true),
  variance: variance(true, false),
  var_samp: variance(true, false),
  var_pop: variance(false, false),
  corr: statistic(correlation),
  covar_pop: statistic(covariancePop),
  covar_samp: statistic(covarianceSamp),
  skewness: statistic((values) => sparkMoment(3, values)),
  kurtosis: statistic((values) => sparkMoment(4, values)),
  percentile: percentileFold(continuousQuantile),
  percentile_approx: percentileFold(discreteQuantile),
  grouping: agg(({ call, groupedOut }) => {
    const key = call.args[0];
    const value = key?.kind === 'column' && groupedOut?.has(key.name) === true ? 1 : 0;
    return () => value;
  }),
  // Spec 9.13.12: grouping() of each key as a bit, the first key the most significant.
  grouping_id: agg(({ call, groupedOut }) => {
    const value = call.args.reduce((mask, key) => mask * 2 + (key.kind === 'column' && groupedOut?.has(key.name) === true ? 1 : 0), 0);
    return () => value;
  }),
  median: agg(({ result }) => (values) => {
    const xs = nonNull(values)
      .map(Number)
      .sort((a, b) => compareValues(a, b));
    if (xs.length === 0) return null;
    const mid = (xs.length - 1) / 2;
    const lo = xs[Math.floor(mid)];
    const hi = xs[Math.ceil(mid)];
    const frac = mid - Math.floor(mid);
    const dec = decimalParts(result);
    if (dec !== undefined) {
      // DuckDB interpolates decimals on their scaled integers and truncates.
      const f = 10 ** dec.scale;
      const a = Math.round(lo * f);
      const b = Math.round(hi * f);
      return Math.trunc(a + (b - a) * frac) / f;
    }
    // DuckDB interpolates: lo + (hi - lo) * 0.5.
    return lo + (hi - lo) * frac;
  }),

  concat: scalar(({ argTypes }) => (args) => args.map((a, i) => formatValue(argTypes[i], a)).join('')),
  upper: scalar(() => ([s]) => String(s).toUpperCase()),
  lower: scalar(() => ([s]) => String(s).toLowerCase()),
  trim: scalar(() => ([s]) => String(s).replace(SPACES_START, '').replace(SPACES_END, '')),
  ltrim: scalar(() => ([s]) => String(s).replace(SPACES_START, '')),
  rtrim: scalar(() => ([s]) => String(s).replace(SPACES_END, '')),
  length: scalar(() => ([s]) => Array.from(String(s)).length),
  substring: scalar(() => ([s, start, len]) =>
    substringOf(String(s), Number(start), len === undefined ? undefined : Number(len)),
  ),
  replace: scalar(() => ([s, search, replacement]) => {
    if (search === '') return s;
    const [pieces, joiner] = [String(s).split(String(search)), String(replacement)];
    // Measured before joining: the joined text is what would not fit.
    if ((pieces.length - 1) * joiner.length + pieces.reduce((n, p) => n + p.length, 0) > Math.max(MAX_VALUE_BYTES, String(s).length)) {
      throw new ValueError(valueSizeProblem('replace'));
    }
    return pieces.join(joiner);
  }),

  substr: scalar(() => ([s, start, len]) =>
    substringOf(String(s), Number(start), len === undefined ? undefined : Number(len)),
  ),
  concat_ws: scalar(
    ({ argTypes }) =>
      ([separator, ...rest]) => {
        if (separator === null) return null;
        const parts: string[] = [];
        rest.forEach((a, i) => {
          if (a !== null) parts.push(formatValue(argTypes[i + 1], a) as string);
        });
        return parts.join(String(separator));
      },
    false,
  ),
  lpad: pad('left'),
  rpad: pad('right'),
  left: scalar(() => ([s, n]) => (Number(n) < 1 ? '' : Array.from(String(s)).slice(0, Number(n)).join(''))),
  right: scalar(() => ([s, n]) => {
    if (Number(n) < 1) return '';
    const chars = Array.from(String(s));
    return chars.slice(Math.max(0, chars.length - Number(n))).join('');
  }),
  reverse: scalar(() => ([s]) => Array.from(String(s)).reverse().join('')),
  repeat: scalar(() => ([s, n]) => {
    if (Number(n) > MAX_TEXT_GROWTH) throw new ValueError(growthLimitProblem('repeat'));
    if (Number(n) > 1 && String(s).length * Number(n) > MAX_VALUE_BYTES) throw new ValueError(valueSizeProblem('repeat'));
    return Number(n) < 1 ? '' : String(s).repeat(Number(n));
  }),
  initcap: scalar(() => ([s]) =>
    String(s)
      .toLowerCase()
      .split(' ')
      .map((word) => {
        const chars = Array.from(word);
        return chars.length === 0 ? '' : chars[0].toUpperCase() + chars.slice(1).join('');
      })
      .join(' '),
  ),
  starts_with: scalar(() => ([s, prefix]) => String(s).startsWith(String(prefix))),
  ends_with: scalar(() => ([s, suffix]) => String(s).endsWith(String(suffix))),
  instr: scalar(() => ([s, search]) => instrOf(String(s), String(search))),
  locate: scalar(() => ([search, s, start]) => {
    if (start === undefined) return instrOf(String(s), String(search));
    const from = Number(start);
    if (from < 1) return 0;
    const found = instrOf(substringOf(String(s), from), String(search));
    return found === 0 ? 0 : found + from - 1;
  }),
  split_part: scalar(() => ([s, delimiter, n]) => {
    const text = String(s);
    const parts = delimiter === '' ? Array.from(text) : text.split(String(delimiter));
    const index = Number(n);
    if (index === 0) return '';
    return (index > 0 ? parts[index - 1] : parts[parts.length + index]) ?? '';
  }),
  regexp_extract: scalar(({ call: { params } }) => {
    const extract = compileRegexExtract(params.pattern, params.group);
    if ('problem' in extract) throw new ValueError(extract.problem, 'E_TYPE');
    return ([s]) => extract(String(s));
  }),
  regexp_replace: scalar(({ call: { params } }) => {
    const replace = compileRegexReplace(params.pattern, params.replacement);
    if ('problem' in replace) throw new ValueError(replace.problem, 'E_TYPE');
    return ([s]) => {
      const text = String(s);
      let replaced: string;
      try {
        replaced = replace(text);
      } catch (err) {
        // V8's own limit on a string's length (about 512 MB) is a RangeError.
        if (err instanceof RangeError) throw new ValueError(valueSizeProblem('regexp_replace'));
        throw err;
      }
      if (replaced.length > Math.max(MAX_VALUE_BYTES, text.length)) throw new ValueError(valueSizeProblem('regexp_replace'));
      return replaced;
    };
  }),

  abs: scalar(({ result }) => ([x]) => {
    const v = Math.abs(Number(x));
    return isIntegral(result) ? checkIntegral(v, result, 'abs') : v;
  }),
  round: scalar(({ argTypes, result }) => {
    return ([x, digits]) => {
      const d = digits === undefined ? 0 : Number(digits);
      if (isIntegral(argTypes[0])) {
        if (d >= 0) return Number(x);
        return checkIntegral(roundDouble(Number(x), d), result, 'round');
      }
      const dec = decimalParts(result);
      if (dec !== undefined) return fitResult(Number(x), result);
      return fitResult(roundDouble(Number(x), d), result);
    };
  }),
  floor: scalar(({ result }) => ([x]) => fitResult(Math.floor(Number(x)), result)),
  ceil: scalar(({ result }) => ([x]) => fitResult(Math.ceil(Number(x)), result)),
  power: scalar(() => ([a, b]) => Number(a) ** Number(b)),
  sqrt: scalar(() => ([x]) => {
    if (Number(x) < 0) throw new ValueError('cannot take square root of a negative number');
    return Math.sqrt(Number(x));
  }),
  pow: scalar(() => ([a, b]) => Number(a) ** Number(b)),
  exp: unsupported(LIBM_DIFFERS),
  ln: unsupported(LIBM_DIFFERS),
  log: unsupported(LIBM_DIFFERS),
  log10: unsupported(LIBM_DIFFERS),
  log2: unsupported(LIBM_DIFFERS),
  cbrt: unsupported(LIBM_DIFFERS),
  sign,
  signum: sign,
  greatest: extremeArgument(1),
  least: extremeArgument(-1),
  pi: scalar(() => () => Math.PI),
  mod: scalar(({ result }) => ([a, b]) => remainderOf(Number(a), Number(b), result)),

  coalesce: firstNonNull,
  ifnull: firstNonNull,
  nvl: firstNonNull,
  nvl2: scalar(
    ({ argTypes, result }) =>
      ([a, b, c]) =>
        a !== null ? convertValue(b, argTypes[1], result) : convertValue(c, argTypes[2], result),
    false,
  ),
  if: choose,
  iff: choose,
  isnull: scalar(() => ([x]) => x === null, false),
  isnotnull: scalar(() => ([x]) => x !== null, false),
  nullif: scalar(({ argTypes: [at, bt] }) => {
    // Compared in the common type (a date against a timestamp); the first value is returned as it is.
    const domain = supertype(at, bt) ?? at;
    return ([a, b]) => {
      if (a === null || b === null) return a;
      return compareValues(convertValue(a, at, domain), convertValue(b, bt, domain)) === 0 ? null : a;
    };
  }, false),

  year: field((f) => f.year),
  month: field((f) => f.month),
  day: field((f) => f.day),
  hour: field((f) => f.hour),
  minute: field((f) => f.minute),
  second: field((f) => f.second),
  dayofweek: scalar(({ argTypes }) => ([d]) => (isoWeekday(daysOf(d, argTypes[0])) % 7) + 1),
  dayofyear: scalar(({ argTypes }) => ([d]) => {
    const days = daysOf(d, argTypes[0]);
    return days - daysFromCivil(civilFromDays(days).year, 1, 1) + 1;
  }),
  weekofyear: scalar(({ argTypes }) => ([d]) => isoWeek(daysOf(d, argTypes[0]))),
  quarter: field((f) => Math.floor((f.month - 1) / 3) + 1),
  date_sub: scalar(({ argTypes }) => ([d, n]) => daysOf(d, argTypes[0]) - dayCount(Number(n))),
  datediff: scalar(({ argTypes }) => ([end, start]) => daysOf(end, argTypes[0]) - daysOf(start, argTypes[1])),
  months_between: scalar(({ argTypes, call: { params } }) => {
    const round = params.roundOff;
    return ([end, start]) => {
      const a = fieldsOf(end, argTypes[0]);
      const b = fieldsOf(start, argTypes[1]);
      const whole = a.year * 12 + a.month - (b.year * 12 + b.month);
      const lastDay = (f: typeof a): boolean => f.day === civilFromDays(daysFromCivil(f.month === 12 ? f.year + 1 : f.year, (f.month % 12) + 1, 1) - 1).day;
      if (a.day === b.day || (lastDay(a) && lastDay(b))) return whole;
      const seconds = (f: typeof a): number => f.hour * 3600 + f.minute * 60 + f.second;
      const diff = whole + ((a.day - b.day) * 86400 + seconds(a) - seconds(b)) / 2678400;
      return round ? Math.floor(diff * 1e8 + 0.5) / 1e8 : diff;
    };
  }),
  next_day: scalar(({ argTypes, call: { params } }) => {
    const day = params.weekday;
    return ([d]) => {
      const days = daysOf(d, argTypes[0]);
      return days + ((day - isoWeekday(days) + 6) % 7) + 1;
    };
  }),
  make_date: scalar(() => ([y, m, d]) => {
    const [year, month, day] = [Number(y), Number(m), Number(d)];
    return year >= 1 && year <= 9999 && isCalendarDate(year, month, day) ? daysFromCivil(year, month, day) : null;
  }),
  unix_timestamp: scalar((ctx) => {
    const read = ctx.argTypes[0] === 'date' || ctx.argTypes[0] === 'timestamp' ? undefined : readTemporal('timestamp').make(ctx);
    return (args) => {
      const micros = read === undefined ? (ctx.argTypes[0] === 'date' ? Number(args[0]) * MICROS_PER_DAY : Number(args[0])) : read(args);
      return micros === null ? null : Math.floor(Number(micros) / 1_000_000);
    };
  }),
  from_unixtime: scalar(({ call: { params } }) => {
    const write = patternWriter(params.pattern);
    return ([n]) => write(timestampFields(Number(n) * 1_000_000));
  }),
  timestamp_seconds: scalar(() => ([n]) => Number(n) * 1_000_000),
  date_format: scalar(({ argTypes, call: { params } }) => {
    const write = patternWriter(params.pattern);
    return ([d]) => write(fieldsOf(d, argTypes[0]));
  }),
  add_months: scalar(({ argTypes }) => ([d, n]) => {
    const months = { months: dayCount(Number(n)), days: 0, micros: 0 };
    return Math.floor(addInterval(daysOf(d, argTypes[0]) * MICROS_PER_DAY, months, 1) / MICROS_PER_DAY);
  }),
  date_trunc: scalar(({ argTypes, call: { params } }) => {
    const { unit } = params;
    return ([, d]) => truncate(argTypes[1] === 'date' ? Number(d) * MICROS_PER_DAY : Number(d), unit);
  }),
  last_day: scalar(({ argTypes }) => ([d]) => {
    const { year, month } = civilFromDays(daysOf(d, argTypes[0]));
    // The day before the first of the next month.
    return month === 12 ? daysFromCivil(year + 1, 1, 1) - 1 : daysFromCivil(year, month + 1, 1) - 1;
  }),
  date_add: scalar(({ argTypes }) => ([d, n]) => daysOf(d, argTypes[0]) + dayCount(Number(n))),
  date_diff: scalar(({ argTypes }) => ([end, start]) => daysOf(end, argTypes[0]) - daysOf(start, argTypes[1])),
  to_date: readTemporal('date'),
  to_timestamp: readTemporal('timestamp'),
  make_interval: foldedInterval,
  make_ym_interval: foldedInterval,
  make_dt_interval: foldedInterval,
  // JSON (spec 9.13.10), variant (9.13.13), time of day and timestamp_ntz (9.13.11).
  from_json: unsupported(NO_NESTED_VALUES),
  to_json: unsupported(NO_NESTED_VALUES),
  get_json_object: unsupported(NO_JSON_READER),
  schema_of_json: unsupported(NO_JSON_READER),
  parse_json: unsupported(NO_VARIANT),
  variant_get: unsupported(NO_VARIANT),
  try_variant_get: unsupported(NO_VARIANT),
  is_variant_null: unsupported(NO_VARIANT),
  schema_of_variant: unsupported(NO_VARIANT),
  current_time: scalar(({ nowMicros }) => () => ((nowMicros % MICROS_PER_DAY) + MICROS_PER_DAY) % MICROS_PER_DAY),
  make_time: scalar(() => ([h, m, sec]) => {
    const [hour, minute, second] = [Number(h), Number(m), Number(sec)];
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || !(second >= 0 && second < 60)) return null;
    // Rounded to the microsecond as DuckDB's make_time rounds (59.9999999 seconds carry a minute).
    return (hour * 60 + minute) * 60_000_000 + Math.round(second * 1_000_000);
  }),
  current_timestamp_ntz: scalar(({ nowMicros }) => () => nowMicros),
  to_timestamp_ntz: readTemporal('timestamp'),
  current_date: scalar(({ nowMicros }) => () => Math.floor(nowMicros / MICROS_PER_DAY)),
  current_timestamp: scalar(({ nowMicros }) => () => nowMicros),
  size: unsupported(NO_NESTED_VALUES),
  array_contains: unsupported(NO_NESTED_VALUES),
  // Array functions (spec 9.13.7): each takes or makes an array.
  array_distinct: unsupported(NO_NESTED_VALUES),
  array_sort: unsupported(NO_NESTED_VALUES),
  array_union: unsupported(NO_NESTED_VALUES),
  array_intersect: unsupported(NO_NESTED_VALUES),
  array_except: unsupported(NO_NESTED_VALUES),
  array_join: unsupported(NO_NESTED_VALUES),
  array_position: unsupported(NO_NESTED_VALUES),
  array_remove: unsupported(NO_NESTED_VALUES),
  array_repeat: unsupported(NO_NESTED_VALUES),
  arrays_zip: unsupported(NO_NESTED_VALUES),
  array_compact: unsupported(NO_NESTED_VALUES),
  flatten: unsupported(NO_NESTED_VALUES),
  element_at: unsupported(NO_NESTED_VALUES),
  // Generators (spec 9.13.7, 9.13.10).
  explode: unsupported(NO_NESTED_VALUES),
  explode_outer: unsupported(NO_NESTED_VALUES),
  posexplode: unsupported(NO_NESTED_VALUES),
  json_tuple: unsupported(
    "danfo's steps compute no generator rows, and JavaScript's JSON.parse would give other texts than DuckDB for numbers (1e3) and repeated keys",
  ),
  array: unsupported(NO_NESTED_VALUES),
  struct: unsupported(NO_NESTED_VALUES),
  named_struct: unsupported(NO_NESTED_VALUES),
  map: unsupported(NO_NESTED_VALUES),
  transform: unsupported(NO_NESTED_VALUES),
  filter: unsupported(NO_NESTED_VALUES),
  exists: unsupported(NO_NESTED_VALUES),
  // Map, higher-order and struct functions (spec 9.13.7, 9.13.8, 9.13.9).
  forall: unsupported(NO_NESTED_VALUES),
  map_keys: unsupported(NO_NESTED_VALUES),
  map_values: unsupported(NO_NESTED_VALUES),
  map_concat: unsupported(NO_NESTED_VALUES),
  map_from_arrays: unsupported(NO_NESTED_VALUES),
  map_from_entries: unsupported(NO_NESTED_VALUES),
  map_entries: unsupported(NO_NESTED_VALUES),
  transform_keys: unsupported(NO_NESTED_VALUES),
  transform_values: unsupported(NO_NESTED_VALUES),
  map_filter: unsupported(NO_NESTED_VALUES),
  zip_with: unsupported(NO_NESTED_VALUES),
  with_field: unsupported(NO_NESTED_VALUES),
  drop_fields: unsupported(NO_NESTED_VALUES),
  aggregate: unsupported(NO_NESTED_VALUES),
} satisfies { readonly [N in FunctionName]: JsFunction<CallOf<N>> | Unsupported };

/** The JavaScript function of a call, taking the call as bound (with the parameters of its own name). */
export function jsFunctionOf(call: BoundCall): JsFunction | Unsupported {
  // The table is typed per name, which an indexed access by a name only known here loses.
  return JS_FUNCTIONS[call.name] as JsFunction | Unsupported;
}
