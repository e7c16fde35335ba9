/**
 * The expression parity cases: expressions over the harness table (expression-harness.ts: NULLs,
 * negatives, zero, extremes), shared by parity/expression-parity.spec.ts (DuckDB against the
 * JavaScript evaluator) and spark/expression-parity.spark.spec.ts (Spark against DuckDB).
 */

export const ROW_EXPRESSIONS = [
  // literals and columns
  '1', '3000000000', '1.5', "'text'", 'TRUE', 'NULL', "DATE '2024-02-29'", "TIMESTAMP '2024-01-02 03:04:05.25'",
  "TIMESTAMP '2024-01-02T03:04:05+02:00'", 'i', 'l', 'd', 's', 'b', 'dt', 'ts', 'm',
  // arithmetic and integer/double typing
  'i - l', 'l * l', 'i / 2', 'i / 0', 'd / 0', '0.0 / 0', 'i % 3', 'i % 0', 'd % 2', 'l % -4',
  '-i', '-d', '+i', '~i', '~l', '~(i % 5)', '~CAST(-128 AS byte)', 'TRY_CAST(~i AS short)', '~NULL', '~~l', '-~l', 'i + d', 'm + 1', 'm - d', 'm % 2', 'm / 4', '1 + 2 * 3', '(1 + 2) * 3',
  'dt + 1', 'dt - 30', '1 + dt', 'dt - DATE \'2000-01-01\'', 'i + NULL',
  // comparison and three-valued logic
  'i = 1', 'i != 1', 'i <> 1', 'i < l', 'i <= 0', 'd > 1', 'd >= -2.5', 's = \'bob\'', 's < \'b\'', 'b = TRUE',
  'i <=> NULL', 'NULL <=> NULL', 'i <=> 1', 'dt > \'2020-01-01\'', 'ts >= \'2024-01-31\'', 'dt < ts',
  "l > '5'", "b = 'true'", 'm = 1.255', 'm > 1.245', 'm = i', 'm < 0.5', 'm IN (1.25, 0)', 'CASE WHEN b THEN m ELSE d END', 'NOT b', 'b AND i > 0', 'b OR i > 0', 'NULL AND FALSE', 'NULL OR TRUE', 'NOT NULL',
  'b AND NULL', 'b OR NULL',
  'i IS NULL', 's IS NOT NULL', 'i IN (1, 0)', 'i NOT IN (1, 0)', 'i IN (1, NULL)', 'i NOT IN (2, NULL)',
  "s IN ('bob', 'x')", 'i BETWEEN -10 AND 1', 'i NOT BETWEEN 0 AND 1', 'd BETWEEN NULL AND 2',
  "dt BETWEEN '2000-01-01' AND '2023-12-31'",
  // patterns
  "s LIKE 'A%'", "s LIKE '%b%'", "s LIKE '_o_'", "s NOT LIKE 'a%'", "s ILIKE 'a%'", "s LIKE 'a''b \\%_x'",
  "s LIKE '%\\%%'", "s RLIKE '^[ab]'", "s RLIKE '(?i)^A'", "s NOT RLIKE 'o'", "s RLIKE ''", "s LIKE ''", "s LIKE s",
  // RE2 semantics on both: patterns a backtracking matcher could hang on, and patterns read from a column
  "s RLIKE '(a+)+$'", "s RLIKE '.*.*.*b'", "s RLIKE '^(\\w+)+e$'", "s RLIKE '(?s)a.b'", "s RLIKE '\\pL'", 's RLIKE s',
  "s RLIKE concat('^', s, '$')", "'xAlicex' RLIKE s", "s RLIKE '(?P<first>b)o'",
  // case and casts
  "CASE WHEN i > 0 THEN 'pos' WHEN i < 0 THEN 'neg' ELSE 'zero' END", 'CASE WHEN b THEN i END',
  'CASE WHEN b THEN 1 ELSE 2.5 END', 'CASE WHEN b THEN dt ELSE ts END',
  'CAST(i AS string)', 'CAST(d AS string)', 'CAST(m AS string)', 'CAST(dt AS string)', 'CAST(ts AS string)',
  'CAST(b AS string)', 'CAST(m AS integer)', 'CAST(i AS double)',
  'CAST(b AS integer)', 'CAST(i AS boolean)',
  'CAST(ts AS date)', 'CAST(dt AS timestamp)', "CAST('12' AS integer)", "CAST(' 2.5 ' AS integer)",
  "CAST('-2.5' AS long)", "CAST('1.005' AS decimal(10,2))", "CAST('yes' AS boolean)", "CAST('2024-01-02' AS date)",
  "CAST('2024-01-02 10:11:12' AS timestamp)", "CAST('1e3' AS double)", "CAST('inf' AS double)",
  "TRY_CAST('abc' AS integer)", "TRY_CAST(s AS integer)", "TRY_CAST('3000000000' AS integer)", 'TRY_CAST(l AS integer)',
  "TRY_CAST('2024-02-30' AS date)", 'TRY_CAST(i AS short)', 'TRY_CAST(d AS long)', 'TRY_CAST(i AS decimal(12,3))',
  // decimal(p,s) (spec 10.1): a decimal value comes from CAST or a column (1.5 is a double literal, spec 9.1)
  "CAST('123.456' AS decimal(5,2))", "CAST('-123.455' AS DECIMAL(6, 2))", 'CAST(-2.5 AS decimal(2,0))', 'CAST(m AS decimal(12,4)) * 2',
  "CAST('12345678.905' AS decimal(10,2))", 'TRY_CAST(m AS decimal(3,1))', 'm / CAST(3 AS decimal(5,0))',
  // char(n) and varchar(n) in CAST are string, as Spark's CAST reads them: no padding, no truncation
  'CAST(s AS varchar(2))', "CAST('ab' AS char(5)) || '|'", 'length(CAST(s AS char(10)))', 'CAST(m AS varchar(3))',
  // strings
  "concat(s, '-', i)", 'concat(s, d)', 'concat(dt, ts)', 'concat(m)', "s || '!'", 'i || d', 'b || s',
  'upper(s)', 'lower(s)', "trim('  x  ')", "ltrim('  x  ')", "rtrim('  x  ')", 'length(s)', "length('🦆x')",
  'substring(s, 2)', 'substring(s, 0, 2)', 'substring(s, -2, 2)', 'substring(s, 2, -1)', 'substring(s, 10)',
  "replace(s, 'b', 'B')", "replace(s, '', 'x')",
  // numbers
  'abs(i)', 'abs(d)', 'abs(m)', 'round(d)', 'round(d, 1)', 'round(2.5)', 'round(-2.5)', 'round(1.005, 2)',
  'round(l, -1)', 'round(m, 1)', 'round(m)', 'round(d, -1)', 'floor(d)', 'ceil(d)', 'floor(i)', 'ceil(l)', 'floor(m)',
  'ceil(m)', 'power(i, 2)', 'power(2, 0.5)', 'sqrt(abs(d))', 'mod(i, 4)', 'mod(d, 2)', 'mod(i, 0)',
  // a small negative rounds to -0.0 (DuckDB keeps the operand's sign on a zero result), in a cast to text too
  'round(d / 10)', 'round(d / 100, 1)', 'round(-0.4)', 'round(-0.0, 2)', 'round(d, -400)', 'round(d / 0, -1)', 'round(0.0 / 0, 2)', 'ceil(d / 10)', 'floor(d * 0)', 'CAST(round(d / 10) AS string)',
  'round(CAST(d AS float), -1)', 'round(CAST(d / 10 AS float))', 'ceil(CAST(d / 10 AS float))', 'floor(CAST(d * 0 AS float))',
  // conditionals
  'coalesce(i, 99)', 'coalesce(NULL, d, 1)', "coalesce(s, 'none')", 'coalesce(dt, ts)', 'ifnull(l, -1)',
  'nullif(i, 0)', "nullif(s, 'bob')", 'nullif(d, NULL)', 'nullif(dt, ts)', 'nullif(m, 1.25)', 'nullif(i, d)',
  // dates
  'year(dt)', 'month(dt)', 'day(dt)', 'year(ts)', 'hour(ts)', 'minute(ts)', 'second(ts)', 'hour(dt)',
  'date_add(dt, 1)', 'date_add(dt, -365)', 'date_add(ts, 1)', 'date_add(dt, i % 1000)', "date_diff(dt, DATE '2000-01-01')",
  'date_diff(ts, dt)', "date_diff(DATE '2024-03-01', dt)",
  // reading dates and timestamps from text (strptime rules on both)
  "to_date('31/01/2024', 'dd/MM/yyyy')", "to_date(' 1/2/2024 ', 'dd/MM/yyyy')", "to_date('30/02/2024', 'dd/MM/yyyy')",
  "to_date('2024-01-31x', 'yyyy-MM-dd')", "to_date('5-01-31', 'yyyy-MM-dd')", "to_date('12024-01-31', 'yyyy-MM-dd')",
  "to_date('202401 31', 'yyyyMM dd')", "to_date('2024  01', 'yyyy MM')", "to_date('2024', 'yyyyMM')", "to_date('2024-01-31', '%Y-%m-%d')",
  "to_date(s, 'yyyy')", 'to_date(NULL)', "to_date(NULL, 'yyyy')", 'to_date(dt)', 'to_date(ts)', "to_date('2024-01-31')", "to_date(' 2024-01-31 ')",
  "to_date('2024-01-31 10:00')", "to_date('2024')", "to_date('31/01/2024')", 'to_date(s)',
  // fields keep their digits, digit literals, repeated fields (the last wins), and shapes a backtracking reader hung on
  "to_date('12/2024', '%d%m/%Y')", "to_date('3110112024', 'dd1MM1yyyy')", "to_date('01-02-2024', '%d-%d-%Y')",
  `to_date('2024${' '.repeat(30)}x', 'yyyy${' '.repeat(10)}MM')`, `to_date('2024${' '.repeat(30)}01', 'yyyy${' '.repeat(10)}MM')`,
  `to_date('${'1'.repeat(54)}y', '${'dd'.repeat(27)}''x''')`,
  "to_timestamp('2024-01-31 1:2:3.1', 'yyyy-MM-dd HH:mm:ss.SSS')", "to_timestamp('2024-01-31T10:20', 'yyyy-MM-dd''T''HH:mm')",
  "to_timestamp('31.01.2024 23:59:59.123456', 'dd.MM.yyyy HH:mm:ss.SSSSSS')", "to_timestamp('31.01.2024 23:59:59.1234', 'dd.MM.yyyy HH:mm:ss.SSS')",
  "to_timestamp('2024-01-31 24:00:00', 'yyyy-MM-dd HH:mm:ss')", "to_timestamp('2024-01-31 10:20:60', 'yyyy-MM-dd HH:mm:ss')",
  "to_timestamp(concat(year(dt), '-', month(dt)), 'yyyy-MM')", 'to_timestamp(dt)', 'to_timestamp(ts)', "to_timestamp('2024-01-31')",
  "to_timestamp('2024-01-31 10:20:30.5')", "to_timestamp('nope')",
  // interval arithmetic (calendar months first, clamped to the month's last day)
  'dt + INTERVAL 1 MONTH', "DATE '2024-01-31' + INTERVAL 1 MONTH", "DATE '2024-03-31' - INTERVAL 1 MONTH",
  "DATE '2023-01-31' + INTERVAL 1 MONTH 1 DAY", 'dt + INTERVAL 1 YEAR', "DATE '2024-02-29' + INTERVAL 1 YEAR", 'dt - INTERVAL 2 DAYS 3 HOURS',
  'ts + INTERVAL 90 MINUTES', 'ts - INTERVAL 1 YEAR -2 MONTHS 30 SECONDS', 'INTERVAL 1 DAY + dt', 'INTERVAL 25 HOURS + ts',
  'ts + INTERVAL -1000 DAYS', 'dt + INTERVAL 0 DAY', 'year(dt + INTERVAL 13 MONTHS)', 'CASE WHEN b THEN dt + INTERVAL 1 DAY ELSE dt END',
  'dt + INTERVAL 1 DAY + INTERVAL 1 MONTH', 'add_months(dt, 1)', "add_months(DATE '2024-01-31', 1)", 'add_months(ts, -13)',
  'add_months(dt, i % 100)', "add_months(DATE '2024-02-29', 12)", 'last_day(dt)', 'last_day(ts)', "last_day(DATE '2023-02-10')",
  "last_day(DATE '2024-12-31')", 'add_months(dt, NULL)', "date_trunc('month', dt)", "date_trunc('YEAR', ts)",
  "date_trunc('quarter', ts)", "date_trunc('week', dt)", "date_trunc('week', ts)", "date_trunc('day', ts)", "date_trunc('hour', ts)",
  "date_trunc('minute', ts)", "date_trunc('second', ts)", "date_trunc('week', DATE '1969-12-31')", "date_trunc('hour', dt)", 'dt + INTERVAL 1 DAY * 3', 'dt - 2 * INTERVAL 1 MONTH',
  'ts + (INTERVAL 1 DAY + INTERVAL 12 HOURS)', 'dt + -INTERVAL 1 MONTH', 'ts - (INTERVAL 1 YEAR - INTERVAL 1 MONTH) * 2',
  'dt + INTERVAL 12 HOURS * 2', 'dt + INTERVAL 1 DAY * -1', 'ts + INTERVAL 0.1 SECOND', 'ts - INTERVAL 1.000001 SECONDS * 3', "TIMESTAMP_NTZ '2025-01-15T10:30:00'", "CAST('2025-01-15 10:30:00' AS timestamp_ntz)",
  "ts = TIMESTAMP_NTZ '2024-01-31 10:20:30.5'", "TIMESTAMP '2024-01-31 23:59:59' + INTERVAL 1 MONTH 1 SECOND", 'dt - INTERVAL 1200 MONTHS', "to_date(to_timestamp('2024-01-31 23:59', 'yyyy-MM-dd HH:mm'))",
  // the wider string catalogue: NULLs, empty texts, negative counts, code points beyond the BMP
  "concat_ws(',', s, i, NULL, dt)", "concat_ws(s, 'x', 'y')", "concat_ws('', s)", "concat_ws(NULL, s)", "concat_ws('-', NULL, NULL)",
  "lpad(s, 7, 'xy')", 'lpad(s, 3)', "lpad(s, 0, 'x')", "lpad(s, -2, 'x')", "lpad(s, 9, '')", "rpad(s, 7, '🦆é')", "rpad('🦆', 3, 'é')",
  "lpad('🦆', 3, 'é')", 'rpad(s, i % 10)', "rpad(s, 4, NULL)", "lpad(s, NULL, 'x')",
  'left(s, 2)', 'left(s, 0)', 'left(s, -1)', 'right(s, 2)', 'right(s, -1)', "right('a🦆', 1)", 'left(s, i)', 'right(s, 100)',
  'reverse(s)', "reverse('é🦆x')", "reverse('')", 'repeat(s, 2)', 'repeat(s, 0)', 'repeat(s, -1)', "repeat('🦆', i % 4)",
  'initcap(s)', "initcap('hELLO  wORLD é')", "initcap(' a b ')", "initcap('')",
  "starts_with(s, 'A')", "starts_with(s, '')", "ends_with(s, 'b')", 'ends_with(s, s)', "starts_with(NULL, 'a')",
  "instr(s, 'b')", "instr(s, '')", "instr('a🦆b', 'b')", "instr(s, 'zz')", "locate('b', s)", "locate('b', 'abcb', 3)",
  "locate('b', 'abcb', 0)", "locate('', s, 2)", "locate('', 'ab', 9)", "locate('🦆', 'x🦆🦆', 3)", "locate('b', s, NULL)",
  "split_part('a,b,c', ',', 2)", "split_part('a,b,c', ',', -1)", "split_part('a,b,c', ',', 0)", "split_part('a,b,c', ',', 9)",
  "split_part('a🦆b', '', 2)", "split_part(s, ' ', 1)", "split_part(s, 'b', -2)", "split_part('', ',', 1)", "split_part('abc', 'abc', 2)",
  'substr(s, 2, 3)', 'substr(s, -3)',
  "regexp_extract(s, '([a-z])([a-z]*)', 2)", "regexp_extract(s, '(b)')", "regexp_extract(s, 'o', 0)", "regexp_extract(s, '(x)?(l)', 1)",
  "regexp_extract('a🦆b', '(.)b')", "regexp_replace(s, '[aeiou]', '*')", "regexp_replace(s, '(\\w)(\\w)', '$2$1')",
  "regexp_replace('baaac', 'a*', '-')", "regexp_replace('a🦆b', '', '-')", "regexp_replace(s, 'x', '\\$0')", "regexp_replace(s, '(?i)A', '[$0]')",
  "regexp_replace('abc', '^', '>')", "regexp_replace('a.b', '\\.', '\\\\')",
  // numbers
  'pow(i, 2)', 'sign(i)', 'sign(d)', 'signum(m)', 'sign(-0.0)', 'greatest(i, l)', 'greatest(i, d, 0)', 'least(s, \'b\')', 'greatest(dt, ts)',
  'least(i, NULL)', 'greatest(NULL, NULL)', 'least(m, i)', "greatest(dt, '2023-06-01')", 'pi()',
  // conditionals
  'nvl(i, -1)', "nvl(s, 'none')", 'nvl2(s, 1, 0)', 'nvl2(i, d, m)', "if(i > 0, 'pos', 'other')", 'if(b, dt, ts)', 'iff(NULL, 1, 2)',
  'if(b, i, NULL)', 'isnull(s)', 'isnotnull(ts)',
  // dates
  'dayofweek(dt)', 'dayofweek(ts)', 'dayofyear(dt)', 'dayofyear(ts)', 'weekofyear(dt)', "weekofyear(DATE '2021-01-03')",
  "weekofyear(DATE '2020-12-31')", "weekofyear(DATE '2024-12-30')", 'quarter(dt)', 'quarter(ts)', 'date_sub(dt, 1)', 'date_sub(ts, -10)',
  'datediff(dt, ts)', "next_day(dt, 'Mon')", "next_day(ts, 'sunday')", "next_day(DATE '2024-01-07', 'SU')", "next_day(dt, 'fri')",
  'make_date(2024, 2, 29)', 'make_date(2023, 2, 29)', 'make_date(0, 1, 1)', 'make_date(10000, 1, 1)', 'make_date(2024, 13, 1)',
  'make_date(year(dt), month(dt), 1)', 'make_date(i, 1, 1)', 'unix_timestamp(ts)', 'unix_timestamp(dt)',
  "unix_timestamp('2024-01-31 10:00:00')", "unix_timestamp('31/01/2024', 'dd/MM/yyyy')", "unix_timestamp('nope')",
  'from_unixtime(l)', "from_unixtime(i, 'dd/MM/yyyy HH:mm')", 'from_unixtime(-1)', 'timestamp_seconds(i)', 'timestamp_seconds(-86401)',
  "date_format(ts, 'yyyy-MM-dd''T''HH:mm:ss.SSSSSS')", "date_format(dt, 'dd/MM/yyyy')", "date_format(ts, 'HH:mm:ss.SSS')",
  "date_format(TIMESTAMP '0099-01-02 03:04:05', 'yyyy')",
  "months_between(dt, DATE '2023-01-31')", 'months_between(ts, dt)', "months_between(DATE '2024-02-29', DATE '2024-01-31')",
  "months_between(DATE '2024-03-15', DATE '2024-01-20')", "months_between(TIMESTAMP '2024-03-15 12:00:00', DATE '2024-01-20', FALSE)",
  "months_between(DATE '1997-02-28', TIMESTAMP '1996-10-30 10:30:00')", 'months_between(dt, ts, TRUE)', "months_between(DATE '2024-01-20', ts)",
  'dt + make_interval(1, 2)', 'ts - make_dt_interval(1, 2, 3, 4.5)', 'dt + make_ym_interval(0, 1)', "DATE '2024-01-31' + make_interval(0, 1)",
  'dt + make_interval(0, 0, 2)', 'ts + make_interval()', 'dt - make_dt_interval(1)', 'ts + (INTERVAL 1 DAY + make_dt_interval(0, -12))',
  'extract(YEAR FROM dt)', 'extract(WEEK FROM ts)', 'extract(DAYOFWEEK FROM dt)',
  // extract on intervals (Spark's parts: a difference of moments is a day-time interval, each part keeps its sign)
  "extract(DAY FROM ts - TIMESTAMP '2024-01-01 00:00:00')", "extract(HOUR FROM ts - TIMESTAMP '2024-01-01 00:00:00')",
  "extract(MINUTE FROM TIMESTAMP '2024-01-01 00:00:00' - ts)", "extract(SECOND FROM ts - TIMESTAMP '2024-01-01 00:00:00')",
  'extract(DAY FROM ts - dt)', 'extract(SECOND FROM dt - ts)', "extract(HOUR FROM dt - DATE '2024-01-01')", "extract(DAY FROM dt - DATE '2024-01-01')",
  "extract(SECOND FROM TIMESTAMP '1969-12-31 23:59:59.999999' - ts)", "date_add(dt, extract(DAY FROM ts - TIMESTAMP '2000-01-01 00:00:00'))",
  'extract(YEAR FROM INTERVAL 1 YEAR 14 MONTHS)', 'extract(MONTH FROM INTERVAL 1 YEAR 14 MONTHS)', 'extract(MONTH FROM -INTERVAL 14 MONTHS)',
  'extract(DAY FROM INTERVAL 25 HOURS)', 'extract(HOUR FROM INTERVAL 25 HOURS)', 'extract(SECOND FROM INTERVAL 1 MINUTE 30.5 SECONDS)',
  'extract(MINUTE FROM make_dt_interval(1, 2, 3, 4.5))', 'extract(DAY FROM INTERVAL 1 DAY * 3)', 'extract(HOUR FROM INTERVAL -90 MINUTES)',
];

