/**
 * The function catalogue: every function an expression may call. Engines map each name with a
 * table typed `satisfies Record<FunctionName, ...>`, so adding a function here fails to compile
 * until every engine supports it. Only functions that DuckDB and a JavaScript evaluator compute
 * identically are listed (no format strings, no approximate aggregates).
 */

/** The kind of value a function returns; `any` means it depends on the arguments. */
export type FunctionResultType = 'number' | 'string' | 'boolean' | 'date' | 'timestamp' | 'time' | 'interval' | 'any';

/** Grouping used in documentation. */
export type FunctionCategory = 'aggregate' | 'string' | 'numeric' | 'conditional' | 'date' | 'collection' | 'json' | 'variant' | 'generator';

/** What the catalogue knows about one function. */
export interface FunctionSpec {
  readonly category: FunctionCategory;
  readonly minArgs: number;
  /** Upper bound on arguments; `null` for variadic functions. */
  readonly maxArgs: number | null;
  /** True for aggregate functions (one value per group). */
  readonly aggregate: boolean;
  /** `count(*)`. */
  readonly allowsStar?: boolean;
  /** `count(DISTINCT x)`, `sum(DISTINCT x)`, `avg(DISTINCT x)`. */
  readonly allowsDistinct?: boolean;
  /**
   * The arguments share one type, as the sides of a comparison do: a text literal among them is
   * read as the others' type (`coalesce(hired, '2020-01-01')` is a date), and engines bring every
   * argument to the common type before using it.
   */
  readonly sharedArgType?: boolean;
  /**
   * With `sharedArgType`: the first argument that shares the type (the ones before it are read on
   * their own): `if(condition, a, b)` shares from 1.
   */
  readonly sharedArgsFrom?: number;
  /**
   * With `sharedArgType`: the shared arguments are values handed through (coalesce, if, array),
   * not compared, so nested values (arrays, maps, structs of one shape) may be among them.
   */
  readonly passesValues?: boolean;
  /** Arguments may be of any type, even one expressions do not compute with (`count`). */
  readonly acceptsAnyType?: boolean;
  /** Parameter names, lower-case, by position: what named arguments (`len => 3`, spec 9.9) may say. */
  readonly params?: readonly string[];
  /** Positions of lambda arguments (spec 9.8) and how many parameters each lambda takes. */
  readonly lambdas?: Readonly<Record<number, number>>;
  /**
   * A generator (explode, posexplode, json_tuple): it yields rows of one or more columns, not a
   * value, so it may only be a whole entry of a select (or addColumns).
   */
  readonly generator?: boolean;
  readonly returns: FunctionResultType;
  readonly description: string;
}

const aggregate = (description: string, returns: FunctionResultType = 'number'): FunctionSpec => ({
  category: 'aggregate',
  minArgs: 1,
  maxArgs: 1,
  aggregate: true,
  returns,
  description,
});

const scalar = (
  category: Exclude<FunctionCategory, 'aggregate'>,
  minArgs: number,
  maxArgs: number | null,
  returns: FunctionResultType,
  description: string,
): FunctionSpec => ({ category, minArgs, maxArgs, aggregate: false, returns, description });

