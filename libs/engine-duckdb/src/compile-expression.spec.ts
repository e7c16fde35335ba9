import { parseExpression } from '@pipeline/definition';
import { bindExpression, type Column, type BoundExpr } from '@pipeline/engine-core';
import { compileDuckDbExpression, duckDbTypeName, DUCKDB_FUNCTIONS } from './compile-expression';
import { jsonDepthGuard as guard } from './json-depth-sql';

const COLUMNS: Column[] = [
  { name: 'salary', type: 'double' },
  { name: 'status', type: 'string' },
  { name: 'name', type: 'string' },
  { name: 'weird "col', type: 'string' },
  { name: 'a', type: 'integer' },
  { name: 'hired', type: 'date' },
];

function sql(text: string, context: 'row' | 'aggregate' = 'row'): string {
  return compileDuckDbExpression(bindExpression(parseExpression(text), { asset: 'x', field: 'f', from: 'r', columns: COLUMNS, context }));
}

describe('DuckDB expression compiler (golden table)', () => {
  it.each([
    ['salary > 50000', '("salary" > 50000)'],
    ["status = 'active' AND salary >= 1.5", `(("status" = 'active') AND ("salary" >= CAST(1.5 AS DOUBLE)))`],
    ["name LIKE 'A%'", `("name" LIKE 'A%')`],
    ["name NOT ILIKE '%x'", `("name" NOT ILIKE '%x')`],
    ["name RLIKE '^a.*'", `regexp_matches("name", '^a.*')`],
    ["name NOT RLIKE 'b'", `(NOT regexp_matches("name", 'b'))`],
    ['`weird "col` IS NULL', '("weird ""col" IS NULL)'],
    ['a IN (1, 2)', '("a" IN (1, 2))'],
    ['a NOT BETWEEN 1 AND 10', '("a" NOT BETWEEN 1 AND 10)'],
    ['NOT (a = 1 OR a <> 2)', '(NOT (("a" = 1) OR ("a" <> 2)))'],
    ['a <=> NULL', '("a" IS NOT DISTINCT FROM NULL)'],
    ['-a + 3 * (a - 1) / 2 % 5', '((- "a") + (((3 * ("a" - 1)) / 2) % 5))'],
    ["CASE WHEN a > 1 THEN 'x' ELSE NULL END", `CASE WHEN ("a" > 1) THEN 'x' ELSE NULL END`],
    ['CAST(a AS decimal(10,2))', 'CAST("a" AS DECIMAL(10,2))'],
    ['TRY_CAST(name AS date)', 'TRY_CAST("name" AS DATE)'],
    ["hired > '2020-01-01'", `("hired" > DATE '2020-01-01')`],
    ["salary > '50000'", '("salary" > 50000)'],
    ["name || ' (' || a || ')'", `((("name" || ' (') || CAST("a" AS VARCHAR)) || ')')`],
    ['concat(name, a)', '("name" || CAST("a" AS VARCHAR))'],
    ['upper(trim(name))', `upper(trim("name", ' '))`],
    ['substring(name, 1, 3)', 'substring("name", 1, 3)'],
    ['round(salary, 2)', 'round("salary", 2)'],
    ['floor(a)', 'CAST(floor("a") AS INTEGER)'],
    ['ceil(salary)', 'ceil("salary")'],
    ['coalesce(salary, 0)', 'coalesce("salary", 0)'],
    ['ifnull(a, 1)', 'coalesce("a", 1)'],
    ['nullif(a, 0)', 'nullif("a", 0)'],
    ['year(hired)', 'year("hired")'],
    ['date_add(hired, 7)', '("hired" + 7)'],
    ["date_diff(hired, DATE '2020-01-01')", `date_diff('day', DATE '2020-01-01', "hired")`],
    ['current_date()', 'current_date'],
    ["to_date(name, 'dd/MM/yyyy')", `CAST(try_strptime("name", '%d/%m/%Y') AS DATE)`],
    ["to_timestamp(name, 'yyyy-MM-dd''T''HH:mm:ss.SSS')", `try_strptime("name", '%Y-%m-%dT%H:%M:%S.%g')`],
    ["to_timestamp(name, '%d%%%m')", `try_strptime("name", '%d%%%m')`],
    ['to_date(name)', 'TRY_CAST("name" AS DATE)'],
    ['hired + INTERVAL 1 YEAR 2 MONTHS 3 DAYS', `CAST(("hired" + INTERVAL '14 months 3 days 0 microseconds') AS DATE)`],
    ['hired - INTERVAL 90 MINUTES', `("hired" - INTERVAL '0 months 0 days 5400000000 microseconds')`],
    ['INTERVAL -1 DAY + hired', `CAST((INTERVAL '0 months -1 days 0 microseconds' + "hired") AS DATE)`],
    ['to_timestamp(hired)', 'TRY_CAST("hired" AS TIMESTAMP)'],
    ['current_timestamp()', 'CAST(current_timestamp AS TIMESTAMP)'],
    ['mod(a, 3)', '("a" % 3)'],
    ['power(a, 2)', 'power("a", 2)'],
    ['sqrt(salary)', 'sqrt("salary")'],
    ['length(name)', 'length("name")'],
    ["replace(name, 'a', 'b')", `replace("name", 'a', 'b')`],
    ['abs(a)', 'abs("a")'],
    ['hired + 1', '("hired" + 1)'],
    ["TIMESTAMP '2024-01-02T03:04:05Z'", "TIMESTAMP '2024-01-02 03:04:05'"],
    ["TIMESTAMP '2024-01-02 03:04:05+02:00'", "TIMESTAMP '2024-01-02 01:04:05'"],
    ["name = 'it''s'", `("name" = 'it''s')`],
    ['salary AS s', '"salary"'],
    ['SALARY > 1', '("salary" > 1)'],
    ['r.salary > 1', '("salary" > 1)'],
    ["concat_ws('-', name, a)", `concat_ws('-', "name", CAST("a" AS VARCHAR))`],
    [
      "lpad(name, 5, '0')",
      `CASE WHEN "name" IS NULL OR 5 IS NULL OR '0' IS NULL THEN NULL ELSE CASE WHEN 5 < 1 THEN '' WHEN 5 > 10000 THEN error('pipeline rule broken: lpad makes text of at most 10000 characters; a length in the data is larger') ` +
        `WHEN '0' = '' OR length("name") >= 5 THEN left("name", 5) ELSE lpad("name", CAST(5 AS INTEGER), '0') END END`,
    ],
    [
      'rpad(name, a)',
      `CASE WHEN "name" IS NULL OR "a" IS NULL OR ' ' IS NULL THEN NULL ELSE CASE WHEN "a" < 1 THEN '' WHEN "a" > 10000 THEN error('pipeline rule broken: rpad makes text of at most 10000 characters; a length in the data is larger') ` +
        `WHEN ' ' = '' OR length("name") >= "a" THEN left("name", "a") ELSE rpad("name", CAST("a" AS INTEGER), ' ') END END`,
    ],
    ['left(name, 2)', `CASE WHEN "name" IS NULL OR 2 IS NULL THEN NULL ELSE CASE WHEN 2 < 1 THEN '' ELSE left("name", 2) END END`],
    ['reverse(name)', `array_to_string(list_reverse(string_split("name", '')), '')`],
    ['initcap(name)', `array_to_string(list_transform(string_split(lower("name"), ' '), lambda w: upper(left(w, 1)) || substring(w, 2)), ' ')`],
    ["starts_with(name, 'A')", `starts_with("name", 'A')`],
    ["locate('a', name, 2)", `CASE WHEN 'a' IS NULL OR "name" IS NULL OR 2 IS NULL THEN NULL ELSE CASE WHEN 2 < 1 THEN 0 WHEN instr(substring("name", 2), 'a') = 0 THEN 0 ELSE instr(substring("name", 2), 'a') + 2 - 1 END END`],
    ["split_part(name, ',', -1)", `split_part("name", ',', (- 1))`],
    ["regexp_extract(name, '(\\d+)-(\\d+)', 2)", `regexp_extract("name", '(\\d+)-(\\d+)', 2)`],
    ["regexp_replace(name, '(a)(b)', '$2\\\\$1\\$')", `regexp_replace("name", '(a)(b)', '\\2\\\\\\1$', 'g')`],
    ['ln(salary)', 'CASE WHEN "salary" > 0 THEN ln("salary") END'],
    ['log(2, salary)', 'CASE WHEN 2 > 0 AND "salary" > 0 THEN ln("salary") / ln(2) END'],
    ['sign(a)', 'CAST(sign("a") AS DOUBLE)'],
    ['greatest(a, salary, 0)', 'greatest(CAST("a" AS DOUBLE), "salary", CAST(0 AS DOUBLE))'],
    ["if(a > 1, 'x', name)", `CASE WHEN ("a" > 1) THEN 'x' ELSE "name" END`],
    ['nvl2(name, a, 0)', 'CASE WHEN "name" IS NOT NULL THEN "a" ELSE 0 END'],
    ['isnull(hired)', '("hired" IS NULL)'],
    ['dayofweek(hired)', '(dayofweek("hired") + 1)'],
    ["next_day(hired, 'Fri')", `("hired" + CAST(((5 - isodow("hired") + 6) % 7 + 1) AS INTEGER))`],
    ['make_date(a, 1, 1)', 'CASE WHEN "a" BETWEEN 1 AND 9999 THEN try(make_date(CAST("a" AS BIGINT), CAST(1 AS BIGINT), CAST(1 AS BIGINT))) END'],
    ['unix_timestamp(hired)', `date_diff('second', TIMESTAMP '1970-01-01 00:00:00', CAST("hired" AS TIMESTAMP))`],
    ["unix_timestamp(name, 'dd/MM/yyyy')", `date_diff('second', TIMESTAMP '1970-01-01 00:00:00', try_strptime("name", '%d/%m/%Y'))`],
    ['from_unixtime(a)', `strftime(make_timestamp(CAST("a" AS BIGINT) * 1000000), '%Y-%m-%d %H:%M:%S')`],
    ["date_format(hired, 'dd.MM.yyyy')", `strftime("hired", '%d.%m.%Y')`],
    ['extract(QUARTER FROM hired)', 'quarter("hired")'],
    ['hired + make_interval(1, 2, 1)', `CAST(("hired" + INTERVAL '14 months 7 days 0 microseconds') AS DATE)`],
    ['hired - make_dt_interval(0, 1, 30)', `("hired" - INTERVAL '0 months 0 days 5400000000 microseconds')`],
    [
      "months_between(hired, DATE '2020-01-31', FALSE)",
      `CASE WHEN day("hired") = day(DATE '2020-01-31') OR (day("hired") = day(last_day("hired")) AND day(DATE '2020-01-31') = day(last_day(DATE '2020-01-31'))) ` +
        `THEN CAST((year("hired") * 12 + month("hired")) - (year(DATE '2020-01-31') * 12 + month(DATE '2020-01-31')) AS DOUBLE) ` +
        `ELSE (CAST((year("hired") * 12 + month("hired")) - (year(DATE '2020-01-31') * 12 + month(DATE '2020-01-31')) AS DOUBLE) + ` +
        `CAST((day("hired") - day(DATE '2020-01-31')) * 86400 + (hour("hired") * 3600 + minute("hired") * 60 + second("hired")) - ` +
        `(hour(DATE '2020-01-31') * 3600 + minute(DATE '2020-01-31') * 60 + second(DATE '2020-01-31')) AS DOUBLE) / CAST(2678400 AS DOUBLE)) END`,
    ],
  ])('%s  ->  %s', (text, expected) => {
    expect(sql(text)).toBe(expected);
  });

  it.each([
    ['count(*)', 'count(*)'],
    ['count(DISTINCT name)', 'count(DISTINCT "name")'],
    ['sum(a)', 'CAST(sum("a") AS BIGINT)'],
    ['sum(salary)', 'sum("salary")'],
    ['avg(salary)', 'avg("salary")'],
    ['min(name)', 'min("name")'],
    ['max(hired)', 'max("hired")'],
    ['stddev(salary)', 'stddev_samp("salary")'],
    ['variance(a)', 'var_samp("a")'],
    ['var_pop(a)', 'var_pop("a")'],
    ['stddev_pop(salary)', 'stddev_pop("salary")'],
    ['median(a)', 'median("a")'],
    ['sum(DISTINCT a)', 'CAST(sum(DISTINCT "a") AS BIGINT)'],
    ['round(avg(salary), 2)', 'round(avg("salary"), 2)'],
    ['count(a) * 2', '(count("a") * 2)'],
  ])('aggregate %s  ->  %s', (text, expected) => {
    expect(sql(text, 'aggregate')).toBe(expected);
  });

  it('never lets user text reach DuckDB unescaped', () => {
    expect(sql("name = 'x''); DROP TABLE t; --'")).toBe(`("name" = 'x''); DROP TABLE t; --')`);
    const cols: Column[] = [{ name: 'x"; DROP TABLE t; --', type: 'string' }];
    const b = bindExpression(parseExpression('`x"; DROP TABLE t; --` IS NULL'), { asset: 'x', field: 'f', from: 'r', columns: cols, context: 'row' });
    expect(compileDuckDbExpression(b)).toBe('("x""; DROP TABLE t; --" IS NULL)');
  });

  it('refuses a hand-built number literal that is not digits', () => {
    const bad: BoundExpr = { kind: 'number', text: '1; DROP TABLE t', isInteger: true, type: 'integer', span: { start: 0, end: 1 } };
    expect(() => compileDuckDbExpression(bad)).toThrow(expect.objectContaining({ name: 'EngineError' }));
  });

  it('maps every catalogue function and every portable type', () => {
    expect(Object.keys(DUCKDB_FUNCTIONS).length).toBeGreaterThanOrEqual(40);
    expect(duckDbTypeName('decimal(12,3)')).toBe('DECIMAL(12,3)');
    expect(duckDbTypeName('long')).toBe('BIGINT');
    expect(() => duckDbTypeName('struct<a>')).toThrow(expect.objectContaining({ name: 'EngineError' }));
  });
});

