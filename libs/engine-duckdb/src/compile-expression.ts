/**
 * Compiles a bound expression tree (see check/bind-expression) to DuckDB SQL. Every compound
 * node is bracketed, identifiers and literals go through duckdb/sql-text, and functions map
 * through one table; where DuckDB's natural result type differs from the portable one (a sum of
 * integers is HUGEINT, floor of an integer is DOUBLE) the table casts it back.
 */
import { assertNever, MAX_TEXT_GROWTH, re2Rewrite, type FunctionName } from '@pipeline/definition';
import {
  type BoundCall,
  type BoundExpr,
  type BoundWindow,
  type CallOf,
  type EditedField,
  structFieldNames,
  engineError,
  internalError,
  toStrftime,
  intervalText,
  duckDbJsonPath,
  foldSizeProblem,
  growthLimitProblem,
  valueSizeProblem,
  arrayType,
  decimalParts,
  isIntegral,
  nestedParts,
  type DataType,
  commonElementType,
  zipFieldNames,
  quoteIdentifier,
  sqlNumber,
  sqlString,
  compileWindowSql,
} from '@pipeline/engine-core';
import { raiseWithLimit, valueLimitSql } from './value-budget';
import { jsonDepthGuard } from './json-depth-sql';
import { raiseSql } from './kinds/raise';

/** DuckDB's name for a portable type. */
export function duckDbTypeName(t: DataType): string {
  switch (t) {
    case 'string':
      return 'VARCHAR';
    case 'byte':
      return 'TINYINT';
    case 'short':
      return 'SMALLINT';
    case 'integer':
      return 'INTEGER';
    case 'long':
      return 'BIGINT';
    case 'float':
      return 'FLOAT';
    case 'double':
      return 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATE';
    case 'timestamp':
      return 'TIMESTAMP';
    case 'time':
      return 'TIME';
    // A variant is carried as DuckDB's JSON (spec 9.13.13).
    case 'variant':
      return 'JSON';
    default: {
      const dec = decimalParts(t);
      if (dec !== undefined) return `DECIMAL(${dec.precision},${dec.scale})`;
      const nested = nestedParts(t);
      if (nested?.kind === 'array') return `${duckDbTypeName(nested.element)}[]`;
      if (nested?.kind === 'map') return `MAP(${duckDbTypeName(nested.key)}, ${duckDbTypeName(nested.value)})`;
      if (nested?.kind === 'struct') return `STRUCT(${nested.fields.map((f) => `${quoteIdentifier(f.name)} ${duckDbTypeName(f.type)}`).join(', ')})`;
      throw engineError('E_TYPE', { problem: `type ${t} has no DuckDB cast target` });
    }
  }
}

/**
 * A compiled function: DuckDB SQL from the compiled arguments, their types and the call's result
 * type. An aggregate writes `over` (` OVER (...)` when it is used as a window function, else
 * empty) right after its call, inside any cast around it.
 */
/**
 * `call` is the bound call, with the parameters the binder resolved when the function takes
 * literal arguments; `scope` says what the call's value may take (see compileDuckDbExpression).
 */
type DuckDbFunction<C extends BoundCall = BoundCall> = (args: readonly string[], types: readonly DataType[], call: C, result: DataType, over?: string, scope?: Scope) => string;

/** Where a call sits: the lengths of the arrays (and maps) its enclosing lambdas run over, and the budget they leave it. */
interface Scope {
  readonly lengths: readonly string[];
  readonly budget: Budget;
}

const TOP_SCOPE: Scope = { lengths: [], budget: budgetWithin([]) };

/** The SQL of a value's share of the job's value limit, and the sentence that names it. */
interface Budget {
  readonly bytes: string;
  readonly problem: (name: 'repeat' | 'array_repeat', limit: string) => string;
}

/** The job's value limit divided by the length of each array a lambda around the value runs over. */
function budgetWithin(lengths: readonly string[]): Budget {
  if (lengths.length === 0) return { bytes: valueLimitSql('valueBytes'), problem: valueProblem };
  return {
    bytes: `(${valueLimitSql('valueBytes')} // (${lengths.join(' * ')}))`,
    problem: (name, limit) => `${valueProblem(name, limit)} (its share of it in a lambda: the limit divided by the length of the array the lambda runs over)`,
  };
}

/** True when compiled SQL reads a share of the value limit (a growing call measured against its budget). */
function readsBudget(sql: string): boolean {
  return sql.includes(valueLimitSql('valueBytes'));
}

function valueProblem(name: 'repeat' | 'array_repeat', limit: string): string {
  return name === 'repeat' ? valueSizeProblem('repeat', limit) : `array_repeat would make an array of more than ${limit} bytes, the largest value a job may build`;
}

const plain =
  (name: string): DuckDbFunction =>
  (args) =>
    `${name}(${args.join(', ')})`;

const aggregate =
  (name: string): DuckDbFunction =>
  (args, _types, call, _result, over = '') =>
    `${name}(${call.distinct ? 'DISTINCT ' : ''}${args.join(', ')})${over}`;

/**
 * Spark's population skewness (order 3) or excess kurtosis (order 4), as values/statistics.ts
 * `sparkMoment` computes them, operation for operation: NULL without values or spread (var_pop is
 * Welford's, exactly 0 for equal values), else the central moments from the count and power sums.
 */
const sparkMoment =
  (order: 3 | 4): DuckDbFunction =>
  ([x], _types, _call, _result, over = '') => {
    const v = `CAST(${x} AS DOUBLE)`;
    const n = `CAST(count(${v})${over} AS DOUBLE)`;
    const s = (k: number): string => `sum(${Array.from({ length: k }, () => v).join(' * ')})${over}`;
    const m2 = `(${s(2)} - (${s(1)} * ${s(1)}) / ${n})`;
    const moment =
      order === 3
        ? `(sqrt(${n}) * (${s(3)} - (3 * ${s(1)} * ${s(2)}) / ${n} + (2 * ${s(1)} * ${s(1)} * ${s(1)}) / (${n} * ${n}))) / sqrt(${m2} * ${m2} * ${m2})`
        : `(${n} * (${s(4)} - (4 * ${s(1)} * ${s(3)}) / ${n} + (6 * ${s(1)} * ${s(1)} * ${s(2)}) / (${n} * ${n}) - (3 * ${s(1)} * ${s(1)} * ${s(1)} * ${s(1)}) / (${n} * ${n} * ${n}))) / (${m2} * ${m2}) - 3`;
    return `CASE WHEN ${n} = 0 OR var_pop(${v})${over} = 0 OR NOT (${m2} > 0) THEN NULL ELSE ${moment} END`;
  };

const spacesOnly =
  (name: string): DuckDbFunction =>
  ([s]) =>
    `${name}(${s}, ' ')`;

/** Text of a value as DuckDB casts it, which is what the JavaScript backend reproduces. */
function asText(sql: string, t: DataType): string {
  return t === 'string' || t === 'null' ? sql : `CAST(${sql} AS VARCHAR)`;
}

/** DuckDB adds only INTEGER-or-narrower day counts to a date. */
function dayCount(sql: string, t: DataType): string {
  return t === 'long' ? `CAST(${sql} AS INTEGER)` : sql;
}

function asDate(sql: string, t: DataType): string {
  return t === 'timestamp' ? `CAST(${sql} AS DATE)` : sql;
}