/** The catalogue, keyed by lower-case function name. */
export const FUNCTION_CATALOGUE = {
  // Aggregates ignore NULL inputs; over no non-NULL input they yield NULL (count yields 0).
  count: {
    ...aggregate('Number of rows (count(*)) or of non-NULL values; with DISTINCT, of distinct non-NULL values.'),
    allowsStar: true,
    allowsDistinct: true,
    acceptsAnyType: true,
  },
  sum: { ...aggregate('Sum of the non-NULL values.'), allowsDistinct: true },
  avg: { ...aggregate('Arithmetic mean of the non-NULL values, as a double.'), allowsDistinct: true },
  min: aggregate('Smallest non-NULL value.', 'any'),
  max: aggregate('Largest non-NULL value.', 'any'),
  stddev: aggregate('Sample standard deviation (same as stddev_samp); NULL for fewer than two values.'),
  stddev_samp: aggregate('Sample standard deviation; NULL for fewer than two values.'),
  stddev_pop: aggregate('Population standard deviation.'),
  variance: aggregate('Sample variance (same as var_samp); NULL for fewer than two values.'),
  var_samp: aggregate('Sample variance; NULL for fewer than two values.'),
  var_pop: aggregate('Population variance.'),
  median: aggregate('Middle value; the mean of the two middle values for an even count.', 'any'),
  corr: { ...aggregate('corr(y, x): Pearson correlation coefficient of the non-NULL pairs; NULL when either has no spread.'), minArgs: 2, maxArgs: 2 },
  covar_pop: { ...aggregate('covar_pop(y, x): population covariance of the non-NULL pairs.'), minArgs: 2, maxArgs: 2 },
  covar_samp: { ...aggregate('covar_samp(y, x): sample covariance of the non-NULL pairs; NULL for fewer than two.'), minArgs: 2, maxArgs: 2 },
  skewness: aggregate('Population skewness, as Spark: sqrt(n)·m3/m2^1.5 over central moments; NULL without values or spread (two values give 0).'),
  kurtosis: aggregate('Population excess kurtosis, as Spark: n·m4/m2² − 3 over central moments; NULL without values or spread (two values give −2).'),
  percentile: {
    ...aggregate('percentile(x, p): exact percentile, p a literal in [0, 1], interpolated between the two nearest values.'),
    minArgs: 2,
    maxArgs: 2,
  },
  percentile_approx: {
    ...aggregate(
      'percentile_approx(x, p[, accuracy]): the smallest value with at least a fraction p of the values at or below it (computed exactly; accuracy is accepted and has no effect).',
    ),
    minArgs: 2,
    maxArgs: 3,
  },
  grouping: {
    ...aggregate(
      'grouping(key): 1 in a subtotal row whose grouping set leaves the key out (rollup, cube, groupingSets: its NULL stands for "all"), else 0; the argument is a grouping key column.',
    ),
    acceptsAnyType: true,
  },
  // Spec 9.13.12.
  grouping_id: {
    ...aggregate(
      'grouping_id(key, ...): the bits of grouping(key) for each argument, the first the most significant (grouping_id(a, b) = 2 * grouping(a) + grouping(b)); 0 in a plain group; the arguments (at most 31) are grouping key columns.',
    ),
    maxArgs: null,
    acceptsAnyType: true,
  },

  concat: scalar('string', 1, null, 'string', 'Concatenation of the arguments as text; NULL if any argument is NULL.'),
  upper: scalar('string', 1, 1, 'string', 'The text in upper case.'),
  lower: scalar('string', 1, 1, 'string', 'The text in lower case.'),
  trim: scalar('string', 1, 1, 'string', 'The text without leading and trailing spaces.'),
  ltrim: scalar('string', 1, 1, 'string', 'The text without leading spaces.'),
  rtrim: scalar('string', 1, 1, 'string', 'The text without trailing spaces.'),
  length: scalar('string', 1, 1, 'number', 'Number of characters in the text.'),
  substring: { ...scalar('string', 2, 3, 'string', 'substring(str, pos[, len]): part of the text from 1-based position pos, len characters long.'), params: ['str', 'pos', 'len'] },
  replace: scalar('string', 3, 3, 'string', 'replace(text, search, replacement): every occurrence replaced.'),
  substr: { ...scalar('string', 2, 3, 'string', 'substr(str, pos[, len]): same as substring.'), params: ['str', 'pos', 'len'] },
  concat_ws: scalar(
    'string',
    2,
    null,
    'string',
    'concat_ws(separator, value, ...): the non-NULL values as text joined by the separator; NULL when the separator is NULL.',
  ),
  lpad: scalar(
    'string',
    2,
    3,
    'string',
    "lpad(text, length[, pad]): the text padded on the left with pad (' ') to length characters, or cut to its first length characters; empty when length < 1; the text cut to length when pad is empty.",
  ),
  rpad: scalar(
    'string',
    2,
    3,
    'string',
    "rpad(text, length[, pad]): the text padded on the right with pad (' ') to length characters, or cut to its first length characters; empty when length < 1; the text cut to length when pad is empty.",
  ),
  left: scalar('string', 2, 2, 'string', 'left(text, n): the first n characters (empty when n < 1).'),
  right: scalar('string', 2, 2, 'string', 'right(text, n): the last n characters (empty when n < 1).'),
  reverse: scalar('string', 1, 1, 'string', 'The characters (code points) in reverse order.'),
  repeat: scalar('string', 2, 2, 'string', 'repeat(text, n): the text n times (empty when n < 1).'),
  initcap: scalar(
    'string',
    1,
    1,
    'string',
    'The text in lower case with the first character of every space-separated word in upper case.',
  ),
  starts_with: scalar('string', 2, 2, 'boolean', 'starts_with(text, prefix): true when the text begins with prefix.'),
  ends_with: scalar('string', 2, 2, 'boolean', 'ends_with(text, suffix): true when the text ends with suffix.'),
  instr: scalar('string', 2, 2, 'number', 'instr(text, search): 1-based position of the first occurrence of search, 0 when none.'),
  locate: scalar(
    'string',
    2,
    3,
    'number',
    'locate(search, text[, start]): 1-based position of the first occurrence of search at or after start (1), 0 when none or when start < 1.',
  ),
  split_part: scalar(
    'string',
    3,
    3,
    'string',
    "split_part(text, delimiter, n): the n-th part (1-based; negative counts from the end) of the text split at the delimiter (into characters when it is empty); '' when there is no such part.",
  ),
  regexp_extract: scalar(
    'string',
    2,
    3,
    'string',
    "regexp_extract(text, pattern[, group]): the text of the group (1; 0 for the whole match) of the first match of the pattern (an RE2 literal); '' when nothing matches.",
  ),
  regexp_replace: scalar(
    'string',
    3,
    3,
    'string',
    'regexp_replace(text, pattern, replacement): every match of the pattern (an RE2 literal) replaced by the replacement literal, in which $0-$9 stand for groups and \\ escapes a character.',
  ),

  abs: scalar('numeric', 1, 1, 'number', 'Absolute value.'),
  round: scalar('numeric', 1, 2, 'number', 'round(x[, scale]): rounded half away from zero to scale decimals (default 0).'),
  floor: scalar('numeric', 1, 1, 'number', 'Largest integer not above x.'),
  ceil: scalar('numeric', 1, 1, 'number', 'Smallest integer not below x.'),
  power: scalar('numeric', 2, 2, 'number', 'power(base, exponent), as a double.'),
  pow: scalar('numeric', 2, 2, 'number', 'pow(base, exponent): same as power.'),
  exp: scalar('numeric', 1, 1, 'number', 'e raised to x, as a double.'),
  ln: scalar('numeric', 1, 1, 'number', 'Natural logarithm, as a double; NULL when x <= 0.'),
  log: scalar('numeric', 1, 2, 'number', 'log(x) is ln(x); log(base, x) the logarithm of x to base, as a double; NULL when x or base <= 0.'),
  log10: scalar('numeric', 1, 1, 'number', 'Base-10 logarithm, as a double; NULL when x <= 0.'),
  log2: scalar('numeric', 1, 1, 'number', 'Base-2 logarithm, as a double; NULL when x <= 0.'),
  cbrt: scalar('numeric', 1, 1, 'number', 'Cube root, as a double.'),
  sign: scalar('numeric', 1, 1, 'number', 'sign(x): -1.0, 0.0 or 1.0 as x is negative, zero or positive (a double).'),
  signum: scalar('numeric', 1, 1, 'number', 'signum(x): same as sign.'),
  greatest: { ...scalar('numeric', 2, null, 'any', 'The largest non-NULL argument; NULL when all are NULL.'), sharedArgType: true },
  least: { ...scalar('numeric', 2, null, 'any', 'The smallest non-NULL argument; NULL when all are NULL.'), sharedArgType: true },
  pi: scalar('numeric', 0, 0, 'number', 'pi(): 3.141592653589793.'),
  sqrt: scalar('numeric', 1, 1, 'number', 'Square root, as a double.'),
  mod: scalar('numeric', 2, 2, 'number', 'mod(x, divisor): remainder with the sign of x (same as %).'),

  coalesce: { ...scalar('conditional', 1, null, 'any', 'The first non-NULL argument.'), sharedArgType: true, passesValues: true },
  nullif: { ...scalar('conditional', 2, 2, 'any', 'nullif(a, b): NULL when a = b, else a.'), sharedArgType: true },
  ifnull: { ...scalar('conditional', 2, 2, 'any', 'ifnull(a, b): b when a is NULL, else a (coalesce of two).'), sharedArgType: true, passesValues: true },
  nvl: { ...scalar('conditional', 2, 2, 'any', 'nvl(a, b): same as ifnull.'), sharedArgType: true, passesValues: true },
  nvl2: {
    ...scalar('conditional', 3, 3, 'any', 'nvl2(a, b, c): b when a is not NULL, else c.'),
    sharedArgType: true,
    sharedArgsFrom: 1,
    passesValues: true,
    acceptsAnyType: true,
  },
  if: {
    ...scalar('conditional', 3, 3, 'any', 'if(condition, a, b): a when the condition is true, else b (NULL counts as false).'),
    sharedArgType: true,
    sharedArgsFrom: 1,
    passesValues: true,
  },
  iff: {
    ...scalar('conditional', 3, 3, 'any', 'iff(condition, a, b): same as if.'),
    sharedArgType: true,
    sharedArgsFrom: 1,
    passesValues: true,
  },
  isnull: { ...scalar('conditional', 1, 1, 'boolean', 'isnull(x): true when x is NULL.'), acceptsAnyType: true },
  isnotnull: { ...scalar('conditional', 1, 1, 'boolean', 'isnotnull(x): true when x is not NULL.'), acceptsAnyType: true },

  year: scalar('date', 1, 1, 'number', 'Year of a date or timestamp.'),
  month: scalar('date', 1, 1, 'number', 'Month (1-12) of a date or timestamp.'),
  day: scalar('date', 1, 1, 'number', 'Day of month (1-31) of a date or timestamp.'),
  hour: scalar('date', 1, 1, 'number', 'Hour (0-23) of a timestamp.'),
  minute: scalar('date', 1, 1, 'number', 'Minute (0-59) of a timestamp.'),
  second: scalar('date', 1, 1, 'number', 'Whole second (0-59) of a timestamp.'),
  dayofweek: scalar('date', 1, 1, 'number', 'Day of the week of a date or timestamp: 1 (Sunday) to 7 (Saturday).'),
  dayofyear: scalar('date', 1, 1, 'number', 'Day of the year (1-366) of a date or timestamp.'),
  weekofyear: scalar('date', 1, 1, 'number', 'ISO 8601 week of the year (1-53; weeks start on Monday) of a date or timestamp.'),
  quarter: scalar('date', 1, 1, 'number', 'Quarter (1-4) of a date or timestamp.'),
  date_add: scalar('date', 2, 2, 'date', 'date_add(date, days): the date plus a whole number of days.'),
  date_sub: scalar('date', 2, 2, 'date', 'date_sub(date, days): the date minus a whole number of days.'),
  datediff: scalar('date', 2, 2, 'number', 'datediff(end, start): same as date_diff.'),
  months_between: scalar(
    'date',
    2,
    3,
    'number',
    'months_between(end, start[, roundOff]): months from start to end as a double: whole when both fall on the same day of the month or both on the last day, else with the rest counted in 31-day months (time of day included); rounded to 8 decimals unless roundOff is FALSE.',
  ),
  next_day: scalar(
    'date',
    2,
    2,
    'date',
    "next_day(date, day): the first date after the date that falls on day, a literal such as 'Mon', 'monday' or 'MO'.",
  ),
  make_date: scalar(
    'date',
    3,
    3,
    'date',
    'make_date(year, month, day): the date of those numbers (year 1 to 9999); NULL when they name no date.',
  ),
  unix_timestamp: scalar(
    'date',
    1,
    2,
    'number',
    "unix_timestamp(moment[, pattern]): whole seconds from 1970-01-01 00:00:00 (UTC) to a date, a timestamp, or a text read as to_timestamp reads it (NULL when it holds none).",
  ),
  from_unixtime: scalar(
    'date',
    1,
    2,
    'string',
    "from_unixtime(seconds[, pattern]): the moment that many whole seconds after 1970-01-01 00:00:00 (UTC) as text, written with the pattern (default 'yyyy-MM-dd HH:mm:ss').",
  ),
  timestamp_seconds: scalar('date', 1, 1, 'timestamp', 'timestamp_seconds(seconds): the timestamp that many whole seconds after 1970-01-01 00:00:00 (UTC).'),
  date_format: {
    ...scalar(
      'date',
      2,
      2,
      'string',
      "date_format(timestamp, format): a date or timestamp written with a pattern literal such as 'dd/MM/yyyy HH:mm' (yyyy, MM, dd, HH, mm, ss, SSS, SSSSSS and quoted text).",
    ),
    params: ['timestamp', 'format'],
  },
  add_months: scalar(
    'date',
    2,
    2,
    'date',
    "add_months(date, months): the date a whole number of months later, on the month's last day when it is shorter.",
  ),
  last_day: scalar('date', 1, 1, 'date', 'last_day(date): the last day of the month of a date or timestamp.'),
  date_trunc: scalar(
    'date',
    2,
    2,
    'timestamp',
    "date_trunc(unit, moment): the start of the 'year', 'quarter', 'month', 'week' (Monday), 'day', 'hour', 'minute' or 'second' holding a date or timestamp.",
  ),
  date_diff: scalar('date', 2, 2, 'number', 'date_diff(end, start): whole days from start to end (end minus start).'),
  to_date: scalar(
    'date',
    1,
    2,
    'date',
    "to_date(text[, pattern]): the date a text holds, read with a pattern such as 'dd/MM/yyyy' (else as ISO 8601); NULL when it holds none. A date or timestamp gives its date.",
  ),
  to_timestamp: scalar(
    'date',
    1,
    2,
    'timestamp',
    "to_timestamp(text[, pattern]): the timestamp a text holds, read with a pattern such as 'yyyy-MM-dd HH:mm:ss' (else as ISO 8601); NULL when it holds none.",
  ),
  make_interval: scalar(
    'date',
    0,
    7,
    'interval',
    'make_interval([years[, months[, weeks[, days[, hours[, mins[, secs]]]]]]]): the interval of those number literals (0 when absent), to add to or subtract from a date or timestamp.',
  ),
  make_ym_interval: scalar('date', 0, 2, 'interval', 'make_ym_interval([years[, months]]): the interval of those number literals, to add to or subtract from a date or timestamp.'),
  make_dt_interval: scalar(
    'date',
    0,
    4,
    'interval',
    'make_dt_interval([days[, hours[, mins[, secs]]]]): the interval of those number literals, to add to or subtract from a date or timestamp.',
  ),
  // JSON (spec 9.13.10), variant (9.13.13), time of day and timestamp_ntz (9.13.11).
  from_json: scalar(
    'json',
    2,
    2,
    'any',
    "from_json(text, schema): the JSON text read as the schema, a type literal such as 'struct<a:long,b:array<string>>' (a struct, array or map); a field that is missing or does not convert is NULL; NULL for NULL or for text that is not valid JSON.",
  ),
  to_json: {
    ...scalar(
      'json',
      1,
      1,
      'string',
      'to_json(value): a struct, array, map or variant as minified JSON text (dates and timestamps as their text, decimals as numbers, map keys as text); NULL for NULL.',
    ),
    acceptsAnyType: true,
  },
  get_json_object: scalar(
    'json',
    2,
    2,
    'string',
    "get_json_object(text, path): the value at a JSONPath literal such as '$.a.b[0]' ($, .name, ['name'], [n]): a string as itself, any other value as its minified JSON text; NULL when the path is missing or holds null, or the text is not valid JSON.",
  ),
  schema_of_json: scalar(
    'json',
    1,
    1,
    'string',
    "schema_of_json(json): the type of a JSON text literal as DDL, such as 'struct<a:long,b:array<string>>': fields in document order, whole numbers long, other numbers double, null string, values of several kinds in one array variant.",
  ),
  parse_json: scalar('variant', 1, 1, 'any', 'parse_json(text): the JSON text as a variant (minified); NULL for NULL; text that is not valid JSON fails the job.'),
  variant_get: {
    ...scalar(
      'variant',
      3,
      3,
      'any',
      "variant_get(variant, path, type): the value at a JSONPath literal converted to a type literal such as 'long' or 'array<string>'; NULL when the path is missing or holds null; a value that does not convert (or an object lacking a field of a struct type) fails the job.",
    ),
    acceptsAnyType: true,
  },
  try_variant_get: {
    ...scalar('variant', 3, 3, 'any', 'try_variant_get(variant, path, type): as variant_get, with NULL for a value that does not convert (a field that does not convert is NULL).'),
    acceptsAnyType: true,
  },
  is_variant_null: {
    ...scalar('variant', 1, 1, 'boolean', 'is_variant_null(variant): true when the variant is a JSON null; false otherwise, also for a SQL NULL.'),
    acceptsAnyType: true,
  },
  schema_of_variant: {
    ...scalar('variant', 1, 1, 'string', 'schema_of_variant(variant): the type of the variant as DDL, by the rules of schema_of_json; NULL for NULL.'),
    acceptsAnyType: true,
  },
  current_time: scalar('date', 0, 0, 'time', 'current_time(): the time of day (UTC) when the job runs, to the microsecond.'),
  make_time: scalar(
    'date',
    3,
    3,
    'time',
    'make_time(hour, minute, second): the time of day of whole hours (0-23) and minutes (0-59) and seconds (0 to below 60, a fraction rounded to the microsecond); NULL when they name no time or one is NULL.',
  ),
  current_timestamp_ntz: scalar('date', 0, 0, 'timestamp', 'current_timestamp_ntz(): same as current_timestamp (timestamps are held without a zone, in UTC).'),
  to_timestamp_ntz: scalar('date', 1, 2, 'timestamp', 'to_timestamp_ntz(text[, pattern]): same as to_timestamp.'),
  current_date: scalar('date', 0, 0, 'date', 'Today (UTC) when the job runs.'),
  current_timestamp: scalar('date', 0, 0, 'timestamp', 'The current instant (UTC) when the job runs.'),

  // Nested values (spec 9.7, 10.1): arrays, maps and structs.
  size: { ...scalar('collection', 1, 1, 'number', 'size(x): the number of elements of an array or entries of a map (an integer); NULL for NULL.'), acceptsAnyType: true },
  array_contains: {
    ...scalar('collection', 2, 2, 'boolean', 'array_contains(array, value): whether some element equals the value; NULL when the array or the value is NULL.'),
    acceptsAnyType: true,
  },
  // Array functions (spec 9.13.7), with Spark's rules where the spec is terse: NULL counts as a
  // value of its own when elements are compared, and results keep first-occurrence order.
  array_distinct: {
    ...scalar('collection', 1, 1, 'any', 'array_distinct(array): the elements without repeats, each at its first occurrence (one NULL kept); NULL for a NULL array.'),
    acceptsAnyType: true,
  },
  array_sort: {
    ...scalar('collection', 1, 1, 'any', 'array_sort(array): the elements (of a scalar type) in ascending order, NaN above every number and NULL elements last; NULL for a NULL array.'),
    acceptsAnyType: true,
  },
  array_union: {
    ...scalar(
      'collection',
      2,
      2,
      'any',
      'array_union(array1, array2): the distinct elements of array1 then those of array2 not in array1, in first-occurrence order (one NULL kept); NULL when either array is NULL.',
    ),
    acceptsAnyType: true,
  },
  array_intersect: {
    ...scalar(
      'collection',
      2,
      2,
      'any',
      'array_intersect(array1, array2): the distinct elements of array1 also in array2, in array1\'s order (NULL kept when both hold one); NULL when either array is NULL.',
    ),
    acceptsAnyType: true,
  },
  array_except: {
    ...scalar(
      'collection',
      2,
      2,
      'any',
      'array_except(array1, array2): the distinct elements of array1 not in array2, in array1\'s order (NULL kept unless array2 holds one); NULL when either array is NULL.',
    ),
    acceptsAnyType: true,
  },
  array_join: {
    ...scalar(
      'collection',
      2,
      3,
      'string',
      'array_join(array, delimiter[, nullReplacement]): the elements (of a scalar type) as text, as CAST writes them, joined by the delimiter, NULL elements skipped or written as nullReplacement; NULL when any argument is NULL.',
    ),
    acceptsAnyType: true,
    params: ['array', 'delimiter', 'nullreplacement'],
  },
  array_position: {
    ...scalar(
      'collection',
      2,
      2,
      'number',
      'array_position(array, value): the 1-based position of the first element equal to the value, 0 when none is (a long); NULL when the array or the value is NULL.',
    ),
    acceptsAnyType: true,
  },
  array_remove: {
    ...scalar('collection', 2, 2, 'any', 'array_remove(array, value): the array without the elements equal to the value (NULL elements kept); NULL when the array or the value is NULL.'),
    acceptsAnyType: true,
  },
  array_repeat: {
    ...scalar('collection', 2, 2, 'any', 'array_repeat(value, count): an array of count copies of the value (NULL included), empty when count is below 1; NULL when count is NULL.'),
    acceptsAnyType: true,
  },
  arrays_zip: {
    ...scalar(
      'collection',
      1,
      null,
      'any',
      'arrays_zip(array1, array2, ...): the array of structs whose n-th holds the n-th element of each array, shorter arrays padded with NULL; a field is named by its column (struct field, lambda parameter), else 0, 1, ... by position; NULL when any array is NULL.',
    ),
    acceptsAnyType: true,
  },
  array_compact: {
    ...scalar('collection', 1, 1, 'any', 'array_compact(array): the array without its NULL elements; NULL for a NULL array.'),
    acceptsAnyType: true,
  },
  flatten: {
    ...scalar('collection', 1, 1, 'any', 'flatten(array): the elements of the inner arrays of an array of arrays, in order; NULL when the array or one of its inner arrays is NULL.'),
    acceptsAnyType: true,
  },
  element_at: {
    ...scalar(
      'collection',
      2,
      2,
      'any',
      'element_at(array, i): the element at 1-based position i, counted from the end when negative, NULL past either end; element_at(map, key): the value of the key, NULL when missing.',
    ),
    acceptsAnyType: true,
  },
  // Generators (spec 9.13.7 explode, explode_outer, posexplode; 9.13.10 json_tuple): rows, not values.
  explode: {
    ...scalar(
      'generator',
      1,
      1,
      'any',
      'explode(array): one row per element, in column col; explode(map): one row per entry, in columns key and value; a NULL or empty array or map gives no row. Only as a whole select (or addColumns) entry.',
    ),
    acceptsAnyType: true,
    generator: true,
  },
  explode_outer: {
    ...scalar('generator', 1, 1, 'any', 'explode_outer(x): as explode, but a NULL or empty array or map gives one row whose col (or key and value) is NULL.'),
    acceptsAnyType: true,
    generator: true,
  },
  posexplode: {
    ...scalar(
      'generator',
      1,
      1,
      'any',
      'posexplode(x): as explode, with the 0-based position of the element (entry) in an integer column pos before col (or key and value).',
    ),
    acceptsAnyType: true,
    generator: true,
  },
  json_tuple: {
    ...scalar(
      'generator',
      2,
      null,
      'any',
      "json_tuple(json, 'k1', 'k2', ...): one row per input row with text columns c0, c1, ...: the top-level field of each key of the JSON object (a text value without its quotes, others as compact JSON; the first of a repeated key); NULL for a missing key, a JSON null, a NULL or invalid JSON text, or one that is no object.",
    ),
    generator: true,
  },
  array: { ...scalar('collection', 1, null, 'any', 'array(a, b, ...): an array of the values, brought to their common type (nested values too: arrays, maps, structs of one shape).'), sharedArgType: true, passesValues: true },
  struct: {
    ...scalar('collection', 1, null, 'any', 'struct(a, b, ...): a struct of the values; a field is named by its column (or struct field), else col1, col2, ... by position.'),
    acceptsAnyType: true,
  },
  named_struct: {
    ...scalar('collection', 2, null, 'any', "named_struct('name1', v1, 'name2', v2, ...): a struct with the fields named by the text literals."),
    acceptsAnyType: true,
  },
  map: {
    ...scalar('collection', 2, null, 'any', 'map(k1, v1, k2, v2, ...): a map of the pairs (keys of one type, values of one type); a NULL or repeated key fails the job.'),
    acceptsAnyType: true,
  },
  // Higher-order functions (spec 9.8): a lambda applied to each element of an array.
  transform: {
    ...scalar('collection', 2, 2, 'any', 'transform(array, x -> expr): the array of expr for each element x; NULL for a NULL array.'),
    acceptsAnyType: true,
    params: ['array', 'func'],
    lambdas: { 1: 1 },
  },
  filter: {
    ...scalar('collection', 2, 2, 'any', 'filter(array, x -> condition): the elements for which the condition is true, in order; NULL for a NULL array.'),
    acceptsAnyType: true,
    params: ['array', 'func'],
    lambdas: { 1: 1 },
  },
  exists: {
    ...scalar(
      'collection',
      2,
      2,
      'boolean',
      'exists(array, x -> condition): true when the condition is true for some element, else NULL when it is NULL for some, else false; NULL for a NULL array.',
    ),
    acceptsAnyType: true,
    params: ['array', 'func'],
    lambdas: { 1: 1 },
  },
  // Map, higher-order and struct functions (spec 9.13.7, 9.13.8, 9.13.9).
  forall: {
    ...scalar(
      'collection',
      2,
      2,
      'boolean',
      'forall(array, x -> condition): false when the condition is false for some element, else NULL when it is NULL for some, else true (true for an empty array); NULL for a NULL array.',
    ),
    acceptsAnyType: true,
    params: ['array', 'func'],
    lambdas: { 1: 1 },
  },
  map_keys: { ...scalar('collection', 1, 1, 'any', 'map_keys(map): the array of its keys, in map order; NULL for a NULL map.'), acceptsAnyType: true, params: ['map'] },
  map_values: { ...scalar('collection', 1, 1, 'any', 'map_values(map): the array of its values, in map order; NULL for a NULL map.'), acceptsAnyType: true, params: ['map'] },
  map_concat: {
    ...scalar(
      'collection',
      1,
      null,
      'any',
      'map_concat(map1, map2, ...): the entries of all the maps (keys and values brought to their common types); a key in a later map overwrites the value of an earlier one and keeps its first place; NULL when any map is NULL.',
    ),
    acceptsAnyType: true,
  },
  map_from_arrays: {
    ...scalar(
      'collection',
      2,
      2,
      'any',
      'map_from_arrays(keys, values): the map pairing each key with the value at the same position; NULL when either array is NULL; arrays of different lengths, a NULL key or a repeated key fail the job.',
    ),
    acceptsAnyType: true,
    params: ['keys', 'values'],
  },
  map_from_entries: {
    ...scalar(
      'collection',
      1,
      1,
      'any',
      'map_from_entries(array): the map of an array of two-field structs (struct<key,value>: the first field the key, the second its value); NULL when the array or one of its entries is NULL; a NULL or repeated key fails the job.',
    ),
    acceptsAnyType: true,
    params: ['array'],
  },
  map_entries: {
    ...scalar('collection', 1, 1, 'any', 'map_entries(map): the array of its entries as struct<key:K,value:V>, in map order; NULL for a NULL map.'),
    acceptsAnyType: true,
    params: ['map'],
  },
  transform_keys: {
    ...scalar(
      'collection',
      2,
      2,
      'any',
      'transform_keys(map, (k, v) -> expr): the map with each key replaced by expr, values kept; NULL for a NULL map; a NULL or repeated new key fails the job.',
    ),
    acceptsAnyType: true,
    params: ['map', 'func'],
    lambdas: { 1: 2 },
  },
  transform_values: {
    ...scalar('collection', 2, 2, 'any', 'transform_values(map, (k, v) -> expr): the map with each value replaced by expr, keys kept; NULL for a NULL map.'),
    acceptsAnyType: true,
    params: ['map', 'func'],
    lambdas: { 1: 2 },
  },
  map_filter: {
    ...scalar('collection', 2, 2, 'any', 'map_filter(map, (k, v) -> condition): the entries for which the condition is true, in map order; NULL for a NULL map.'),
    acceptsAnyType: true,
    params: ['map', 'func'],
    lambdas: { 1: 2 },
  },
  zip_with: {
    ...scalar(
      'collection',
      3,
      3,
      'any',
      'zip_with(array1, array2, (x, y) -> expr): the array of expr over the elements at each position, the shorter array padded with NULLs; NULL when either array is NULL.',
    ),
    acceptsAnyType: true,
    params: ['array1', 'array2', 'func'],
    lambdas: { 2: 2 },
  },
  with_field: {
    ...scalar(
      'collection',
      3,
      3,
      'any',
      "with_field(struct, 'name', value): the struct with the field of that name (a text literal; matched ignoring case) replaced in its place, or added last; NULL for a NULL struct.",
    ),
    acceptsAnyType: true,
    params: ['struct', 'name', 'value'],
  },
  drop_fields: {
    ...scalar(
      'collection',
      2,
      null,
      'any',
      "drop_fields(struct, 'name', ...): the struct without the fields named by the text literals (matched ignoring case); NULL for a NULL struct; a field it does not have, or dropping every field, is a type error.",
    ),
    acceptsAnyType: true,
  },
  aggregate: {
    ...scalar(
      'collection',
      3,
      4,
      'any',
      'aggregate(array, start, (acc, x) -> merge[, acc -> finish]): merge folded over the elements from start, then finish applied; the state has the common type of start and the elements (else start\'s), widened when merge gives a wider number; NULL for a NULL array.',
    ),
    acceptsAnyType: true,
    params: ['array', 'start', 'merge', 'finish'],
    lambdas: { 2: 2, 3: 1 },
  },
} as const satisfies Record<string, FunctionSpec>;