describe('DuckDB nested values (golden table)', () => {
  const NESTED: Column[] = [
    { name: 'addr', type: 'struct<city:string,`zip code`:integer>' },
    { name: 'tags', type: 'array<string>' },
    { name: 'm', type: 'map<string,long>' },
    { name: 'id', type: 'integer' },
  ];
  const nestedSql = (text: string): string => compileDuckDbExpression(bindExpression(parseExpression(text), { asset: 'x', field: 'f', from: 'r', columns: NESTED, context: 'row' }));

  it.each([
    ['addr.city', `struct_extract("addr", 'city')`],
    ['addr.`zip code` + 1', `(struct_extract("addr", 'zip code') + 1)`],
    ['tags[id]', `CASE WHEN "id" >= 0 THEN list_extract("tags", "id" + 1) END`],
    ["m['k']", `map_extract_value("m", 'k')`],
    ['size(tags)', 'CAST(len("tags") AS INTEGER)'],
    ['size(m)', 'CAST(cardinality("m") AS INTEGER)'],
    ["array_contains(tags, 'a')", `CASE WHEN 'a' IS NULL THEN NULL ELSE list_contains("tags", 'a') END`],
    ['element_at(tags, -1)', `list_extract("tags", (- 1))`],
    ["element_at(m, 'k')", `map_extract_value("m", 'k')`],
    ['array(id, 2.5)', 'list_value(CAST("id" AS DOUBLE), CAST(2.5 AS DOUBLE))'],
    ["struct(id, addr.city, 'x')", `struct_pack("id" := "id", "city" := struct_extract("addr", 'city'), "col3" := 'x')`],
    ["named_struct('a\"b', tags)", `struct_pack("a""b" := "tags")`],
    ["map('a', id, 'b', 2)", `MAP(['a', 'b'], ["id", 2])`],
    ["map('a', id, 'b', 3000000000)", `MAP(['a', 'b'], [CAST("id" AS BIGINT), 3000000000])`],
    ['transform(tags, x -> x || id)', `list_transform("tags", lambda "x": ("x" || CAST("id" AS VARCHAR)))`],
    ["filter(tags, `a b` -> `a b` != 'x')", `list_filter("tags", lambda "a b": ("a b" <> 'x'))`],
    [
      "exists(tags, x -> x = 'a')",
      `CASE WHEN "tags" IS NULL THEN NULL WHEN len(list_filter(list_transform("tags", lambda "x": ("x" = 'a')), lambda "b": "b")) > 0 THEN TRUE WHEN len(list_filter(list_transform("tags", lambda "x": ("x" = 'a')), lambda "b": "b" IS NULL)) > 0 THEN NULL ELSE FALSE END`,
    ],
    ['aggregate(array(id), 0, (acc, x) -> acc + x)', `CASE WHEN list_value("id") IS NULL THEN NULL ELSE list_reduce(list_value("id"), lambda "acc", "x": ("acc" + "x"), 0) END`],
    [
      'aggregate(array(id), 0.5, (acc, x) -> acc + x, acc -> acc * 2)',
      `CASE WHEN list_value("id") IS NULL THEN NULL ELSE list_transform([list_reduce(CAST(list_value("id") AS DOUBLE[]), lambda "acc", "x": ("acc" + "x"), CAST(0.5 AS DOUBLE))], lambda "acc": ("acc" * 2))[1] END`,
    ],
    [
      'aggregate(tags, 0, (n, t) -> n + length(t))',
      `CASE WHEN "tags" IS NULL THEN NULL ELSE struct_extract(list_reduce(list_prepend(struct_pack("s" := CAST(0 AS BIGINT), "e" := CAST(NULL AS VARCHAR)), list_transform("tags", lambda "__x": struct_pack("s" := CAST(NULL AS BIGINT), "e" := "__x"))), lambda "__a", "__b": struct_pack("s" := list_transform([struct_extract("__a", 's')], lambda "n": list_transform([struct_extract("__b", 'e')], lambda "t": CAST(("n" + length("t")) AS BIGINT))[1])[1], "e" := CAST(NULL AS VARCHAR))), 's') END`,
    ],
    ['substring(str => addr.city, len => 2, pos => 1)', `substring(struct_extract("addr", 'city'), 1, 2)`],
  ])('%s', (text, expected) => {
    expect(nestedSql(text)).toBe(expected);
  });

  it('names nested types in DuckDB terms', () => {
    expect(duckDbTypeName('array<struct<`a b`:map<string,array<long>>>>')).toBe('STRUCT("a b" MAP(VARCHAR, BIGINT[]))[]');
  });
});