/** to_date / to_timestamp: strptime with the call's pattern, else TRY_CAST; NULL where no date can be read. */
const readTemporal =
  (target: 'DATE' | 'TIMESTAMP'): DuckDbFunction<CallOf<'to_date' | 'to_timestamp' | 'to_timestamp_ntz' | 'unix_timestamp'>> =>
  ([x], _types, { params: { pattern } }) => {
    if (pattern === undefined) return `TRY_CAST(${x} AS ${target})`;
    const read = `try_strptime(${x}, ${sqlString(toStrftime(pattern))})`;
    return target === 'DATE' ? `CAST(${read} AS DATE)` : read;
  };

/** NULL when any of `args` is NULL, else `body`: for functions built of CASE arms that would otherwise answer for a NULL. */
function strict(args: readonly string[], body: string): string {
  return `CASE WHEN ${args.map((a) => `${a} IS NULL`).join(' OR ')} THEN NULL ELSE ${body} END`;
}

/** lpad / rpad with the catalogue's rules: empty below 1, cut when long enough or when the padding is empty. */
const pad =
  (name: 'lpad' | 'rpad'): DuckDbFunction =>
  ([s, n, padding = "' '"]) =>
    strict(
      [s, n, padding],
      `CASE WHEN ${n} < 1 THEN '' WHEN ${n} > ${MAX_TEXT_GROWTH} THEN ${raiseSql(growthLimitProblem(name))} ` +
        // DuckDB's lpad / rpad take an INTEGER length: a BIGINT column had no matching function.
        `WHEN ${padding} = '' OR length(${s}) >= ${n} THEN left(${s}, ${n}) ELSE ${name}(${s}, CAST(${n} AS INTEGER), ${padding}) END`,
    );


/** left / right: empty below 1 (DuckDB itself would count a negative n from the other end). */
const edge =
  (name: 'left' | 'right'): DuckDbFunction =>
  ([s, n]) =>
    strict([s, n], `CASE WHEN ${n} < 1 THEN '' ELSE ${name}(${s}, ${n}) END`);

/** A logarithm: NULL where it is undefined (x <= 0), where DuckDB would raise an error. */
const logarithm =
  (name: 'ln' | 'log10' | 'log2'): DuckDbFunction =>
  ([x]) =>
    `CASE WHEN ${x} > 0 THEN ${name}(${x}) END`;

/** Each argument brought to the call's result type (greatest, least: DuckDB would pick its own common type). */
function inResultType(args: readonly string[], types: readonly DataType[], result: DataType): string[] {
  return args.map((a, i) => (types[i] === result || types[i] === 'null' ? a : `CAST(${a} AS ${duckDbTypeName(result)})`));
}

/**
 * A part of a day-time interval of `micros` microseconds (values/interval dayTimeField): DuckDB's
 * `//` and `%` on BIGINT truncate, as Java's do, and each reads `micros` once, so nested extracts
 * do not repeat their operands' SQL.
 */
function intervalFieldSql(field: 'day' | 'hour' | 'minute' | 'second', micros: string): string {
  switch (field) {
    case 'day':
      return `CAST(${micros} // 86400000000 AS INTEGER)`;
    case 'hour':
      return `CAST((${micros} % 86400000000) // 3600000000 AS TINYINT)`;
    case 'minute':
      return `CAST((${micros} % 3600000000) // 60000000 AS TINYINT)`;
    case 'second':
      return `CAST(CAST(${micros} % 60000000 AS DECIMAL(8,0)) * 0.000001 AS DECIMAL(8,6))`;
  }
}

/** Whole seconds from the epoch to a timestamp (floored, as date_diff counts second boundaries). */
function epochSeconds(ts: string): string {
  return `date_diff('second', TIMESTAMP '1970-01-01 00:00:00', ${ts})`;
}

/**
 * `body` over the values computed once, as the parameter of a one-element list_transform: the
 * array functions use an argument several times, and nested calls would repeat its SQL at every
 * level. The values stay outside the lambda, and only the helpers' own names appear inside, so
 * no column or lambda parameter of the caller is captured.
 */
function once(values: readonly string[], body: (refs: string[]) => string): string {
  if (values.length === 1) return `list_transform([${values[0]}], lambda "__v": ${body(['"__v"'])})[1]`;
  const fields = values.map((v, i) => `"__${i + 1}" := ${v}`).join(', ');
  return `list_transform([struct_pack(${fields})], lambda "__v": ${body(values.map((_, i) => `struct_extract("__v", '__${i + 1}')`))})[1]`;
}

/**
 * The elements of a list without repeats, each at its first occurrence (NULL and NaN once too). By
 * sorting (value, position) pairs and keeping the first of each run, then putting them back in
 * order: looking each element up in the list (list_position) was quadratic, and DuckDB runs a
 * chunk's lambdas without looking at an interrupt (20 arrays of 10,000: 8.8 s, now 0.9 s).
 */
function distinctOf(list: string): string {
  const sorted = `list_sort(list_transform(${list}, lambda "__x", "__i": struct_pack("v" := "__x", "i" := "__i")))`;
  const value = (pair: string): string => `struct_extract(${pair}, 'v')`;
  const firsts = `list_filter("__s", lambda "__p", "__j": "__j" = 1 OR ${value('list_extract("__s", "__j" - 1)')} IS DISTINCT FROM ${value('"__p"')})`;
  const inOrder = `list_sort(list_transform(${firsts}, lambda "__p": struct_pack("i" := struct_extract("__p", 'i'), "v" := ${value('"__p"')})))`;
  return `list_transform([${sorted}], lambda "__s": list_transform(${inOrder}, lambda "__p": ${value('"__p"')}))[1]`;
}

/** An array argument as the array type `target` (a NULL argument typed too, for the lambdas to bind). */
function asArray(sql: string, t: DataType | undefined, target: DataType): string {
  return t === target ? sql : `CAST(${sql} AS ${duckDbTypeName(target)})`;
}

/** A value as the element type `element`. */
function asElement(sql: string, t: DataType | undefined, element: DataType): string {
  return t === element ? sql : `CAST(${sql} AS ${duckDbTypeName(element)})`;
}

/** The element type of an array type (`null` for a NULL argument). */
function elementOf(t: DataType | undefined): DataType {
  const parts = t === undefined ? undefined : nestedParts(t);
  return parts?.kind === 'array' ? parts.element : 'null';
}

/** array_position / array_remove: the common type of the elements and the value looked for. */
function searchedType([a, v]: readonly DataType[]): DataType {
  const common = commonElementType(elementOf(a), v ?? 'null');
  return common === undefined || common === 'null' ? 'integer' : common;
}

/** DuckDB's text of a JSONPath the binder read. */
function pathSql(steps: CallOf<'get_json_object'>['params']['path']): string {
  return sqlString(duckDbJsonPath(steps));
}

/** True when a timestamp is part of `t` (at any depth). */
function holdsTimestamp(t: DataType): boolean {
  const parts = nestedParts(t);
  if (parts === undefined) return t === 'timestamp';
  if (parts.kind === 'array') return holdsTimestamp(parts.element);
  if (parts.kind === 'map') return holdsTimestamp(parts.key) || holdsTimestamp(parts.value);
  return parts.fields.some((f) => holdsTimestamp(f.type));
}

/** DuckDB's name of `t` with each timestamp in it named `stamp` instead. */
function withTimestampsAs(t: DataType, stamp: string): string {
  const parts = nestedParts(t);
  if (parts === undefined) return t === 'timestamp' ? stamp : duckDbTypeName(t);
  if (parts.kind === 'array') return `${withTimestampsAs(parts.element, stamp)}[]`;
  if (parts.kind === 'map') return `MAP(${withTimestampsAs(parts.key, stamp)}, ${withTimestampsAs(parts.value, stamp)})`;
  return `STRUCT(${parts.fields.map((f) => `${quoteIdentifier(f.name)} ${withTimestampsAs(f.type, stamp)}`).join(', ')})`;
}

