/**
 * Compiles a bound expression tree (check/bind-expression) to Spark SQL, alongside
 * duckdb/compile-expression.ts: every compound node bracketed, identifiers and literals through
 * spark/sql-text, functions through one table. A function the table marks `unsupported(...)` is
 * refused at validation (V-014); where Spark's natural result type differs from the portable one
 * the relation is cast back after Spark analyses it (spark-primitives.ts).
 */
import { assertNever, canMatchEmpty, FUNCTION_NAMES, type FunctionName } from '@pipeline/definition';
import {
  type BoundCall,
  type BoundExpr,
  type BoundWindow,
  type CallParams,
  compileWindowSql,
  type DataType,
  type DatePattern,
  internalError,
  isUnsupported,
  partlySupported,
  type PartlySupported,
  decimalParts,
  isFloating,
  isIntegral,
  unsupported,
  type Unsupported,
  unsupportedFunction,
} from '@pipeline/engine-core';
import { floatingText } from './duckdb-text';
import { sparkIdentifier, sparkInteger, sparkNumber, sparkString } from './sql-text';
import { javaPattern } from './java-pattern';
import { SPARK_CONVERSION_FAILURE } from './spark-errors';
import { sparkTypeOf } from './type-names';

/** A compiled function: Spark SQL from the compiled arguments, their types, the call and its result type; `over` follows an aggregate used as a window function. */
type SparkFunction = (args: readonly string[], types: readonly DataType[], call: BoundCall, result: DataType, over?: string) => string;

const plain =
  (name: string): SparkFunction =>
  (args) =>
    `${name}(${args.join(', ')})`;

const aggregate =
  (name: string): SparkFunction =>
  (args, _types, call, _result, over = '') =>
    `${name}(${call.distinct ? 'DISTINCT ' : ''}${args.join(', ')})${over}`;

/** Text of a value as a string: DuckDB's text of a double or float (duckdb-text.ts), else Spark's CAST to STRING. */
function asText(sql: string, t: DataType): string {
  if (t === 'double' || t === 'float') return floatingText(sql, t);
  return t === 'string' || t === 'null' ? sql : `CAST(${sql} AS STRING)`;
}

/** NULL when any of `args` is NULL, else `body`. */
function strict(args: readonly string[], body: string): string {
  return `CASE WHEN ${args.map((a) => `${a} IS NULL`).join(' OR ')} THEN NULL ELSE ${body} END`;
}

/** Spark's logarithms are NULL where undefined (x <= 0) already; written out so the rule is visible and kept. */
const logarithm =
  (name: 'ln' | 'log10'): SparkFunction =>
  ([x]) =>
    `CASE WHEN ${x} > 0 THEN ${name}(${x}) END`;

function inResultType(args: readonly string[], types: readonly DataType[], result: DataType): string[] {
  return args.map((a, i) => (types[i] === result || types[i] === 'null' ? a : `CAST(${a} AS ${sparkTypeOf(result)})`));
}

/**
 * floor and ceil in the result type. Spark's of a double are a BIGINT, which clamps (floor(1e20)
 * is 9223372036854775807): a double from 2^52 up is whole already, and kept as it is, as are NaN
 * and the infinities.
 */
const rounding =
  (name: 'floor' | 'ceil'): SparkFunction =>
  ([x], types, _call, result) => {
    const t = types[0] as DataType;
    if (isIntegral(t)) return `CAST(${name}(${x}) AS ${sparkTypeOf(result)})`;
    if (t !== 'double' && t !== 'float') return `${name}(${x})`;
    return `CASE WHEN isnan(${x}) OR abs(${x}) >= 4503599627370496D THEN ${x} ELSE CAST(${signedAs(x, `${name}(${x})`)} AS ${sparkTypeOf(result)}) END`;
  };

/**
 * `rounded`, a rounding of the double or float `x`, with x's sign: DuckDB's (C's) rounding keeps
 * it on a zero result (round(-0.4), ceil(-0.4) and floor(-0.0) are -0.0), where Spark's rounds
 * through a decimal or a BIGINT, which have no -0.0. A rounding never changes a nonzero value's
 * sign, so the magnitude times signum(x) is exact; NaN stays NaN.
 */
const signedAs = (x: string, rounded: string): string => `(abs(${rounded}) * signum(${x}))`;