/** Every function name of the catalogue (lower-case). */
export type FunctionName = keyof typeof FUNCTION_CATALOGUE;

/** Every function name, in catalogue order. */
export const FUNCTION_NAMES: readonly FunctionName[] = Object.keys(FUNCTION_CATALOGUE) as FunctionName[];

/** One catalogue entry together with its name. */
export interface FunctionInfo extends FunctionSpec {
  readonly name: FunctionName;
}

/** The catalogue as a list of entries with their names, in catalogue order. */
export const FUNCTIONS: readonly FunctionInfo[] = FUNCTION_NAMES.map((name) => ({
  name,
  ...(FUNCTION_CATALOGUE[name] as FunctionSpec),
}));

/** True when `name` is exactly a catalogue key (names are stored lower-case). */
export function isFunctionName(name: string): name is FunctionName {
  return Object.prototype.hasOwnProperty.call(FUNCTION_CATALOGUE, name);
}

const BY_NAME: ReadonlyMap<string, FunctionInfo> = new Map(FUNCTIONS.map((f) => [f.name, f]));

/** The catalogue entry for `name` (case-insensitive), or undefined for an unknown function. */
export function lookupFunction(name: string): FunctionInfo | undefined {
  return BY_NAME.get(name.toLowerCase());
}

/**
 * Window functions (spec 9.13.5): they compute a value per row from the row's place in its
 * partition, so they are only valid with `OVER (...)` or as a `window` step's function. Every
 * aggregate of the catalogue may be used the same way.
 */