/**
 * A JSON value converted to `t`: json_transform (NULL where a part does not convert) or
 * json_transform_strict (an error). Timestamps are read as text and converted through TIMESTAMPTZ
 * so that an offset counts (the database runs in UTC), as the parse kind reads them.
 */
function convertJson(json: string, t: DataType, mode: 'try' | 'strict'): string {
  const transform = mode === 'try' ? 'json_transform' : 'json_transform_strict';
  if (!holdsTimestamp(t)) return `${transform}(${json}, ${sqlString(JSON.stringify(duckDbTypeName(t)))})`;
  const text = `${transform}(${json}, ${sqlString(JSON.stringify(withTimestampsAs(t, 'VARCHAR')))})`;
  return `CAST(${mode === 'try' ? 'TRY_CAST' : 'CAST'}(${text} AS ${withTimestampsAs(t, 'TIMESTAMPTZ')}) AS ${duckDbTypeName(t)})`;
}

/**
 * The DDL of a JSON value (schema_of_json, schema_of_variant) from DuckDB's json_structure, token
 * by token: an object becomes struct<...> (a member name that is no plain identifier in
 * backticks), an array array<...>, a whole number long, any other number double, null string,
 * and DuckDB's JSON (values of several kinds, an empty object) variant.
 */
function jsonSchema(json: string): string {
  const t = '"__t"';
  const key = `json_extract_string(left(${t}, -1), '$')`;
  const name = `CASE WHEN regexp_full_match(${key}, '[A-Za-z_][A-Za-z0-9_]*') THEN ${key} ELSE '\`' || replace(${key}, '\`', '\`\`') || '\`' END`;
  const token = [
    `CASE WHEN ${t} = '{' THEN 'struct<' WHEN ${t} = '[' THEN 'array<' WHEN ${t} IN ('}', ']') THEN '>' WHEN ${t} = ',' THEN ','`,
    `WHEN suffix(${t}, ':') THEN ${name} || ':'`,
    `WHEN ${t} IN ('"UBIGINT"', '"BIGINT"', '"HUGEINT"', '"UHUGEINT"') THEN 'long' WHEN ${t} = '"DOUBLE"' THEN 'double'`,
    `WHEN ${t} IN ('"VARCHAR"', '"NULL"') THEN 'string' WHEN ${t} = '"BOOLEAN"' THEN 'boolean' ELSE 'variant' END`,
  ].join(' ');
  const tokens = `regexp_extract_all(CAST(json_structure(${json}) AS VARCHAR), ${sqlString(String.raw`"(?:[^"\\]|\\.)*":?|[{}\[\],]`)})`;
  return `array_to_string(list_transform(${tokens}, lambda ${t}: ${token}), '')`;
}