describe('DuckDB JSON, variant and time functions (golden table, spec 9.13.10, 9.13.11, 9.13.13)', () => {
  const COLUMNS: Column[] = [
    { name: 'doc', type: 'string' },
    { name: 'v', type: 'variant' },
    { name: 's', type: 'struct<a:long>' },
    { name: 'h', type: 'integer' },
  ];
  const jsonSql = (text: string): string => compileDuckDbExpression(bindExpression(parseExpression(text), { asset: 'x', field: 'f', from: 'r', columns: COLUMNS, context: 'row' }));

  it.each([
    ["get_json_object(doc, '$.a[0][''b c'']')", `json_extract_string(CASE WHEN json_valid("doc") THEN ${guard('"doc"', 'get_json_object')} END, '$."a"[0]."b c"')`],
    ["from_json(doc, 'struct<a: int, b: array<string>>')", String.raw`json_transform(CASE WHEN json_valid("doc") THEN ${guard('"doc"', 'from_json')} END, '"STRUCT(\"a\" INTEGER, \"b\" VARCHAR[])"')`],
    [
      "from_json(doc, 'array<timestamp>')",
      `CAST(TRY_CAST(json_transform(CASE WHEN json_valid("doc") THEN ${guard('"doc"', 'from_json')} END, '"VARCHAR[]"') AS TIMESTAMPTZ[]) AS TIMESTAMP[])`,
    ],
    ['to_json(s)', 'CAST(to_json("s") AS VARCHAR)'],
    ['parse_json(doc)', `json(${guard('"doc"', 'parse_json')})`],
    ["variant_get(v, '$.a', 'long')", `json_transform_strict(json_extract(${guard('"v"', 'variant_get')}, '$."a"'), '"BIGINT"')`],
    ["try_variant_get(v, '$[1]', 'map<string,int>')", `json_transform(json_extract(${guard('"v"', 'try_variant_get')}, '$[1]'), '"MAP(VARCHAR, INTEGER)"')`],
    ['is_variant_null(v)', `coalesce(json_type(${guard('"v"', 'is_variant_null')}) = 'NULL', FALSE)`],
    ['to_json(v)', `CAST(to_json(${guard('"v"', 'to_json')}) AS VARCHAR)`],
    // Any argument but a column is bound once, so nested JSON calls do not repeat each other.
    ['parse_json(lower(doc))', `json(list_transform([lower("doc")], lambda "__json": ${guard('"__json"', 'parse_json')})[1])`],
    ['make_time(h, 30, 1.5)', `CASE WHEN "h" BETWEEN 0 AND 23 AND 30 BETWEEN 0 AND 59 AND CAST(1.5 AS DOUBLE) >= 0 AND CAST(1.5 AS DOUBLE) < 60 THEN make_time(CAST("h" AS BIGINT), CAST(30 AS BIGINT), CAST(CAST(1.5 AS DOUBLE) AS DOUBLE)) END`],
    ['current_time()', 'CAST(CAST(current_timestamp AS TIMESTAMP) AS TIME)'],
    ['current_timestamp_ntz()', 'CAST(current_timestamp AS TIMESTAMP)'],
    ['CAST(doc AS time)', 'CAST("doc" AS TIME)'],
  ])('%s', (text, expected) => {
    expect(jsonSql(text)).toBe(expected);
  });

  it('writes schema_of_json with the JSON literal escaped and token rules for the DDL', () => {
    const sql = jsonSql(`schema_of_json('{"a''b": 1}')`);
    const start = String.raw`array_to_string(list_transform(regexp_extract_all(CAST(json_structure(json(${guard(`'{"a''b": 1}'`, 'schema_of_json')})) AS VARCHAR), '"(?:[^"\\]|\\.)*":?|[{}\[\],]'), lambda "__t": CASE WHEN "__t" = '{' THEN 'struct<'`;
    expect(sql.slice(0, start.length)).toBe(start);
  });

  it('refuses wrong argument types and non-literal paths, naming the call', () => {
    expect(() => jsonSql('is_variant_null(doc)')).toThrow('is_variant_null needs a variant, got string: is_variant_null(doc)');
    expect(() => jsonSql("variant_get(v, doc, 'long')")).toThrow("variant_get needs a JSONPath text literal such as '$.a.b[0]' as its path: variant_get(v, doc, 'long')");
    expect(() => jsonSql("variant_get(v, '$', 'lng')")).toThrow(`variant_get type 'lng' is not a type: unknown type "lng" at character 4 of "lng": variant_get(v, '$', 'lng')`);
    expect(() => jsonSql("make_time(h, 1.5, 0)")).toThrow('make_time needs a whole number as its minute, got double');
    expect(() => jsonSql('CAST(h AS time)')).toThrow(expect.objectContaining({ code: 'E_TYPE' }));
  });
});