export const WINDOW_FUNCTIONS = {
  row_number: { minArgs: 0, maxArgs: 0, returns: 'number', description: 'row_number(): 1, 2, 3... in the window order within the partition (input order among ties).' },
  rank: { minArgs: 0, maxArgs: 0, returns: 'number', description: 'rank(): 1 + the number of rows ordered before the row; ties share a rank and leave gaps.' },
  dense_rank: { minArgs: 0, maxArgs: 0, returns: 'number', description: 'dense_rank(): like rank without gaps.' },
  ntile: { minArgs: 1, maxArgs: 1, returns: 'number', description: 'ntile(n): the bucket 1..n of the row when the partition is cut into n buckets whose sizes differ by at most one (larger ones first).' },
  lag: { minArgs: 1, maxArgs: 3, returns: 'any', description: 'lag(x[, offset[, default]]): x of the row offset (1) rows before in the window order; default (NULL) when there is none.' },
  lead: { minArgs: 1, maxArgs: 3, returns: 'any', description: 'lead(x[, offset[, default]]): x of the row offset (1) rows after in the window order; default (NULL) when there is none.' },
  first_value: { minArgs: 1, maxArgs: 1, returns: 'any', description: 'first_value(x): x of the first row of the frame.' },
  last_value: { minArgs: 1, maxArgs: 1, returns: 'any', description: 'last_value(x): x of the last row of the frame.' },
} as const satisfies Record<string, { minArgs: number; maxArgs: number; returns: FunctionResultType; description: string }>;