/** Every catalogue function in DuckDB SQL. */
export const DUCKDB_FUNCTIONS = {
  count: (args, _types, call, _result, over = '') => (call.args[0]?.kind === 'star' ? `count(*)${over}` : aggregate('count')(args, _types, call, 'long', over)),
  sum: (args, types, call, result, over) => {
    const sql = aggregate('sum')(args, types, call, result, over);
    // DuckDB sums integers into HUGEINT; the portable type is long.
    return isIntegral(types[0]) || types[0] === 'null' ? `CAST(${sql} AS BIGINT)` : sql;
  },
  avg: aggregate('avg'),
  min: aggregate('min'),
  max: aggregate('max'),
  stddev: aggregate('stddev_samp'),
  stddev_samp: aggregate('stddev_samp'),
  stddev_pop: aggregate('stddev_pop'),
  variance: aggregate('var_samp'),
  var_samp: aggregate('var_samp'),
  var_pop: aggregate('var_pop'),
  median: aggregate('median'),
  // DuckDB's GROUPING is a BIGINT; the spec's is an integer.
  grouping: ([x]) => `CAST(grouping(${x}) AS INTEGER)`,
  // Spec 9.13.12: DuckDB's grouping(a, b, ...) is the mask itself, the first key its highest bit.
  grouping_id: (args) => `CAST(grouping(${args.join(', ')}) AS INTEGER)`,
  // Spark's corr is NULL for one pair and when either side has no spread (its division by a zero
  // spread gives NULL, where DuckDB's corr gives NaN); regr_sxx / regr_syy are the pairs' sums of
  // squared deviations, exactly 0 for equal values as Spark's running moments are.
  corr: ([y, x], _types, _call, _result, over = '') =>
    `CASE WHEN regr_sxx(${y}, ${x})${over} = 0 OR regr_syy(${y}, ${x})${over} = 0 THEN NULL ELSE corr(${y}, ${x})${over} END`,
  covar_pop: aggregate('covar_pop'),
  covar_samp: aggregate('covar_samp'),
  skewness: sparkMoment(3),
  kurtosis: sparkMoment(4),
  // As doubles (spec: percentile returns double); the accuracy of percentile_approx is not passed on.
  percentile: ([x, p], _types, _call, _result, over = '') => `quantile_cont(CAST(${x} AS DOUBLE), ${p})${over}`,
  percentile_approx: ([x, p], _types, _call, _result, over = '') => `quantile_disc(CAST(${x} AS DOUBLE), ${p})${over}`,

  concat: (args, types) => `(${args.map((a, i) => asText(a, types[i])).join(' || ')})`,
  upper: plain('upper'),
  lower: plain('lower'),
  trim: spacesOnly('trim'),
  ltrim: spacesOnly('ltrim'),
  rtrim: spacesOnly('rtrim'),
  length: plain('length'),
  substring: plain('substring'),
  replace: plain('replace'),
  substr: plain('substring'),
  concat_ws: ([separator, ...rest], types) => `concat_ws(${[separator, ...rest.map((a, i) => asText(a, types[i + 1]))].join(', ')})`,
  lpad: pad('lpad'),
  rpad: pad('rpad'),
  left: edge('left'),
  right: edge('right'),
  // By code points: DuckDB's reverse keeps grapheme clusters together.
  reverse: ([s]) => `array_to_string(list_reverse(string_split(${s}, '')), '')`,
  // A NULL text or count falls through to repeat, which gives NULL: `s` is written twice, not three
  // times, as nested calls would repeat it at every level.
  repeat: ([s, n], _types, _call, _result, _over, { budget } = TOP_SCOPE) =>
    `CASE WHEN ${n} > ${MAX_TEXT_GROWTH} THEN ${raiseSql(growthLimitProblem('repeat'))} ` +
    `WHEN ${n} > 1 AND strlen(${s}) * ${n} > ${budget.bytes} THEN ${raiseWithLimit((limit) => budget.problem('repeat', limit), budget.bytes)} ELSE repeat(${s}, ${n}) END`,
  initcap: ([s]) => `array_to_string(list_transform(string_split(lower(${s}), ' '), lambda w: upper(left(w, 1)) || substring(w, 2)), ' ')`,
  starts_with: plain('starts_with'),
  ends_with: plain('ends_with'),
  instr: plain('instr'),
  locate: ([search, s, start]) => {
    if (start === undefined) return `instr(${s}, ${search})`;
    const found = `instr(substring(${s}, ${start}), ${search})`;
    return strict([search, s, start], `CASE WHEN ${start} < 1 THEN 0 WHEN ${found} = 0 THEN 0 ELSE ${found} + ${start} - 1 END`);
  },
  split_part: plain('split_part'),
  regexp_extract: ([s], _types, { params }) => `regexp_extract(${s}, ${sqlString(params.pattern)}, ${params.group})`,
  regexp_replace: ([s], _types, { params }) => `regexp_replace(${s}, ${sqlString(params.pattern)}, ${sqlString(re2Rewrite(params.replacement))}, 'g')`,

  abs: plain('abs'),
  round: plain('round'),
  floor: ([x], types, _call, result) => (isIntegral(types[0]) ? `CAST(floor(${x}) AS ${duckDbTypeName(result)})` : `floor(${x})`),
  ceil: ([x], types, _call, result) => (isIntegral(types[0]) ? `CAST(ceil(${x}) AS ${duckDbTypeName(result)})` : `ceil(${x})`),
  power: plain('power'),
  sqrt: plain('sqrt'),
  pow: plain('power'),
  exp: plain('exp'),
  ln: logarithm('ln'),
  log: ([a, b]) => (b === undefined ? `CASE WHEN ${a} > 0 THEN ln(${a}) END` : `CASE WHEN ${a} > 0 AND ${b} > 0 THEN ln(${b}) / ln(${a}) END`),
  log10: logarithm('log10'),
  log2: logarithm('log2'),
  cbrt: plain('cbrt'),
  sign: ([x]) => `CAST(sign(${x}) AS DOUBLE)`,
  signum: ([x]) => `CAST(sign(${x}) AS DOUBLE)`,
  greatest: (args, types, _call, result) => `greatest(${inResultType(args, types, result).join(', ')})`,
  least: (args, types, _call, result) => `least(${inResultType(args, types, result).join(', ')})`,
  pi: () => 'pi()',
  mod: ([a, b]) => `(${a} % ${b})`,

  coalesce: plain('coalesce'),
  ifnull: plain('coalesce'),
  nullif: plain('nullif'),
  nvl: plain('coalesce'),
  nvl2: ([a, b, c]) => `CASE WHEN ${a} IS NOT NULL THEN ${b} ELSE ${c} END`,
  if: ([condition, a, b]) => `CASE WHEN ${condition} THEN ${a} ELSE ${b} END`,
  iff: ([condition, a, b]) => `CASE WHEN ${condition} THEN ${a} ELSE ${b} END`,
  isnull: ([x]) => `(${x} IS NULL)`,
  isnotnull: ([x]) => `(${x} IS NOT NULL)`,

  year: plain('year'),
  month: plain('month'),
  day: plain('day'),
  hour: plain('hour'),
  minute: plain('minute'),
  second: plain('second'),
  // DuckDB counts 0 (Sunday) to 6; the catalogue's week starts at 1 (Sunday), as Spark's.
  dayofweek: ([d]) => `(dayofweek(${d}) + 1)`,
  dayofyear: plain('dayofyear'),
  weekofyear: plain('weekofyear'),
  quarter: plain('quarter'),
  date_sub: ([d, n], types) => `(${asDate(d, types[0])} - ${dayCount(n, types[1])})`,
  datediff: ([end, start]) => `date_diff('day', ${start}, ${end})`,
  // Spark's rule; the rounding is floor(x * 1e8 + 0.5) / 1e8 on both backends.
  months_between: ([end, start], _types, { params }) => {
    const months = (m: string): string => `(year(${m}) * 12 + month(${m}))`;
    const seconds = (m: string): string => `(hour(${m}) * 3600 + minute(${m}) * 60 + second(${m}))`;
    const whole = `CAST(${months(end)} - ${months(start)} AS DOUBLE)`;
    const sameDay = `day(${end}) = day(${start}) OR (day(${end}) = day(last_day(${end})) AND day(${start}) = day(last_day(${start})))`;
    const diff = `(${whole} + CAST((day(${end}) - day(${start})) * 86400 + ${seconds(end)} - ${seconds(start)} AS DOUBLE) / CAST(2678400 AS DOUBLE))`;
    const rounded = params.roundOff ? `(floor(${diff} * 1e8 + 0.5) / 1e8)` : diff;
    return `CASE WHEN ${sameDay} THEN ${whole} ELSE ${rounded} END`;
  },
  next_day: ([d], types, { params }) => {
    const date = asDate(d, types[0]);
    return `(${date} + CAST(((${params.weekday} - isodow(${date}) + 6) % 7 + 1) AS INTEGER))`;
  },
  make_date: ([y, m, d]) => `CASE WHEN ${y} BETWEEN 1 AND 9999 THEN try(make_date(CAST(${y} AS BIGINT), CAST(${m} AS BIGINT), CAST(${d} AS BIGINT))) END`,
  unix_timestamp: (args, types, call, result) => {
    if (types[0] === 'timestamp') return epochSeconds(args[0]);
    if (types[0] === 'date') return epochSeconds(`CAST(${args[0]} AS TIMESTAMP)`);
    return epochSeconds(readTemporal('TIMESTAMP')(args, types, call, result));
  },
  from_unixtime: ([n], _types, { params }) => `strftime(make_timestamp(CAST(${n} AS BIGINT) * 1000000), ${sqlString(toStrftime(params.pattern))})`,
  timestamp_seconds: ([n]) => `make_timestamp(CAST(${n} AS BIGINT) * 1000000)`,
  date_format: ([d], _types, { params }) => `strftime(${d}, ${sqlString(toStrftime(params.pattern))})`,
  // DuckDB adds an interval to a date as a timestamp; the portable result is the date.
  add_months: ([d, n], types) => `CAST((${asDate(d, types[0])} + to_months(${dayCount(n, types[1])})) AS DATE)`,
  last_day: ([d]) => `last_day(${d})`,
  date_trunc: ([, d], _types, { params }) => `date_trunc(${sqlString(params.unit)}, ${d})`,
  date_add: ([d, n], types) => `(${asDate(d, types[0])} + ${dayCount(n, types[1])})`,
  date_diff: ([end, start]) => `date_diff('day', ${start}, ${end})`,
  to_date: readTemporal('DATE'),
  to_timestamp: readTemporal('TIMESTAMP'),
  make_interval: () => {
    throw internalError('make_interval is compiled only as a folded interval');
  },
  make_ym_interval: () => {
    throw internalError('make_ym_interval is compiled only as a folded interval');
  },
  make_dt_interval: () => {
    throw internalError('make_dt_interval is compiled only as a folded interval');
  },
  // JSON (spec 9.13.10), variant (9.13.13), time of day and timestamp_ntz (9.13.11).
  from_json: ([x], _types, { params }) => convertJson(`CASE WHEN json_valid(${x}) THEN ${jsonDepthGuard(x, 'from_json')} END`, params.schema, 'try'),
  to_json: ([x], [t]) => `CAST(to_json(${t === 'variant' ? jsonDepthGuard(x, 'to_json') : x}) AS VARCHAR)`,
  get_json_object: ([x], _types, { params }) => `json_extract_string(CASE WHEN json_valid(${x}) THEN ${jsonDepthGuard(x, 'get_json_object')} END, ${pathSql(params.path)})`,
  schema_of_json: (_args, _types, { params }) => jsonSchema(`json(${jsonDepthGuard(sqlString(params.json), 'schema_of_json')})`),
  // json() checks and minifies: text that is not JSON fails the job, as a failed CAST does.
  parse_json: ([x]) => `json(${jsonDepthGuard(x, 'parse_json')})`,
  variant_get: ([v], _types, { params }) => convertJson(`json_extract(${jsonDepthGuard(v, 'variant_get')}, ${pathSql(params.path)})`, params.type, 'strict'),
  try_variant_get: ([v], _types, { params }) => convertJson(`json_extract(${jsonDepthGuard(v, 'try_variant_get')}, ${pathSql(params.path)})`, params.type, 'try'),
  is_variant_null: ([v]) => `coalesce(json_type(${jsonDepthGuard(v, 'is_variant_null')}) = 'NULL', FALSE)`,
  schema_of_variant: ([v]) => jsonSchema(jsonDepthGuard(v, 'schema_of_variant')),
  current_time: () => 'CAST(CAST(current_timestamp AS TIMESTAMP) AS TIME)',
  // DuckDB's make_time raises an error out of range; the catalogue's is NULL there.
  make_time: ([h, m, sec]) =>
    `CASE WHEN ${h} BETWEEN 0 AND 23 AND ${m} BETWEEN 0 AND 59 AND ${sec} >= 0 AND ${sec} < 60 THEN make_time(CAST(${h} AS BIGINT), CAST(${m} AS BIGINT), CAST(${sec} AS DOUBLE)) END`,
  current_timestamp_ntz: () => 'CAST(current_timestamp AS TIMESTAMP)',
  to_timestamp_ntz: readTemporal('TIMESTAMP'),
  current_date: () => 'current_date',
  current_timestamp: () => 'CAST(current_timestamp AS TIMESTAMP)',
  size: ([x], types) => (nestedParts(types[0])?.kind === 'map' ? `CAST(cardinality(${x}) AS INTEGER)` : `CAST(len(${x}) AS INTEGER)`),
  array_contains: ([a, v]) => `CASE WHEN ${v} IS NULL THEN NULL ELSE list_contains(${a}, ${v}) END`,
  // Array functions (spec 9.13.7). DuckDB's list_distinct drops NULL and loses the order, and
  // list_concat reads a NULL list as empty, so the Spark rules are spelled out with lambdas.
  array_distinct: ([a], types, _call, result) => once([asArray(a, types[0], result)], ([x]) => distinctOf(x)),
  array_sort: ([a], types, _call, result) => `list_sort(${asArray(a, types[0], result)}, 'ASC', 'NULLS LAST')`,
  array_union: ([a, b], types, _call, result) =>
    once([asArray(a, types[0], result), asArray(b, types[1], result)], ([x, y]) => `CASE WHEN ${x} IS NULL OR ${y} IS NULL THEN NULL ELSE ${distinctOf(`list_concat(${x}, ${y})`)} END`),
  array_intersect: ([a, b], types, _call, result) =>
    once(
      [asArray(a, types[0], result), asArray(b, types[1], result)],
      ([x, y]) => `CASE WHEN ${y} IS NULL THEN NULL ELSE list_filter(${x}, lambda "__x", "__i": list_position(${x}, "__x") = "__i" AND list_position(${y}, "__x") IS NOT NULL) END`,
    ),
  array_except: ([a, b], types, _call, result) =>
    once(
      [asArray(a, types[0], result), asArray(b, types[1], result)],
      ([x, y]) => `CASE WHEN ${y} IS NULL THEN NULL ELSE list_filter(${x}, lambda "__x", "__i": list_position(${x}, "__x") = "__i" AND list_position(${y}, "__x") IS NULL) END`,
    ),
  array_join: (args, types) => {
    const element = elementOf(types[0]);
    const values = [element === 'null' ? `CAST(${args[0]} AS VARCHAR[])` : (args[0] as string), ...args.slice(1)];
    return once(values, (refs) => {
      const [x, delimiter, replacement] = refs;
      const texts = element === 'string' || element === 'null' ? (x as string) : `list_transform(${x}, lambda "__x": ${asText('"__x"', element)})`;
      const pieces = replacement === undefined ? `list_filter(${texts}, lambda "__x": "__x" IS NOT NULL)` : `list_transform(${texts}, lambda "__x": coalesce("__x", ${replacement}))`;
      // Folded rather than array_to_string, which takes only a constant delimiter; the NULL start marks the first piece.
      const joined = `list_reduce(${pieces}, lambda "__a", "__b": CASE WHEN "__a" IS NULL THEN "__b" ELSE "__a" || ${delimiter} || "__b" END, CAST(NULL AS VARCHAR))`;
      return strict(refs, `coalesce(${joined}, '')`);
    });
  },
  array_position: ([a, v], types) => {
    const element = searchedType(types);
    return once([asArray(a, types[0], arrayType(element)), asElement(v, types[1], element)], ([x, y]) => strict([x, y], `CAST(coalesce(list_position(${x}, ${y}), 0) AS BIGINT)`));
  },
  array_remove: ([a, v], types, _call, result) =>
    once([asArray(a, types[0], result), asElement(v, types[1], searchedType(types))], ([x, y]) => `CASE WHEN ${y} IS NULL THEN NULL ELSE list_filter(${x}, lambda "__x": "__x" IS DISTINCT FROM ${y}) END`),
  array_repeat: ([v, n], types, _call, result, _over, { budget } = TOP_SCOPE) =>
    once(
      [asElement(v, types[0], elementOf(result)), n],
      // A count read from the data is bounded when it runs, as validation bounds a written one; the
      // array as a whole is measured before it is built (a value by its text, at least 8 bytes).
      ([x, count]) =>
        `CASE WHEN ${count} IS NULL THEN NULL WHEN ${count} > ${MAX_TEXT_GROWTH} THEN ${raiseSql(`array_repeat makes at most ${MAX_TEXT_GROWTH} copies of a value; a count in the data is larger`)} ` +
        `WHEN ${count} > 1 AND ${count} * greatest(coalesce(strlen(CAST(${x} AS VARCHAR)), 0), 8) > ${budget.bytes} THEN ${raiseWithLimit((limit) => budget.problem('array_repeat', limit), budget.bytes)} ` +
        `ELSE list_transform(range(CAST(${count} AS BIGINT)), lambda "__i": ${x}) END`,
    ),
  arrays_zip: (args, types, call, result) => {
    const names = zipFieldNames(call);
    const fields = (nestedParts(elementOf(result)) as { fields: readonly { type: DataType }[] }).fields;
    return once(
      args.map((a, i) => asArray(a, types[i], arrayType((fields[i] as { type: DataType }).type))),
      (refs) => {
        const longest = refs.length === 1 ? `len(${refs[0]})` : `greatest(${refs.map((r) => `len(${r})`).join(', ')})`;
        const struct = `struct_pack(${refs.map((r, i) => `${quoteIdentifier(names[i] as string)} := list_extract(${r}, "__i")`).join(', ')})`;
        return `CASE WHEN ${refs.map((r) => `${r} IS NULL`).join(' OR ')} THEN NULL ELSE list_transform(range(1, ${longest} + 1), lambda "__i": ${struct}) END`;
      },
    );
  },
  array_compact: ([a], types, _call, result) => `list_filter(${asArray(a, types[0], result)}, lambda "__x": "__x" IS NOT NULL)`,
  // DuckDB's flatten skips a NULL inner array; Spark's gives NULL.
  flatten: ([a], types, _call, result) =>
    once([asArray(a, types[0], arrayType(result))], ([x]) => `CASE WHEN len(list_filter(${x}, lambda "__x": "__x" IS NULL)) > 0 THEN NULL ELSE flatten(${x}) END`),
  element_at: ([c, k], types) => (nestedParts(types[0])?.kind === 'map' ? `map_extract_value(${c}, ${k})` : `list_extract(${c}, ${k})`),
  // Generators (spec 9.13.7, 9.13.10) yield rows, not values: their steps compile them (generator-sql.ts).
  explode: () => generatorAsValue('explode'),
  explode_outer: () => generatorAsValue('explode_outer'),
  posexplode: () => generatorAsValue('posexplode'),
  json_tuple: () => generatorAsValue('json_tuple'),
  array: (args, types, _call, result) => {
    const element = (nestedParts(result) as { element: DataType }).element;
    return `list_value(${inResultType(args, types, element).join(', ')})`;
  },
  struct: (args, _types, call) => {
    const names = structFieldNames(call);
    return `struct_pack(${args.map((a, i) => `${quoteIdentifier(names[i] as string)} := ${a}`).join(', ')})`;
  },
  named_struct: (args, _types, { params }) => `struct_pack(${params.names.map((name, i) => `${quoteIdentifier(name)} := ${args[2 * i + 1]}`).join(', ')})`,
  transform: ([a, f]) => `list_transform(${a}, ${f})`,
  filter: ([a, f]) => `list_filter(${a}, ${f})`,
  // Three-valued: TRUE for some TRUE, else NULL for some NULL, else FALSE.
  exists: ([a, f]) => {
    const truths = `list_transform(${a}, ${f})`;
    return `CASE WHEN ${a} IS NULL THEN NULL WHEN len(list_filter(${truths}, lambda "b": "b")) > 0 THEN TRUE WHEN len(list_filter(${truths}, lambda "b": "b" IS NULL)) > 0 THEN NULL ELSE FALSE END`;
  },
  // Map, higher-order and struct functions (spec 9.13.7, 9.13.8, 9.13.9).
  // Three-valued: FALSE for some FALSE, else NULL for some NULL, else TRUE.
  forall: ([a, f]) => {
    const truths = `list_transform(${a}, ${f})`;
    return `CASE WHEN ${a} IS NULL THEN NULL WHEN len(list_filter(${truths}, lambda "b": NOT "b")) > 0 THEN FALSE WHEN len(list_filter(${truths}, lambda "b": "b" IS NULL)) > 0 THEN NULL ELSE TRUE END`;
  },
  map_keys: ([m]) => `map_keys(${m})`,
  map_values: ([m]) => `map_values(${m})`,
  map_entries: ([m]) => `map_entries(${m})`,
  // Spark's rule: NULL when any map is NULL (DuckDB's map_concat would skip it); a later key's value wins.
  map_concat: (args, types, _call, result) => {
    const maps = args.map((m, i) => (types[i] === result ? m : `CAST(${m} AS ${duckDbTypeName(result)})`));
    return `CASE WHEN ${args.map((m) => `${m} IS NULL`).join(' OR ')} THEN NULL ELSE map_concat(${maps.join(', ')}) END`;
  },
  map_from_arrays: ([k, v], _types, _call, result) => {
    const entries = `list_transform(${k}, lambda "__k", "__i": struct_pack("key" := "__k", "value" := list_extract(${v}, "__i")))`;
    const lengths = raiseSql('map_from_arrays needs arrays of keys and values of the same length');
    return `CASE WHEN ${k} IS NULL OR ${v} IS NULL THEN NULL WHEN len(${k}) <> len(${v}) THEN ${lengths} ELSE ${mapOfEntries('map_from_arrays', entries, result)} END`;
  },
  // Spark's rule: a NULL entry makes the map NULL.
  map_from_entries: ([a], types, _call, result) => {
    const [key, value] = (nestedParts((nestedParts(types[0] as DataType) as { element: DataType }).element) as { fields: readonly { name: string }[] }).fields.map((f) => sqlString(f.name));
    const entries = `list_transform(${a}, lambda "__e": struct_pack("key" := struct_extract("__e", ${key}), "value" := struct_extract("__e", ${value})))`;
    return `CASE WHEN ${a} IS NULL OR list_contains(list_transform(${a}, lambda "__e": "__e" IS NULL), TRUE) THEN NULL ELSE ${mapOfEntries('map_from_entries', entries, result)} END`;
  },
  transform_keys: ([m], _types, call, result, _over, scope = TOP_SCOPE) => {
    const key = withEntryParams(call, `struct_extract("__e", 'key')`, `struct_extract("__e", 'value')`, scope);
    const entries = `list_transform(map_entries(${m}), lambda "__e": struct_pack("key" := ${key}, "value" := struct_extract("__e", 'value')))`;
    return `CASE WHEN ${m} IS NULL THEN NULL ELSE ${mapOfEntries('transform_keys', entries, result)} END`;
  },
  transform_values: ([m], _types, call, result, _over, scope = TOP_SCOPE) => {
    const value = withEntryParams(call, `struct_extract("__e", 'key')`, `struct_extract("__e", 'value')`, scope);
    const entries = `list_transform(map_entries(${m}), lambda "__e": struct_pack("key" := struct_extract("__e", 'key'), "value" := ${value}))`;
    return `CASE WHEN ${m} IS NULL THEN NULL ELSE CAST(map_from_entries(${entries}) AS ${duckDbTypeName(result)}) END`;
  },
  map_filter: ([m], _types, call, result, _over, scope = TOP_SCOPE) => {
    const keep = withEntryParams(call, `struct_extract("__e", 'key')`, `struct_extract("__e", 'value')`, scope);
    return `CASE WHEN ${m} IS NULL THEN NULL ELSE CAST(map_from_entries(list_filter(map_entries(${m}), lambda "__e": ${keep})) AS ${duckDbTypeName(result)}) END`;
  },
  // Spark's rule: the shorter array is padded with NULLs (list_extract past the end is NULL).
  zip_with: ([a, b], _types, call, result, _over, scope = TOP_SCOPE) => {
    const merged = withEntryParams(call, `list_extract(${a}, "__i")`, `list_extract(${b}, "__i")`, scope);
    return `CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL ELSE CAST(list_transform(range(1, greatest(len(${a}), len(${b})) + 1), lambda "__i": ${merged}) AS ${duckDbTypeName(result)}) END`;
  },
  with_field: ([s, , value], _types, { params }) => editStruct(s, params.fields, value),
  drop_fields: ([s], _types, { params }) => editStruct(s, params.fields, 'NULL'),
  aggregate: ([a, start, , finish], types, call) => {
    // The binder typed the merge lambda's parameters: (state, state) when the fold runs in one
    // type, (state, element) when start and the elements have none in common.
    const mergeLambda = call.args[2] as Extract<BoundExpr, { kind: 'lambda' }>;
    const [state, second] = mergeLambda.params.map((p) => p.type) as [DataType, DataType];
    const element = (nestedParts(types[0] as DataType) as { element: DataType }).element;
    const initial = types[1] === state ? start : `CAST(${start} AS ${duckDbTypeName(state)})`;
    let folded: string;
    if (second === state) {
      const list = element === state ? a : `CAST(${a} AS ${duckDbTypeName(state)}[])`;
      const [acc, x] = mergeLambda.params.map((p) => quoteIdentifier(p.name));
      folded = `list_reduce(${list}, lambda ${acc}, ${x}: ${foldGuard(acc, compileDuckDbExpression(mergeLambda.body), state, usesOf(mergeLambda.body, mergeLambda.params[0]?.name))}, ${initial})`;
    } else {
      // DuckDB folds only in the elements' type: each element goes in a (state, element) struct
      // after one holding start, and the merge lambda's parameters are bound one by one.
      const [acc, x] = mergeLambda.params.map((p) => quoteIdentifier(p.name));
      const body = compileDuckDbExpression(mergeLambda.body);
      const s = duckDbTypeName(state);
      const el = duckDbTypeName(element);
      const pair = (stateSql: string, elementSql: string): string => `struct_pack("s" := ${stateSql}, "e" := ${elementSql})`;
      const pairs = `list_prepend(${pair(initial, `CAST(NULL AS ${el})`)}, list_transform(${a}, lambda "__x": ${pair(`CAST(NULL AS ${s})`, '"__x"')}))`;
      const step = `list_transform([struct_extract("__a", 's')], lambda ${acc}: list_transform([struct_extract("__b", 'e')], lambda ${x}: ${foldGuard(acc, `CAST(${body} AS ${s})`, state, usesOf(mergeLambda.body, mergeLambda.params[0]?.name))})[1])[1]`;
      folded = `struct_extract(list_reduce(${pairs}, lambda "__a", "__b": ${pair(step, `CAST(NULL AS ${el})`)}), 's')`;
    }
    const value = finish === undefined ? folded : `list_transform([${folded}], ${finish})[1]`;
    return `CASE WHEN ${a} IS NULL THEN NULL ELSE ${value} END`;
  },
  map: (args, types, _call, result) => {
    const parts = nestedParts(result) as { key: DataType; value: DataType };
    const keys = inResultType(args.filter((_, i) => i % 2 === 0), types.filter((_, i) => i % 2 === 0), parts.key);
    const values = inResultType(args.filter((_, i) => i % 2 === 1), types.filter((_, i) => i % 2 === 1), parts.value);
    return `MAP([${keys.join(', ')}], [${values.join(', ')}])`;
  },
} satisfies { readonly [N in FunctionName]: DuckDbFunction<CallOf<N>> };