describe('DuckDB array functions (golden table, spec 9.13.7)', () => {
  const ARRAYS: Column[] = [
    { name: 'xs', type: 'array<integer>' },
    { name: 'ys', type: 'array<long>' },
    { name: 'tags', type: 'array<string>' },
    { name: 'grid', type: 'array<array<integer>>' },
    { name: 'n', type: 'integer' },
  ];
  const arraySql = (text: string): string => compileDuckDbExpression(bindExpression(parseExpression(text), { asset: 'x', field: 'f', from: 'r', columns: ARRAYS, context: 'row' }));
  const DISTINCT = (list: string): string =>
    `list_transform([list_sort(list_transform(${list}, lambda "__x", "__i": struct_pack("v" := "__x", "i" := "__i")))], lambda "__s": ` +
    `list_transform(list_sort(list_transform(list_filter("__s", lambda "__p", "__j": "__j" = 1 OR struct_extract(list_extract("__s", "__j" - 1), 'v') IS DISTINCT FROM struct_extract("__p", 'v')), ` +
    `lambda "__p": struct_pack("i" := struct_extract("__p", 'i'), "v" := struct_extract("__p", 'v')))), lambda "__p": struct_extract("__p", 'v')))[1]`;
  const PAIR = (a: string, b: string, body: string): string => `list_transform([struct_pack("__1" := ${a}, "__2" := ${b})], lambda "__v": ${body})[1]`;
  const X = `struct_extract("__v", '__1')`;
  const Y = `struct_extract("__v", '__2')`;

  it.each([
    ['array_distinct(xs)', `list_transform(["xs"], lambda "__v": ${DISTINCT('"__v"')})[1]`],
    ['array_distinct(NULL)', `list_transform([CAST(NULL AS INTEGER[])], lambda "__v": ${DISTINCT('"__v"')})[1]`],
    ['array_sort(tags)', `list_sort("tags", 'ASC', 'NULLS LAST')`],
    ['array_union(xs, ys)', PAIR('CAST("xs" AS BIGINT[])', '"ys"', `CASE WHEN ${X} IS NULL OR ${Y} IS NULL THEN NULL ELSE ${DISTINCT(`list_concat(${X}, ${Y})`)} END`)],
    [
      'array_intersect(xs, ys)',
      PAIR(
        'CAST("xs" AS BIGINT[])',
        '"ys"',
        `CASE WHEN ${Y} IS NULL THEN NULL ELSE list_filter(${X}, lambda "__x", "__i": list_position(${X}, "__x") = "__i" AND list_position(${Y}, "__x") IS NOT NULL) END`,
      ),
    ],
    [
      'array_except(xs, xs)',
      PAIR('"xs"', '"xs"', `CASE WHEN ${Y} IS NULL THEN NULL ELSE list_filter(${X}, lambda "__x", "__i": list_position(${X}, "__x") = "__i" AND list_position(${Y}, "__x") IS NULL) END`),
    ],
    [
      "array_join(xs, ', ')",
      PAIR(
        '"xs"',
        "', '",
        `CASE WHEN ${X} IS NULL OR ${Y} IS NULL THEN NULL ELSE coalesce(list_reduce(list_filter(list_transform(${X}, lambda "__x": CAST("__x" AS VARCHAR)), lambda "__x": "__x" IS NOT NULL), lambda "__a", "__b": CASE WHEN "__a" IS NULL THEN "__b" ELSE "__a" || ${Y} || "__b" END, CAST(NULL AS VARCHAR)), '') END`,
      ),
    ],
    [
      "array_join(tags, '-', '?')",
      `list_transform([struct_pack("__1" := "tags", "__2" := '-', "__3" := '?')], lambda "__v": CASE WHEN ${X} IS NULL OR ${Y} IS NULL OR struct_extract("__v", '__3') IS NULL THEN NULL ELSE coalesce(list_reduce(list_transform(${X}, lambda "__x": coalesce("__x", struct_extract("__v", '__3'))), lambda "__a", "__b": CASE WHEN "__a" IS NULL THEN "__b" ELSE "__a" || ${Y} || "__b" END, CAST(NULL AS VARCHAR)), '') END)[1]`,
    ],
    ['array_position(xs, 2.5)', PAIR('CAST("xs" AS DOUBLE[])', 'CAST(2.5 AS DOUBLE)', `CASE WHEN ${X} IS NULL OR ${Y} IS NULL THEN NULL ELSE CAST(coalesce(list_position(${X}, ${Y}), 0) AS BIGINT) END`)],
    ['array_remove(xs, n)', PAIR('"xs"', '"n"', `CASE WHEN ${Y} IS NULL THEN NULL ELSE list_filter(${X}, lambda "__x": "__x" IS DISTINCT FROM ${Y}) END`)],
    [
      'array_repeat(NULL, n)',
      PAIR(
        'CAST(NULL AS INTEGER)',
        '"n"',
        `CASE WHEN ${Y} IS NULL THEN NULL WHEN ${Y} > 10000 THEN error('pipeline rule broken: array_repeat makes at most 10000 copies of a value; a count in the data is larger') ` +
          `WHEN ${Y} > 1 AND ${Y} * greatest(coalesce(strlen(CAST(${X} AS VARCHAR)), 0), 8) > getvariable('pipeline_value_bytes') THEN error('pipeline rule broken: ' || 'array_repeat would make an array of more than ' || CAST(getvariable('pipeline_value_bytes') AS VARCHAR) || ' bytes, the largest value a job may build') ` +
          `ELSE list_transform(range(CAST(${Y} AS BIGINT)), lambda "__i": ${X}) END`,
      ),
    ],
    [
      'arrays_zip(xs, array(n))',
      PAIR(
        '"xs"',
        'list_value("n")',
        `CASE WHEN ${X} IS NULL OR ${Y} IS NULL THEN NULL ELSE list_transform(range(1, greatest(len(${X}), len(${Y})) + 1), lambda "__i": struct_pack("xs" := list_extract(${X}, "__i"), "1" := list_extract(${Y}, "__i"))) END`,
      ),
    ],
    ['arrays_zip(tags)', `list_transform(["tags"], lambda "__v": CASE WHEN "__v" IS NULL THEN NULL ELSE list_transform(range(1, len("__v") + 1), lambda "__i": struct_pack("tags" := list_extract("__v", "__i"))) END)[1]`],
    ['array_compact(tags)', `list_filter("tags", lambda "__x": "__x" IS NOT NULL)`],
    ['flatten(grid)', `list_transform(["grid"], lambda "__v": CASE WHEN len(list_filter("__v", lambda "__x": "__x" IS NULL)) > 0 THEN NULL ELSE flatten("__v") END)[1]`],
  ])('%s', (text, expected) => {
    expect(arraySql(text)).toBe(expected);
  });
});