export const ERROR_EXPRESSIONS = [
  // failing at run time on some row: both backends must fail with the same code
  "CAST(s AS integer)", 'sqrt(d)', 'i + 2147483647', 'CAST(l AS integer)', 'i * i', 'i + 1', 'i * 2', 'm * m',
  'CAST(d AS integer)', 'CAST(d AS long)', 'CAST(i AS decimal(12,3))', 'CAST(d AS decimal(10,1))', 'CAST(i AS short)',
  'date_add(dt, l)', 'dt + l', 'abs(-i - 1)',
  // failing before running: the binder refuses them for both
  'ts - ts', "ts - TIMESTAMP '2024-01-01 00:00:00'", 'dt - ts', 'extract(YEAR FROM ts - dt)', 'extract(DAY FROM INTERVAL 1 MONTH)',
  'extract(MONTH FROM INTERVAL 1 YEAR 2 DAYS)', 'extract(SECOND FROM INTERVAL 1 MONTH 1 SECOND)', 'extract(QUARTER FROM INTERVAL 1 DAY)', 'extract(DAY FROM ts - i)',
  '-~i', '~d', '~m', '~s', '~b', '~dt', "s + 1", "i = 'abc'", 'b + 1', 'upper(i)', 'length(d)', 'nope', 'i AND b', 'CAST(dt AS integer)',
  "dt = 'not a date'", 'substring(s, 1.5)', 'sum(i)', "s RLIKE '(?=x)'", "s RLIKE '\\1'", "s RLIKE '(?<n>a)'", "s RLIKE 'a\\C'", "s RLIKE 'x{1001}'",
  "'x' RLIKE concat(s, '(')", 'to_date(s, s)', 'to_date(i)', "to_date(dt, 'yyyy')", "to_date(s, 'yyyy-QQ')", "to_timestamp(b, 'yyyy')",
  "to_date(s, 'yyyy', 'x')", 'INTERVAL 1 DAY', 'i + INTERVAL 1 DAY', 'dt * INTERVAL 1 DAY', 's - INTERVAL 1 DAY',
  'INTERVAL 1 DAY - dt', 'NULL + INTERVAL 1 DAY', 'dt + INTERVAL 1 DAY * i', 'INTERVAL 1 DAY * 2',
  "regexp_extract(s, s)", "regexp_extract(s, '(a)', 2)", "regexp_extract(s, 'a')", "regexp_extract(s, '(a)', i)", "regexp_replace(s, 'a', s)",
  "regexp_replace(s, 'a', '$1')", "regexp_replace(s, '(', 'x')", "regexp_replace(s, 'a', 'x$')", 'lpad(i, 2)', 'left(s, 1.5)', "repeat(s, 'x')",
  "instr(i, 'a')", "concat_ws(1, s)", "next_day(dt, 'someday')", 'next_day(dt, s)', "next_day(s, 'mon')", 'make_date(2024, 1, 1.5)',
  "if(i, 1, 2)", "if(b, 1, 'x')", "greatest(i, s)", 'nvl2(i, 1, s)', "date_format(dt, s)", "date_format(s, 'yyyy')", "date_format(dt, 'yyyy-QQ')",
  'make_interval(1)', 'dt + make_interval(i)', 'dt + make_interval(1.5)', 's + make_ym_interval(1)', 'dt + make_dt_interval(0, 0, 0, 0.0000001)',
  "months_between(dt, ts, 'yes')", 'months_between(dt, i)',
  "from_unixtime(d)", "unix_timestamp(i)", "unix_timestamp(dt, 'yyyy')", 'sign(s)', 'dayofweek(i)', 'date_sub(dt, d)',
  'dt + INTERVAL 1000000 YEARS * 1000', "date_trunc('fortnight', dt)", 'date_trunc(s, dt)', "date_trunc('day', i)", 'add_months(dt, 1.5)', 'add_months(s, 1)', 'last_day(i)', 'add_months(dt, l)', 'INTERVAL 1 DAY + INTERVAL 1 DAY', 'coalesce(INTERVAL 1 DAY)', `s LIKE '${'%a'.repeat(501)}'`,
];