/** The compiled function of a call, taking the call as bound (with the parameters of its own name). */
function duckDbFunctionOf(call: BoundCall): DuckDbFunction {
  // The table is typed per name, which an indexed access by a name only known here loses.
  return DUCKDB_FUNCTIONS[call.name] as DuckDbFunction;
}

/**
 * An aggregate's merge, failing the job once a text or array accumulator is past the fold limits.
 * DuckDB folds outside its memory accounting, all rows of a chunk at once, and keeps each step's
 * state until the chunk is done: the accumulator is measured as a step starts (a parameter, not a
 * copy of the merge's result), so a state is at most one step past the limit. That step is
 * foreseen by scaling the accumulator by the number of times the merge names it (`copies`): the
 * nine-way concat_ws of a fold past validation made each row's last state 16 times the limit, a
 * chunk's 1 GB under a 2 GB memory limit, and 1.9-3.3 GB peak RSS.
 */
function foldGuard(acc: string, merged: string, state: DataType, copies: number): string {
  const size =
    state === 'string'
      ? (['strlen', valueLimitSql('foldBytes'), 'text'] as const)
      : nestedParts(state)?.kind === 'array'
        ? (['len', valueLimitSql('foldElements'), 'array'] as const)
        : undefined;
  if (size === undefined) return merged;
  const [measure, limit, what] = size;
  const measured = copies > 1 ? `${measure}(${acc}) * ${copies}` : `${measure}(${acc})`;
  return `CASE WHEN ${measured} > ${limit} THEN ${raiseWithLimit((n) => foldSizeProblem(what, n), limit)} ELSE ${merged} END`;
}