/** DuckDB's round: of a double (or a float, computed in doubles) as C rounds, with the operand's sign on a zero result. */
const duckRound: SparkFunction = ([x, digits], types) => {
  const t = types[0] as DataType;
  if (t !== 'double' && t !== 'float') return `round(${digits === undefined ? x : `${x}, ${digits}`})`;
  const rounded = digits === undefined ? signedAs(x as string, `round(${x})`) : duckRoundDouble(t === 'float' ? `CAST(${x} AS DOUBLE)` : (x as string), digits);
  return t === 'float' ? `CAST(${rounded} AS FLOAT)` : rounded;
};

/** A decimal operand of `/` as a double: DuckDB divides decimals in doubles (1.25 / 3 is 0.4166666666666667, Spark's decimal 0.41666667). */
function dividend(sql: string, t: DataType): string {
  return decimalParts(t) === undefined ? sql : `CAST(${sql} AS DOUBLE)`;
}

/** Day counts are INT in Spark's date_add / date_sub. */
function dayCount(sql: string, t: DataType): string {
  return t === 'long' ? `CAST(${sql} AS INT)` : sql;
}

/** A condition Spark accepts: a bare NULL is typed VOID there, which CASE WHEN refuses. */
function asCondition(sql: string, t: DataType): string {
  return t === 'null' ? `CAST(${sql} AS BOOLEAN)` : sql;
}

function asDate(sql: string, t: DataType): string {
  return t === 'timestamp' ? `CAST(${sql} AS DATE)` : sql;
}

/**
 * IEEE division, as DuckDB's `/`: a zero divisor gives an infinity signed by both operands, or
 * NaN for 0 / 0 (Spark's ANSI mode would fail the job). The zero's own sign is read from its
 * text: Spark's functions that would tell -0.0 from 0.0 (atan2) normalise it first.
 */
function ieeeDivide(left: string, right: string, type: DataType): string {
  const t = sparkTypeOf(type);
  const l = `CAST(${left} AS ${t})`;
  const r = `CAST(${right} AS ${t})`;
  const infinity = `CASE WHEN CAST(${r} AS STRING) LIKE '-%' THEN CAST('-Infinity' AS DOUBLE) ELSE CAST('Infinity' AS DOUBLE) END`;
  return `CASE WHEN ${r} = 0 THEN CAST(${l} * ${infinity} AS ${t}) ELSE (${l} / ${r}) END`;
}

/**
 * DuckDB's substring (its documented rule, which its ASCII path follows): the start is clamped
 * into the text (a negative one counts from the end), a start of 0 is the place before the first
 * character, and a negative length takes the characters before the start. Spark gives the empty
 * text for a negative length and does not clamp a negative start.
 */
function duckSubstring([s, start, length]: readonly string[]): string {
  if (length === undefined) return `substring(${s}, ${start})`;
  const size = `char_length(${s})`;
  const from = `CASE WHEN ${start} > 0 THEN least(${size}, ${start} - 1) ELSE greatest(${size} + ${start}, 0) END`;
  const back = `greatest(${from} + ${length}, 0)`;
  return strict(
    [s as string, start as string, length],
    `CASE WHEN ${start} = 0 THEN CASE WHEN ${length} <= 1 THEN '' ELSE substring(${s}, 1, ${length} - 1) END ` +
      `WHEN ${length} >= 0 THEN substring(${s}, ${from} + 1, ${length}) ` +
      `ELSE substring(${s}, ${back} + 1, ${from} - ${back}) END`,
  );
}

/**
 * DuckDB's round of a double to `digits` places: round(x * 10^d) / 10^d (x / 10^-d, then times,
 * for negative places), half away from zero on the product's binary value, x itself (0 for
 * negative places) where the result is not finite (an overflow, NaN, an infinity). Spark's own
 * rounds the double's decimal text, so 1.005 would become 1.01 where DuckDB gives 1.0.
 */
function duckRoundDouble(x: string, digits: string): string {
  const scaled = (m: string): string => `(round(${x} * ${m}, 0) / ${m})`;
  const coarse = (m: string): string => `(round(${x} / ${m}, 0) * ${m})`;
  const guarded = (r: string, fallback: string): string => `CASE WHEN isnan(${r}) OR abs(${r}) = CAST('Infinity' AS DOUBLE) THEN ${fallback} ELSE ${signedAs(x, r)} END`;
  return `CASE WHEN ${digits} >= 0 THEN ${guarded(scaled(`power(10.0D, ${digits})`), x)} ELSE ${guarded(coarse(`power(10.0D, - ${digits})`), '0.0D')} END`;
}