export const AGGREGATE_EXPRESSIONS = [
  'count(*)', 'count(i)', 'count(DISTINCT s)', 'count(DISTINCT i)', 'sum(i)', 'sum(l)', 'sum(d)', 'sum(m)', 'sum(DISTINCT i)',
  'avg(i)', 'avg(d)', 'avg(m)', 'avg(DISTINCT i)', 'min(i)', 'max(s)', 'min(dt)', 'max(ts)', 'min(b)', 'max(m)',
  'stddev(d)', 'stddev_samp(i)', 'stddev_pop(i)', 'variance(i)', 'var_samp(d)', 'var_pop(l)', 'median(i)',
  'median(d)', 'median(m)', 'max(i) - min(i)', 'round(avg(d), 2)', "g || ':' || count(*)", 'sum(i) / count(*)',
  'count(*) + 1', 'coalesce(sum(i), 0)', 'CASE WHEN count(i) > 1 THEN 1 ELSE 0 END', 'sum(i + l)', 'avg(CAST(b AS integer))',
  'grouping(g)', 'grouping(g) + count(*)', 'grouping_id(g)', 'grouping_id(g, g) * 2',
];

/** Spec 10.2: mixed types widen without losing information; each row is [expression, widened type]. */
export const WIDENING: readonly [string, string][] = [
  ['CAST(1 AS byte) + CAST(2 AS short)', 'short'],
  ['CAST(1 AS short) * i', 'integer'],
  ['CAST(1 AS byte) * l', 'long'],
  ['i + l', 'long'],
  ['l + d', 'double'],
  ['CAST(1.5 AS float) + d', 'double'],
  ['i + m', 'decimal(13,2)'],
  ['CASE WHEN b THEN CAST(1 AS byte) ELSE CAST(2 AS short) END', 'short'],
  ['CASE WHEN b THEN l ELSE d END', 'double'],
  ['coalesce(i, m)', 'decimal(12,2)'],
  ['CASE WHEN b THEN dt ELSE ts END', 'timestamp'],
  ['coalesce(dt, ts)', 'timestamp'],
];