/** How many times `e` reads the lambda parameter `name` (an inner lambda's parameter of that name counts too: more is safe). */
function usesOf(e: unknown, name: string | undefined): number {
  if (typeof e !== 'object' || e === null) return 0;
  if (Array.isArray(e)) return e.reduce((n: number, c) => n + usesOf(c, name), 0);
  const node = e as { kind?: unknown; name?: unknown; type?: unknown };
  if (node.kind === 'lambda_var' && node.name === name) return 1;
  return Object.entries(node).reduce((n, [key, c]) => (key === 'type' ? n : n + usesOf(c, name)), 0);
}

/**
 * The body of a call's two-parameter lambda (its last argument) with the parameters bound to
 * `first` and `second` one by one: a DuckDB lambda's second parameter would be the index.
 */
function withEntryParams(call: BoundCall, first: string, second: string, scope: Scope): string {
  const lambda = call.args[call.args.length - 1] as Extract<BoundExpr, { kind: 'lambda' }>;
  const [p, q] = lambda.params.map((param) => quoteIdentifier(param.name));
  const body = compileDuckDbExpression(lambda.body, { lengths: scope.lengths });
  return `list_transform([${first}], lambda ${p}: list_transform([${second}], lambda ${q}: ${body})[1])[1]`;
}

/** The map of a list of struct("key", "value") entries; a NULL or repeated key fails the job, naming `fn`. */
function mapOfEntries(fn: string, entries: string, result: DataType): string {
  const keys = `list_transform("__l", lambda "__e": struct_extract("__e", 'key'))`;
  const checked =
    `CASE WHEN list_contains(list_transform(${keys}, lambda "__k": "__k" IS NULL), TRUE) THEN ${raiseSql(`${fn} cannot make a map with a NULL key`)} ` +
    `WHEN len(list_distinct(${keys})) < len("__l") THEN ${raiseSql(`${fn} cannot make a map with a repeated key`)} ELSE map_from_entries("__l") END`;
  return `CAST(list_transform([${entries}], lambda "__l": ${checked})[1] AS ${duckDbTypeName(result)})`;
}