/** Text a cast to an integral type rounds (half away from zero) in DuckDB: a number with a fraction, no exponent. */
const FRACTION_TEXT = String.raw`^\s*[+-]?([0-9]+\.[0-9]*|\.[0-9]+)\s*$`;
/** The text's sign, whole part and first fractional digit: all the rounding reads. */
const FRACTION_HEAD = String.raw`^\s*([+-]?[0-9]*(\.[0-9])?)`;

/**
 * A cast to an integral type as DuckDB's: a double or float rounds half to even, a decimal and a
 * text with a fraction half away from zero (Spark truncates the numbers and refuses the text).
 */
function integralCast(operand: string, from: DataType, target: string, cast: 'CAST' | 'TRY_CAST'): string {
  if (isFloating(from)) return `${cast}(rint(${operand}) AS ${target})`;
  if (decimalParts(from) !== undefined) return `${cast}(round(${operand}, 0) AS ${target})`;
  if (from !== 'string') return `${cast}(${operand} AS ${target})`;
  const fraction = `${cast}(round(${cast}(regexp_extract(${operand}, ${sparkString(FRACTION_HEAD)}, 1) AS DECIMAL(38,1)), 0) AS ${target})`;
  return `CASE WHEN ${operand} RLIKE ${sparkString(FRACTION_TEXT)} THEN ${fraction} ELSE ${cast}(${operand} AS ${target}) END`;
}

/**
 * A cast to a decimal that fails as DuckDB's does, as a conversion (E_TYPE): Spark reports a
 * value out of the decimal's range as it reports arithmetic overflow.
 */
function decimalCast(operand: string, target: string): string {
  const problem = `concat(${sparkString(`${SPARK_CONVERSION_FAILURE} `)}, CAST(${operand} AS STRING), ${sparkString(` to ${target}`)})`;
  return `CASE WHEN ${operand} IS NOT NULL AND TRY_CAST(${operand} AS ${target}) IS NULL THEN raise_error(${problem}) ELSE CAST(${operand} AS ${target}) END`;
}

/** A LIKE pattern with its backslashes taken literally, as DuckDB takes them (Spark's LIKE escapes with `\`). */
function literalBackslashes(pattern: BoundExpr, compiled: string): string {
  if (pattern.kind === 'string') return sparkString(pattern.value.replace(/\\/g, '\\\\'));
  return `replace(${compiled}, '\\\\', '\\\\\\\\')`;
}

const NOT_YET = 'not yet compiled to Spark SQL by this service';

/** The parameters the binder resolved for a call of `name` (check/call-params): never the literal's text. */
function paramsOf<N extends keyof CallParams>(call: BoundCall, _name: N): CallParams[N] {
  return (call as unknown as { readonly params: CallParams[N] }).params;
}

/** A pattern's tokens as a Spark datetime pattern (text quoted), whichever style it was written in. */
function sparkPattern(pattern: DatePattern): string {
  const letters = { year: 'yyyy', month: 'MM', day: 'dd', hour: 'HH', minute: 'mm', second: 'ss', millis: 'SSS', micros: 'SSSSSS' } as const;
  const text = pattern.tokens.map((t) => (t.kind === 'literal' ? `'${t.text.replace(/'/g, "''")}'` : letters[t.kind])).join('');
  return sparkString(text);
}