/** The name of a window function. */
export type WindowFunctionName = keyof typeof WINDOW_FUNCTIONS;

/** True when `name` (lower-case) names a window function. */
export function isWindowFunctionName(name: string): name is WindowFunctionName {
  return Object.prototype.hasOwnProperty.call(WINDOW_FUNCTIONS, name);
}

/** A window function's entry in the shape of the catalogue's (category `window`, not an aggregate). */
export function lookupWindowFunction(name: string): (Omit<FunctionSpec, 'category'> & { readonly name: WindowFunctionName; readonly category: 'window' }) | undefined {
  const lower = name.toLowerCase();
  if (!isWindowFunctionName(lower)) return undefined;
  return { name: lower, category: 'window', aggregate: false, ...WINDOW_FUNCTIONS[lower] };
}

/** Describes how many arguments a function takes: `1 argument`, `1 to 2 arguments`, `at least 1 argument`. */
export function describeArity(spec: Pick<FunctionSpec, 'minArgs' | 'maxArgs'>): string {
  const plural = (n: number): string => (n === 1 ? 'argument' : 'arguments');
  if (spec.maxArgs === null) return `at least ${spec.minArgs} ${plural(spec.minArgs)}`;
  if (spec.minArgs === spec.maxArgs) return spec.minArgs === 0 ? 'no arguments' : `${spec.minArgs} ${plural(spec.minArgs)}`;
  return `${spec.minArgs} to ${spec.maxArgs} arguments`;
}