/** with_field / drop_fields: the struct of `fields` (each an input field, or `value`), NULL for a NULL struct. */
function editStruct(s: string, fields: readonly EditedField[], value: string): string {
  const parts = fields.map((f) => `${quoteIdentifier(f.name)} := ${f.from === undefined ? value : `struct_extract(${s}, ${sqlString(f.from)})`}`);
  return `CASE WHEN ${s} IS NULL THEN NULL ELSE struct_pack(${parts.join(', ')}) END`;
}

/** A generator reached as a value: validation lets one stand only as a whole select or addColumns entry. */
function generatorAsValue(name: string): never {
  throw internalError(`generator function "${name}" is computed by its select or addColumns step, not as a value`);
}

/** What compiling may need from the statement around the expression. */
export interface CompileOptions {
  /**
   * The column numbering the input's rows (quoted): windows order ties by it, so row_number,
   * lag, lead, ntile and rows frames follow input order among equal ORDER BY keys.
   */
  readonly position?: string;
  /** The lengths of the arrays the lambdas around the expression run over (their bound names' `len`). */
  readonly lengths?: readonly string[];
}

/** True when `e` holds a window expression (its statement must then number the input rows). */
export function hasWindow(e: BoundExpr): boolean {
  switch (e.kind) {
    case 'window':
      return true;
    case 'unary':
    case 'is_null':
    case 'cast':
      return hasWindow(e.operand);
    case 'binary':
    case 'interval_field':
      return hasWindow(e.left) || hasWindow(e.right);
    case 'in':
      return hasWindow(e.operand) || e.list.some(hasWindow);
    case 'between':
      return [e.operand, e.low, e.high].some(hasWindow);
    case 'like':
      return hasWindow(e.operand) || hasWindow(e.pattern);
    case 'case':
      return e.whens.some((w) => hasWindow(w.when) || hasWindow(w.then)) || (e.else !== undefined && hasWindow(e.else));
    case 'call':
      return e.args.some(hasWindow);
    case 'alias':
      return hasWindow(e.expr);
    case 'field':
      return hasWindow(e.operand);
    case 'lambda':
      return hasWindow(e.body);
    case 'index':
      return hasWindow(e.operand) || hasWindow(e.index);
    default:
      return false;
  }
}