const SPARK_WEEKDAYS = ['', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** A replacement of regexp_replace for Java's Matcher: text with `\\` and `$` escaped, groups as `$n`. */
function javaReplacement(call: BoundCall): string {
  const pieces = paramsOf(call, 'regexp_replace').replacement;
  return sparkString(pieces.map((p) => ('text' in p ? p.text.replace(/[\\$]/g, (c) => `\\${c}`) : `$${p.group}`)).join(''));
}

/** The functions compiled to Spark SQL; every other catalogue function is refused (see SPARK_FUNCTIONS). */
const COMPILED: Partial<Record<FunctionName, SparkFunction>> = {
  count: (args, types, call, result, over = '') => (call.args[0]?.kind === 'star' ? `count(*)${over}` : aggregate('count')(args, types, call, result, over)),
  sum: aggregate('sum'),
  avg: aggregate('avg'),
  min: aggregate('min'),
  max: aggregate('max'),
  stddev: aggregate('stddev_samp'),
  stddev_samp: aggregate('stddev_samp'),
  stddev_pop: aggregate('stddev_pop'),
  variance: aggregate('var_samp'),
  var_samp: aggregate('var_samp'),
  var_pop: aggregate('var_pop'),
  // Spark's grouping is a TINYINT and grouping_id a BIGINT mask (the first key its highest bit); the spec's are integers.
  grouping: ([x]) => `CAST(grouping(${x}) AS INT)`,
  grouping_id: (args) => `CAST(grouping_id(${args.join(', ')}) AS INT)`,
  corr: aggregate('corr'),
  covar_pop: aggregate('covar_pop'),
  covar_samp: aggregate('covar_samp'),
  // Spark's median and percentile interpolate as DuckDB's quantile_cont; both give doubles.
  median: (args, types, call, _result, over = '') => {
    const median = `CAST(median(${call.distinct ? 'DISTINCT ' : ''}${args[0]})${over} AS DOUBLE)`;
    const dec = decimalParts(types[0] as DataType);
    if (dec === undefined || dec.scale >= 38) return median;
    // DuckDB's median of decimals floors the midpoint to the scale (0.375 is 0.37, -0.375 -0.38):
    // the double is first read at one more place, where the midpoint is exact.
    return `CAST(floor(CAST(${median} AS DECIMAL(38,${dec.scale + 1})), ${dec.scale}) AS DECIMAL(${dec.precision},${dec.scale}))`;
  },
  skewness: aggregate('skewness'),
  kurtosis: aggregate('kurtosis'),
  percentile: ([x], _types, call, _result, over = '') => `CAST(percentile(CAST(${x} AS DOUBLE), ${sparkNumber(paramsOf(call, 'percentile').fraction.toFixed(17))}D) AS DOUBLE)${over}`,
  percentile_approx: ([x], _types, call, _result, over = '') =>
    `CAST(percentile_approx(CAST(${x} AS DOUBLE), ${sparkNumber(paramsOf(call, 'percentile_approx').fraction.toFixed(17))}D) AS DOUBLE)${over}`,

  concat: (args, types) => `concat(${args.map((a, i) => asText(a, types[i] as DataType)).join(', ')})`,
  upper: plain('upper'),
  lower: plain('lower'),
  trim: plain('trim'),
  ltrim: plain('ltrim'),
  rtrim: plain('rtrim'),
  length: plain('char_length'),
  substring: duckSubstring,
  substr: duckSubstring,
  replace: plain('replace'),
  concat_ws: ([separator, ...rest], types) => `concat_ws(${[separator, ...rest.map((a, i) => asText(a, types[i + 1] as DataType))].join(', ')})`,
  left: ([s, n]) => strict([s as string, n as string], `CASE WHEN ${n} < 1 THEN '' ELSE left(${s}, ${n}) END`),
  right: ([s, n]) => strict([s as string, n as string], `CASE WHEN ${n} < 1 THEN '' ELSE right(${s}, ${n}) END`),
  reverse: plain('reverse'),
  lpad: plain('lpad'),
  rpad: plain('rpad'),
  repeat: plain('repeat'),
  initcap: plain('initcap'),
  // DuckDB finds the empty text at the start itself, even past the end; Spark at 1 (and 0 for a NULL start).
  locate: ([search, s, start]) =>
    start === undefined ? `locate(${search}, ${s})` : strict([search as string, s as string, start], `CASE WHEN ${start} < 1 THEN 0 WHEN ${search} = '' THEN ${start} ELSE locate(${search}, ${s}, ${start}) END`),
  // Spark fails on part 0; the catalogue's (and DuckDB's) is the empty text.
  // Spark fails on part 0 and does not split on the empty separator; DuckDB gives the empty text for
  // part 0 and splits the empty separator into characters.
  split_part: ([x, sep, n]) =>
    `CASE WHEN ${n} = 0 THEN CASE WHEN ${x} IS NOT NULL AND ${sep} IS NOT NULL THEN '' END ` +
    `WHEN ${sep} = '' THEN CASE WHEN ${n} > char_length(${x}) OR ${n} < - char_length(${x}) THEN '' ELSE substring(${x}, ${n}, 1) END ` +
    `ELSE split_part(${x}, ${sep}, ${n}) END`,
  regexp_extract: ([x], _types, call) =>
    `regexp_extract(${x}, ${sparkString(javaPattern(paramsOf(call, 'regexp_extract').pattern))}, ${sparkInteger(paramsOf(call, 'regexp_extract').group)})`,
  regexp_replace: ([x], _types, call) => `regexp_replace(${x}, ${sparkString(javaPattern(paramsOf(call, 'regexp_replace').pattern))}, ${javaReplacement(call)})`,
  starts_with: plain('startswith'),
  ends_with: plain('endswith'),
  instr: plain('instr'),

  abs: plain('abs'),
  round: duckRound,
  floor: rounding('floor'),
  ceil: rounding('ceil'),
  power: plain('power'),
  pow: plain('power'),
  // The square root of a negative fails the job (E_VALUE) as on DuckDB; Spark's would be NaN.
  sqrt: ([x]) => `CASE WHEN ${x} < 0 THEN raise_error('cannot take square root of a negative number') ELSE sqrt(${x}) END`,
  ln: logarithm('ln'),
  log10: logarithm('log10'),
  // Base 1 divides by ln(1) = 0: an infinity (or NaN) as on DuckDB.
  log: ([a, b]) => (b === undefined ? `CASE WHEN ${a} > 0 THEN ln(${a}) END` : `CASE WHEN ${a} > 0 AND ${b} > 0 THEN ${ieeeDivide(`ln(${b})`, `ln(${a})`, 'double')} END`),
  // Adding 0.0 turns Spark's -0.0 into DuckDB's 0.0.
  sign: ([x]) => `(CAST(signum(${x}) AS DOUBLE) + 0.0D)`,
  signum: ([x]) => `(CAST(signum(${x}) AS DOUBLE) + 0.0D)`,
  greatest: (args, types, _call, result) => `greatest(${inResultType(args, types, result).join(', ')})`,
  least: (args, types, _call, result) => `least(${inResultType(args, types, result).join(', ')})`,
  pi: () => 'pi()',
  // The catalogue's modulo by zero is NULL; Spark's ANSI mode would fail the job.
  mod: ([a, b]) => `CASE WHEN ${b} = 0 THEN NULL ELSE (${a} % ${b}) END`,

  coalesce: plain('coalesce'),
  ifnull: plain('coalesce'),
  nvl: plain('coalesce'),
  nullif: plain('nullif'),
  nvl2: ([a, b, c]) => `CASE WHEN ${a} IS NOT NULL THEN ${b} ELSE ${c} END`,
  if: ([condition, a, b], types) => `CASE WHEN ${asCondition(condition as string, types[0] as DataType)} THEN ${a} ELSE ${b} END`,
  iff: ([condition, a, b], types) => `CASE WHEN ${asCondition(condition as string, types[0] as DataType)} THEN ${a} ELSE ${b} END`,
  isnull: ([x]) => `(${x} IS NULL)`,
  isnotnull: ([x]) => `(${x} IS NOT NULL)`,

  year: plain('year'),
  month: plain('month'),
  day: plain('day'),
  hour: plain('hour'),
  minute: plain('minute'),
  // The portable second is whole; Spark's second() of a timestamp is too.
  second: plain('second'),
  dayofweek: plain('dayofweek'),
  dayofyear: plain('dayofyear'),
  weekofyear: plain('weekofyear'),
  quarter: plain('quarter'),
  date_add: ([d, n], types) => `date_add(${asDate(d as string, types[0] as DataType)}, ${dayCount(n as string, types[1] as DataType)})`,
  date_sub: ([d, n], types) => `date_sub(${asDate(d as string, types[0] as DataType)}, ${dayCount(n as string, types[1] as DataType)})`,
  datediff: ([end, start]) => `datediff(${end}, ${start})`,
  date_diff: ([end, start]) => `datediff(${end}, ${start})`,
  last_day: ([d]) => `last_day(${d})`,
  months_between: ([end, start], _types, call) => `months_between(${end}, ${start}, ${paramsOf(call, 'months_between').roundOff ? 'TRUE' : 'FALSE'})`,
  next_day: ([d], types, call) => `next_day(${asDate(d as string, types[0] as DataType)}, '${SPARK_WEEKDAYS[paramsOf(call, 'next_day').weekday]}')`,
  date_trunc: ([, d], _types, call, result) => `CAST(date_trunc('${paramsOf(call, 'date_trunc').unit}', ${d}) AS ${sparkTypeOf(result)})`,
  date_format: ([d], _types, call) => `date_format(${d}, ${sparkPattern(paramsOf(call, 'date_format').pattern)})`,
  from_unixtime: ([n], _types, call) => `from_unixtime(CAST(${n} AS BIGINT), ${sparkPattern(paramsOf(call, 'from_unixtime').pattern)})`,
  // Seconds since the epoch in UTC (the session's time zone), as a timestamp without a zone.
  timestamp_seconds: ([n]) => `CAST(timestamp_seconds(${n}) AS TIMESTAMP_NTZ)`,
  current_timestamp_ntz: () => 'localtimestamp()',
  add_months: ([d, n], types) => `add_months(${asDate(d as string, types[0] as DataType)}, ${dayCount(n as string, types[1] as DataType)})`,
  current_date: () => 'current_date()',
  current_timestamp: () => 'CAST(current_timestamp() AS TIMESTAMP_NTZ)',
};

/** Why a function is refused, where it is more than "not yet". */
const REFUSED: Partial<Record<FunctionName, string>> = {
  current_time: 'Spark 4.0 has no TIME type',
  make_time: 'Spark 4.0 has no TIME type',
  // Both are within an ulp, but not the same ulp: Spark computes with Java's StrictMath (fdlibm),
  // DuckDB with the C library, and no rewrite in SQL gives the C library's last digit.
  exp: "Spark's exp (Java's StrictMath) and DuckDB's (the C library's) differ in the last digit of some results",
  cbrt: "Spark's cbrt (Java's StrictMath) and DuckDB's (the C library's) differ in the last digit of some results",
  log2: "Spark computes log2 as ln(x) / ln(2), which misses DuckDB's exact results (log2(8) = 2.9999999999999996)",
};

/** The string literal of a parsed argument, or undefined for any other argument. */
function literalText(arg: unknown): string | undefined {
  const node = arg as { kind?: unknown; value?: unknown } | undefined;
  return node?.kind === 'string' && typeof node.value === 'string' ? node.value : undefined;
}

/** A pattern of anchors alone, with flags: its empty matches sit where Java's and RE2's agree. */
const ONLY_ANCHORS = /^(\(\?[imsU]+\))*(\^|\$|\\A|\\z|\\b)+$/;

/** Functions Spark computes except for some calls, refused at validation (V-014) with why. */
const PARTLY: Partial<Record<FunctionName, PartlySupported>> = {
  // Java's Matcher replaces an empty match right after a match, and between the two UTF-16 units
  // of a character outside the BMP; RE2 does neither ('baaac', 'a*' gives -b--c- against -b-c-).
  // A pattern of anchors alone (`^`, `$`, `\b`) matches nowhere either could differ.
  regexp_replace: partlySupported('a pattern that can match the empty text, other than anchors alone', (args) => {
    const pattern = literalText(args[1]);
    return pattern !== undefined && canMatchEmpty(pattern) && !ONLY_ANCHORS.test(pattern)
      ? `its pattern '${pattern}' can match the empty text, and Spark (Java) replaces empty matches where DuckDB (RE2) does not`
      : undefined;
  }),
};

/** Every catalogue function: its Spark SQL (with the calls it refuses), or why this backend refuses it. */
export const SPARK_FUNCTIONS = Object.fromEntries(
  FUNCTION_NAMES.map((name) => {
    const compiled = REFUSED[name] === undefined ? COMPILED[name] : undefined;
    if (compiled === undefined) return [name, unsupported(REFUSED[name] ?? NOT_YET)];
    const partly = PARTLY[name];
    return [name, partly === undefined ? compiled : Object.assign((...a: Parameters<SparkFunction>) => compiled(...a), partly)];
  }),
) as Readonly<Record<FunctionName, SparkFunction | (SparkFunction & PartlySupported) | Unsupported>>;

function sparkFunctionOf(call: BoundCall): SparkFunction {
  const fn = SPARK_FUNCTIONS[call.name];
  if (isUnsupported(fn)) throw unsupportedFunction('', call.name, 'spark', fn.unsupported);
  return fn;
}

/** An interval literal as Spark's ANSI intervals, one per field set (months, days, seconds). */
function intervalParts(node: Extract<BoundExpr, { kind: 'interval' }>): string[] {
  const parts: string[] = [];
  if (node.months !== 0) parts.push(`INTERVAL '${sparkInteger(node.months)}' MONTH`);
  if (node.days !== 0) parts.push(`INTERVAL '${sparkInteger(node.days)}' DAY`);
  if (node.micros !== 0) {
    const sign = node.micros < 0 ? '-' : '';
    const micros = Math.abs(node.micros);
    parts.push(`INTERVAL '${sign}${sparkInteger(Math.floor(micros / 1e6))}.${String(micros % 1e6).padStart(6, '0')}' SECOND`);
  }
  return parts.length === 0 ? [`INTERVAL '0' DAY`] : parts;
}

/**
 * A part of the day-time interval `micros` as Spark reads it (each part keeps the sign; values
 * interval dayTimeField), in the part's type: `div` and `%` truncate toward zero, as DuckDB's do.
 */
function intervalField(field: 'day' | 'hour' | 'minute' | 'second', micros: string): string {
  switch (field) {
    case 'day':
      return `CAST(${micros} div 86400000000 AS INT)`;
    case 'hour':
      return `CAST((${micros} % 86400000000) div 3600000000 AS TINYINT)`;
    case 'minute':
      return `CAST((${micros} % 3600000000) div 60000000 AS TINYINT)`;
    case 'second':
      return `CAST(CAST(${micros} % 60000000 AS DECIMAL(8,0)) * 0.000001BD AS DECIMAL(8,6))`;
  }
}

/** What compiling may need from the statement around the expression. */
export interface SparkCompileOptions {
  /** The column numbering the input's rows (quoted): windows order ties by it. */
  readonly position?: string;
}

/** Spark SQL of a bound expression. */
export function compileSparkExpression(e: BoundExpr, options: SparkCompileOptions = {}): string {
  const compile = (node: BoundExpr): string => {
    switch (node.kind) {
      case 'number':
        if (node.type === 'double' || !node.isInteger) return `${sparkNumber(node.text)}D`;
        return node.type === 'long' ? `${sparkNumber(node.text)}L` : sparkNumber(node.text);
      case 'string':
        return sparkString(node.value);
      case 'boolean':
        return node.value ? 'TRUE' : 'FALSE';
      case 'null':
        return 'NULL';
      case 'typed_literal':
        return `${node.type === 'date' ? 'DATE' : 'TIMESTAMP_NTZ'} ${sparkString(node.value)}`;
      case 'interval':
        // Bound only as an operand of `+` / `-`, compiled there.
        throw internalError('an interval is compiled only as an operand of + or -');
      case 'column':
        return sparkIdentifier(node.name);
      case 'star':
        return '*';
      case 'unary':
        if (node.op === 'NOT') return `(NOT ${compile(node.operand)})`;
        if (node.op === '~') return `(~ ${node.operand.type === 'null' ? 'CAST(NULL AS INT)' : compile(node.operand)})`;
        return node.op === '-' ? `(- ${compile(node.operand)})` : compile(node.operand);
      case 'binary': {
        if ((node.op === '+' || node.op === '-') && (node.right.kind === 'interval' || node.left.kind === 'interval')) {
          // Spark cannot hold months and days in one ANSI interval: each part is added in turn.
          const [value, interval] = node.right.kind === 'interval' ? [compile(node.left), node.right] : [compile(node.right), node.left as Extract<BoundExpr, { kind: 'interval' }>];
          const shifted = intervalParts(interval).reduce((acc, part) => `(${acc} ${node.op} ${part})`, value);
          // A date plus a part of a day is a TIMESTAMP (with zone) in Spark: the language's is without.
          return node.type === 'date' ? `CAST(${shifted} AS DATE)` : `CAST(${shifted} AS TIMESTAMP_NTZ)`;
        }
        const left = compile(node.left);
        const right = compile(node.right);
        switch (node.op) {
          case '!=':
            return `(${left} <> ${right})`;
          case '||':
            return `concat(${asText(left, node.left.type)}, ${asText(right, node.right.type)})`;
          case '/':
            return ieeeDivide(dividend(left, node.left.type), dividend(right, node.right.type), node.type);
          case '%':
            return `CASE WHEN ${right} = 0 THEN NULL ELSE (${left} % ${right}) END`;
          case '+':
          case '-':
            if (node.left.type === 'date' && (isIntegral(node.right.type) || node.right.type === 'null')) {
              return `${node.op === '+' ? 'date_add' : 'date_sub'}(${left}, ${dayCount(right, node.right.type)})`;
            }
            if (node.right.type === 'date' && node.op === '+' && isIntegral(node.left.type)) return `date_add(${right}, ${dayCount(left, node.left.type)})`;
            if (node.left.type === 'date' && node.right.type === 'date' && node.op === '-') return `datediff(${left}, ${right})`;
            return `(${left} ${node.op} ${right})`;
          default:
            return `(${left} ${node.op} ${right})`;
        }
      }
      case 'is_null':
        return `(${compile(node.operand)} IS ${node.negated ? 'NOT ' : ''}NULL)`;
      case 'in':
        return `(${compile(node.operand)} ${node.negated ? 'NOT ' : ''}IN (${node.list.map(compile).join(', ')}))`;
      case 'between':
        return `(${compile(node.operand)} ${node.negated ? 'NOT ' : ''}BETWEEN ${compile(node.low)} AND ${compile(node.high)})`;
      case 'like': {
        const operand = compile(node.operand);
        const pattern = compile(node.pattern);
        if (node.op === 'RLIKE') {
          const java = node.pattern.kind === 'string' ? sparkString(javaPattern(node.pattern.value)) : pattern;
          return `(${node.negated ? 'NOT ' : ''}${operand} RLIKE ${java})`;
        }
        return `(${node.negated ? 'NOT ' : ''}${operand} ${node.op} ${literalBackslashes(node.pattern, pattern)})`;
      }
      case 'case': {
        const arms = node.whens.map((w) => `WHEN ${asCondition(compile(w.when), w.when.type)} THEN ${compile(w.then)}`).join(' ');
        const otherwise = node.else === undefined ? '' : ` ELSE ${compile(node.else)}`;
        return `CASE ${arms}${otherwise} END`;
      }
      case 'cast': {
        // A double or float cast to text never fails: TRY_CAST spells it as CAST does.
        if (node.type === 'string' && (node.operand.type === 'double' || node.operand.type === 'float')) return asText(compile(node.operand), node.operand.type);
        const operand = compile(node.operand);
        const target = sparkTypeOf(node.type);
        if (isIntegral(node.type)) return integralCast(operand, node.operand.type, target, node.safe ? 'TRY_CAST' : 'CAST');
        if (decimalParts(node.type) !== undefined && !node.safe) return decimalCast(operand, target);
        return `${node.safe ? 'TRY_CAST' : 'CAST'}(${operand} AS ${target})`;
      }
      case 'call':
        return sparkFunctionOf(node)(node.args.map(compile), node.args.map((a) => a.type), node, node.type);
      case 'window':
        return compileWindow(node, compile, options);
      case 'field':
        return `${compile(node.operand)}.${sparkIdentifier(node.field)}`;
      case 'index': {
        const operand = compile(node.operand);
        const index = compile(node.index);
        if (node.on === 'array') return `CASE WHEN ${index} >= 0 THEN try_element_at(${operand}, ${index} + 1) END`;
        return `try_element_at(${operand}, ${index})`;
      }
      case 'alias':
        return compile(node.expr);
      case 'lambda':
      case 'lambda_var':
        throw internalError('a lambda is compiled only inside a higher-order function, none of which backend "spark" compiles yet');
      case 'interval_field':
        return intervalField(node.field, `(unix_micros(CAST(${compile(node.left)} AS TIMESTAMP_LTZ)) - unix_micros(CAST(${compile(node.right)} AS TIMESTAMP_LTZ)))`);
      default:
        return assertNever(node);
    }
  };
  return compile(e);
}

/** True when `e` holds a window expression (its statement must then number the input rows). */
export function hasSparkWindow(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  if ((e as { kind?: unknown }).kind === 'window') return true;
  return Object.values(e).some((v) => (Array.isArray(v) ? v.some(hasSparkWindow) : hasSparkWindow(v)));
}

/** A window in Spark SQL: the window syntax DuckDB shares, ties broken by input position as there. */
function compileWindow(node: BoundWindow, compile: (e: BoundExpr) => string, options: SparkCompileOptions): string {
  return compileWindowSql(node, compile, {
    position: options.position,
    number: sparkNumber,
    aggregate: (call, over) => sparkFunctionOf(call)(call.args.map(compile), call.args.map((a) => a.type), call, call.type, over),
  });
}