describe('DuckDB map, higher-order and struct functions, grouping_id (golden table, spec 9.13.7-9.13.9, 9.13.12)', () => {
  const NESTED: Column[] = [
    { name: 'addr', type: 'struct<city:string,zip:integer>' },
    { name: 'tags', type: 'array<string>' },
    { name: 'm', type: 'map<string,integer>' },
    { name: 'es', type: 'array<struct<k:string,v:integer>>' },
    { name: 'g', type: 'string' },
    { name: 'h', type: 'string' },
  ];
  const nestedSql = (text: string): string =>
    compileDuckDbExpression(bindExpression(parseExpression(text), {
        asset: 'x',
        field: 'f',
        from: 'r',
        columns: NESTED,
        // grouping_id reads grouping keys in an aggregation; the others compute per row.
        ...(text.startsWith('grouping_id') ? { context: 'aggregate', groupKeys: ['g', 'h'] } : { context: 'row' }),
      }));

  it.each([
    ['map_keys(m)', `map_keys("m")`],
    ['map_values(m)', `map_values("m")`],
    ['map_entries(m)', `map_entries("m")`],
    ["map_concat(m, map('x', 3000000000))", `CASE WHEN "m" IS NULL OR MAP(['x'], [3000000000]) IS NULL THEN NULL ELSE map_concat(CAST("m" AS MAP(VARCHAR, BIGINT)), MAP(['x'], [3000000000])) END`],
    ['map_from_arrays(tags, tags)', `CASE WHEN "tags" IS NULL OR "tags" IS NULL THEN NULL WHEN len("tags") <> len("tags") THEN error('pipeline rule broken: map_from_arrays needs arrays of keys and values of the same length') ELSE CAST(list_transform([list_transform("tags", lambda "__k", "__i": struct_pack("key" := "__k", "value" := list_extract("tags", "__i")))], lambda "__l": CASE WHEN list_contains(list_transform(list_transform("__l", lambda "__e": struct_extract("__e", 'key')), lambda "__k": "__k" IS NULL), TRUE) THEN error('pipeline rule broken: map_from_arrays cannot make a map with a NULL key') WHEN len(list_distinct(list_transform("__l", lambda "__e": struct_extract("__e", 'key')))) < len("__l") THEN error('pipeline rule broken: map_from_arrays cannot make a map with a repeated key') ELSE map_from_entries("__l") END)[1] AS MAP(VARCHAR, VARCHAR)) END`],
    ['map_from_entries(es)', `CASE WHEN "es" IS NULL OR list_contains(list_transform("es", lambda "__e": "__e" IS NULL), TRUE) THEN NULL ELSE CAST(list_transform([list_transform("es", lambda "__e": struct_pack("key" := struct_extract("__e", 'k'), "value" := struct_extract("__e", 'v')))], lambda "__l": CASE WHEN list_contains(list_transform(list_transform("__l", lambda "__e": struct_extract("__e", 'key')), lambda "__k": "__k" IS NULL), TRUE) THEN error('pipeline rule broken: map_from_entries cannot make a map with a NULL key') WHEN len(list_distinct(list_transform("__l", lambda "__e": struct_extract("__e", 'key')))) < len("__l") THEN error('pipeline rule broken: map_from_entries cannot make a map with a repeated key') ELSE map_from_entries("__l") END)[1] AS MAP(VARCHAR, INTEGER)) END`],
    ["transform_keys(m, (k, v) -> k || 'x')", `CASE WHEN "m" IS NULL THEN NULL ELSE CAST(list_transform([list_transform(map_entries("m"), lambda "__e": struct_pack("key" := list_transform([struct_extract("__e", 'key')], lambda "k": list_transform([struct_extract("__e", 'value')], lambda "v": ("k" || 'x'))[1])[1], "value" := struct_extract("__e", 'value')))], lambda "__l": CASE WHEN list_contains(list_transform(list_transform("__l", lambda "__e": struct_extract("__e", 'key')), lambda "__k": "__k" IS NULL), TRUE) THEN error('pipeline rule broken: transform_keys cannot make a map with a NULL key') WHEN len(list_distinct(list_transform("__l", lambda "__e": struct_extract("__e", 'key')))) < len("__l") THEN error('pipeline rule broken: transform_keys cannot make a map with a repeated key') ELSE map_from_entries("__l") END)[1] AS MAP(VARCHAR, INTEGER)) END`],
    ['transform_values(m, (k, v) -> v + 1)', `CASE WHEN "m" IS NULL THEN NULL ELSE CAST(map_from_entries(list_transform(map_entries("m"), lambda "__e": struct_pack("key" := struct_extract("__e", 'key'), "value" := list_transform([struct_extract("__e", 'key')], lambda "k": list_transform([struct_extract("__e", 'value')], lambda "v": ("v" + 1))[1])[1]))) AS MAP(VARCHAR, INTEGER)) END`],
    ['map_filter(m, (k, v) -> v > 1)', `CASE WHEN "m" IS NULL THEN NULL ELSE CAST(map_from_entries(list_filter(map_entries("m"), lambda "__e": list_transform([struct_extract("__e", 'key')], lambda "k": list_transform([struct_extract("__e", 'value')], lambda "v": ("v" > 1))[1])[1])) AS MAP(VARCHAR, INTEGER)) END`],
    ['zip_with(tags, tags, (x, y) -> x || y)', `CASE WHEN "tags" IS NULL OR "tags" IS NULL THEN NULL ELSE CAST(list_transform(range(1, greatest(len("tags"), len("tags")) + 1), lambda "__i": list_transform([list_extract("tags", "__i")], lambda "x": list_transform([list_extract("tags", "__i")], lambda "y": ("x" || "y"))[1])[1]) AS VARCHAR[]) END`],
    ["forall(tags, x -> x = 'a')", `CASE WHEN "tags" IS NULL THEN NULL WHEN len(list_filter(list_transform("tags", lambda "x": ("x" = 'a')), lambda "b": NOT "b")) > 0 THEN FALSE WHEN len(list_filter(list_transform("tags", lambda "x": ("x" = 'a')), lambda "b": "b" IS NULL)) > 0 THEN NULL ELSE TRUE END`],
    ["with_field(addr, 'zip', 'x')", `CASE WHEN "addr" IS NULL THEN NULL ELSE struct_pack("city" := struct_extract("addr", 'city'), "zip" := 'x') END`],
    ["drop_fields(addr, 'city')", `CASE WHEN "addr" IS NULL THEN NULL ELSE struct_pack("zip" := struct_extract("addr", 'zip')) END`],
    ['grouping_id(g, h)', `CAST(grouping("g", "h") AS INTEGER)`],
  ])('%s', (text, expected) => {
    expect(nestedSql(text)).toBe(expected);
  });
});