/** Calls whose lambda (the argument after the `bound` first ones) runs once per element of those: how many elements. */
const LAMBDAS_OVER: Partial<Record<string, { readonly bound: number; readonly length: (names: readonly string[]) => string }>> = {
  transform: { bound: 1, length: ([a]) => `greatest(len(${a}), 1)` },
  filter: { bound: 1, length: ([a]) => `greatest(len(${a}), 1)` },
  exists: { bound: 1, length: ([a]) => `greatest(len(${a}), 1)` },
  forall: { bound: 1, length: ([a]) => `greatest(len(${a}), 1)` },
  transform_keys: { bound: 1, length: ([m]) => `greatest(cardinality(${m}), 1)` },
  transform_values: { bound: 1, length: ([m]) => `greatest(cardinality(${m}), 1)` },
  map_filter: { bound: 1, length: ([m]) => `greatest(cardinality(${m}), 1)` },
  zip_with: { bound: 2, length: ([a, b]) => `greatest(len(${a}), len(${b}), 1)` },
};

/** DuckDB SQL of a bound expression (only a bound tree compiles: it carries every node's type). */
export function compileDuckDbExpression(e: BoundExpr, options: CompileOptions = {}): string {
  const typeOf = (node: BoundExpr): DataType => node.type;
  // A lambda runs once per element, and DuckDB builds the values of a whole chunk's elements before
  // anything is stored: a value inside a lambda gets the limit divided by the length of each array
  // (or map) an enclosing lambda runs over, so what the lambda builds is bounded as a whole. Such an
  // array is bound once, as a one-element list's lambda parameter, for the elements to read its
  // length; only when something inside reads its budget.
  const lengths: string[] = [...(options.lengths ?? [])];
  const scope = (): Scope => ({ lengths: [...lengths], budget: budgetWithin(lengths) });
  const overArrays = (node: BoundCall, fn: DuckDbFunction, bound: number, length: (names: readonly string[]) => string): string => {
    const given = node.args.slice(0, bound).map(compile);
    const names = given.map((_, i) => `"__budget${lengths.length}_${i}"`);
    lengths.push(length(names));
    const rest = node.args.slice(bound).map(compile);
    const inner = scope();
    lengths.pop();
    const types = node.args.map(typeOf);
    const sql = fn([...names, ...rest], types, node, node.type, undefined, inner);
    if (!readsBudget(sql)) return fn([...given, ...rest], types, node, node.type, undefined, scope());
    return names.reduceRight((body, name, i) => `list_transform([${given[i]}], lambda ${name}: ${body})[1]`, sql);
  };
  const compile = (node: BoundExpr): string => {
    switch (node.kind) {
      case 'number':
        return node.isInteger && typeOf(node) !== 'double' ? sqlNumber(node.text) : `CAST(${sqlNumber(node.text)} AS DOUBLE)`;
      case 'string':
        return sqlString(node.value);
      case 'boolean':
        return node.value ? 'TRUE' : 'FALSE';
      case 'null':
        return 'NULL';
      case 'typed_literal':
        return `${node.type === 'date' ? 'DATE' : 'TIMESTAMP'} ${sqlString(node.value)}`;
      case 'interval':
        return `INTERVAL ${sqlString(intervalText(node))}`;
      case 'interval_field':
        return intervalFieldSql(node.field, `(epoch_us(CAST(${compile(node.left)} AS TIMESTAMP)) - epoch_us(CAST(${compile(node.right)} AS TIMESTAMP)))`);
      case 'column':
        return quoteIdentifier(node.name);
      case 'star':
        return '*';
      case 'unary':
        if (node.op === 'NOT') return `(NOT ${compile(node.operand)})`;
        // DuckDB types ~NULL as BIGINT; the binder says integer.
        if (node.op === '~') return `(~ ${node.operand.type === 'null' ? 'CAST(NULL AS INTEGER)' : compile(node.operand)})`;
        return node.op === '-' ? `(- ${compile(node.operand)})` : compile(node.operand);
      case 'binary': {
        const left = compile(node.left);
        const right = compile(node.right);
        switch (node.op) {
          case '!=':
            return `(${left} <> ${right})`;
          case '<=>':
            return `(${left} IS NOT DISTINCT FROM ${right})`;
          case '||':
            return `(${asText(left, typeOf(node.left))} || ${asText(right, typeOf(node.right))})`;
          case '+':
          case '-':
            if (typeOf(node.left) === 'interval' || typeOf(node.right) === 'interval') {
              // DuckDB makes a timestamp of any date plus an interval; a date result is cast back.
              const shifted = `(${left} ${node.op} ${right})`;
              return node.type === 'date' ? `CAST(${shifted} AS DATE)` : shifted;
            }
            if (typeOf(node.left) === 'date' && typeOf(node.right) !== 'date') {
              return `(${left} ${node.op} ${dayCount(right, typeOf(node.right))})`;
            }
            if (typeOf(node.right) === 'date' && typeOf(node.left) !== 'date') {
              return `(${dayCount(left, typeOf(node.left))} ${node.op} ${right})`;
            }
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
          const call = `regexp_matches(${operand}, ${pattern})`;
          return node.negated ? `(NOT ${call})` : call;
        }
        return `(${operand} ${node.negated ? 'NOT ' : ''}${node.op} ${pattern})`;
      }
      case 'case': {
        const arms = node.whens.map((w) => `WHEN ${compile(w.when)} THEN ${compile(w.then)}`).join(' ');
        const otherwise = node.else === undefined ? '' : ` ELSE ${compile(node.else)}`;
        return `CASE ${arms}${otherwise} END`;
      }
      case 'cast':
        return `${node.safe ? 'TRY_CAST' : 'CAST'}(${compile(node.operand)} AS ${duckDbTypeName(node.type)})`;
      case 'call': {
        const fn = duckDbFunctionOf(node);
        const over = LAMBDAS_OVER[node.name];
        if (over !== undefined && node.args[over.bound]?.kind === 'lambda') return overArrays(node, fn, over.bound, over.length);
        return fn(node.args.map(compile), node.args.map(typeOf), node, node.type, undefined, scope());
      }
      case 'window':
        return compileWindow(node, compile, options);
      case 'field':
        return `struct_extract(${compile(node.operand)}, ${sqlString(node.field)})`;
      case 'index': {
        const operand = compile(node.operand);
        const index = compile(node.index);
        // 0-based (spec 9.7); DuckDB counts from 1 and reads a negative index from the end.
        if (node.on === 'array') return `CASE WHEN ${index} >= 0 THEN list_extract(${operand}, ${index} + 1) END`;
        return `map_extract_value(${operand}, ${index})`;
      }
      case 'lambda':
        return `lambda ${node.params.map((p) => quoteIdentifier(p.name)).join(', ')}: ${compile(node.body)}`;
      case 'lambda_var':
        return quoteIdentifier(node.name);
      case 'alias':
        return compile(node.expr);
      default:
        return assertNever(node);
    }
  };
  return compile(e);
}

/** A window in DuckDB's SQL: the shared window syntax over DuckDB's function table. */
function compileWindow(node: BoundWindow, compile: (e: BoundExpr) => string, options: CompileOptions): string {
  return compileWindowSql(node, compile, {
    position: options.position,
    number: sqlNumber,
    aggregate: (call, over) => duckDbFunctionOf(call)(call.args.map(compile), call.args.map((a) => a.type), call, call.type, over),
  });
}
