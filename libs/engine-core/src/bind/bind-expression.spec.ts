import { parseExpression } from '@pipeline/definition';
import { bindExpression, type Column, type Scope } from './bind-expression';

const COLUMNS: Column[] = [
  { name: 'a', type: 'integer' },
  { name: 'dt', type: 'date' },
  { name: 'ts', type: 'timestamp' },
  { name: 'g', type: 'string' },
  { name: 'blob', type: 'blob' },
];

function failure(text: string, context: Scope['context'] = 'row'): { code: string; message: string } {
  try {
    bindExpression(parseExpression(text), { asset: 's', field: 'columns', from: 'raw', columns: COLUMNS, context, groupKeys: ['g'] });
  } catch (e) {
    const { code, message } = e as { code: string; message: string };
    return { code, message };
  }
  throw new Error(`bound without error: ${text}`);
}

/** A row scope of asset `s` reading `raw`, whose columns are `columns`. */
const rowScope = (columns: Column[]): Scope => ({ asset: 's', field: 'columns', from: 'raw', columns, context: 'row' });

/** The type `text` binds to in `scope`. */
const typeIn = (scope: Scope, text: string): string => bindExpression(parseExpression(text), scope).type;

/** The code and message `text` fails to bind with in `scope`. */
function problemIn(scope: Scope, text: string): string {
  try {
    bindExpression(parseExpression(text), scope);
  } catch (e) {
    return `${(e as { code: string }).code} ${(e as Error).message}`;
  }
  throw new Error(`bound without error: ${text}`);
}

describe('binding calls', () => {
  it.each([
    ['upper(g, g)', 'E_TYPE', 'asset "s": E-EXPR-001: columns: function "upper" takes 1 argument, got 2: upper(g, g)'],
    ['upper(DISTINCT g)', 'E_TYPE', 'asset "s": E-EXPR-001: columns: function "upper" does not accept DISTINCT: upper(DISTINCT g)'],
    ['upper(*)', 'E_TYPE', 'asset "s": E-EXPR-001: columns: "*" is only allowed as count(*): upper(*)'],
    ['nope(a)', 'E_UNSUPPORTED_FUNCTION', 'asset "s": columns: unknown function "nope"'],
    ['sum(a)', 'E_AGGREGATE', 'asset "s": E-AGG-001: columns: aggregate function "sum" is not allowed here'],
  ])('applies the catalogue rules the validator applies: %s', (text, code, message) => {
    expect(failure(text)).toEqual({ code, message });
  });

  it.each([
    ['percentile(a, 1.5)', 'percentile needs a number literal between 0 and 1 as its percentage: percentile(a, 1.5)'],
    ['percentile(a, a)', 'percentile needs a number literal between 0 and 1 as its percentage: percentile(a, a)'],
    ['percentile_approx(a, 0.5, 0)', 'percentile_approx needs a positive whole-number literal as its accuracy: percentile_approx(a, 0.5, 0)'],
    ['percentile(g, 0.5)', 'percentile needs a number as its first argument, got string: percentile(g, 0.5)'],
  ])('refuses %s', (text, problem) => {
    expect(failure(text, 'aggregate')).toEqual({ code: 'E_TYPE', message: `asset "s": E-EXPR-001: columns: ${problem}` });
  });

  it('refuses an aggregate inside another, naming both', () => {
    expect(failure('max(sum(a))', 'aggregate')).toEqual({
      code: 'E_AGGREGATE',
      message: 'asset "s": E-AGG-001: columns: aggregate function "sum" cannot be used inside aggregate function "max"',
    });
  });

  it('reads text as the shared type of a sharedArgType function, and counts values of any type', () => {
    const bound = bindExpression(parseExpression("coalesce(dt, '2024-01-31')"), {
      asset: 's',
      field: 'columns',
      from: 'raw',
      columns: COLUMNS,
      context: 'row',
    });
    expect(bound).toMatchObject({ kind: 'call', name: 'coalesce', type: 'date', args: [{ type: 'date' }, { kind: 'typed_literal', value: '2024-01-31' }] });
    expect(failure('upper(blob)').message).toBe('asset "s": E-EXPR-001: columns: blob has type blob, which expressions cannot compute with');
    const counted = bindExpression(parseExpression('count(blob)'), { asset: 's', field: 'agg', from: 'raw', columns: COLUMNS, context: 'aggregate' });
    expect(counted.type).toBe('long');
  });
});

describe('binding the wider scalar catalogue', () => {
  const bind = (text: string) => bindExpression(parseExpression(text), rowScope(COLUMNS));

  it.each([
    ["lpad(a, 3, '0')", 'lpad needs a string as its first argument, got integer'],
    ["left(g, '2')", 'left needs a whole number as its count, got string'],
    ["instr(g, a)", 'instr needs a string as its search text, got integer'],
    ["regexp_extract(g, g)", 'regexp_extract needs a text literal as its pattern'],
    ["regexp_extract(g, '(a)', 2)", 'regexp_extract asks for group 2, but the pattern has 1 group'],
    ["regexp_extract(g, 'a')", 'regexp_extract asks for group 1, but the pattern has 0 groups'],
    ["regexp_replace(g, 'a', g)", 'regexp_replace needs a text literal as its replacement'],
    ["if(a, 1, 2)", 'if needs a true/false condition as its first argument, got integer'],
    ["next_day(dt, 'someday')", "next_day needs a day-of-week literal as its second argument, such as 'Mon' or 'monday'"],
    ["make_date(2024, 1, 1.5)", 'make_date needs a whole number as its day, got double'],
    ["date_format(dt, g)", 'date_format needs a text literal as its pattern'],
    ["date_format(dt, 'yyyy-QQ')", `date_format pattern 'yyyy-QQ' uses "Q", which is not supported (supported: yyyy MM dd HH mm ss SSS SSSSSS)`],
    [`to_date(g, '${'dd'.repeat(51)}')`, 'to_date pattern has 102 characters, more than the 100 a date pattern may have'],
    ["unix_timestamp(a)", 'unix_timestamp needs a text, date or timestamp as its first argument, got integer'],
    ["sign(g)", 'sign needs a number as its argument, got string'],
    ['make_interval(1)', 'make_interval makes an interval, which can only be added to or subtracted from a date or timestamp, with number literals as its arguments'],
    ['make_ym_interval(a)', 'make_ym_interval makes an interval, which can only be added to or subtracted from a date or timestamp, with number literals as its arguments'],
  ])('refuses %s', (text, problem) => {
    expect(failure(text)).toEqual({ code: 'E_TYPE', message: `asset "s": E-EXPR-001: columns: ${problem}: ${text}` });
  });

  it('refuses values of types that do not mix, as a comparison does', () => {
    expect(failure('greatest(a, g)')).toEqual({ code: 'E_TYPE', message: 'asset "s": E-EXPR-001: columns: cannot compare integer with string: greatest(a, g)' });
    expect(failure("if(a > 0, a, 'x')")).toEqual({ code: 'E_TYPE', message: `asset "s": E-EXPR-001: columns: cannot compare integer with the text 'x': if(a > 0, a, 'x')` });
  });

  it.each([
    ["if(a > 0, dt, ts)", 'timestamp'],
    ["if(a > 0, dt, '2024-01-31')", 'date'],
    ["nvl2(g, a, 2.5)", 'double'],
    ['nvl2(blob, 1, 0)', 'integer'],
    ['greatest(a, 3000000000)', 'long'],
    ["least(dt, '2024-01-31')", 'date'],
    ['greatest(NULL, NULL)', 'integer'],
    ['sign(a)', 'double'],
    ['instr(g, g)', 'long'],
    ["locate('x', g, 2)", 'long'],
    ['dayofweek(ts)', 'long'],
    ['unix_timestamp(ts)', 'long'],
    ['from_unixtime(a)', 'string'],
    ['timestamp_seconds(a)', 'timestamp'],
    ["concat_ws('-', a, dt)", 'string'],
    ['isnull(blob)', 'boolean'],
    ['dt + make_ym_interval(1)', 'date'],
    ['dt + make_dt_interval(0, 1)', 'timestamp'],
  ])('types %s as %s', (text, type) => {
    expect(bind(text).type).toBe(type);
  });
});

describe('binding nested values (spec 9.7, 10.1)', () => {
  const NESTED: Column[] = [
    { name: 'id', type: 'long' },
    { name: 'addr', type: 'struct<city:string,`zip code`:integer>' },
    { name: 'tags', type: 'array<string>' },
    { name: 'm', type: 'map<date,double>' },
    { name: 'deep', type: 'array<struct<items:array<struct<price:double>>>>' },
  ];
  const scope = rowScope(NESTED);
  const typeOf = (text: string): string => typeIn(scope, text);
  const problem = (text: string): string => problemIn(scope, text);

  it.each([
    ['addr.city', 'string'],
    ['raw.addr.`zip code`', 'integer'],
    ['ADDR.CITY', 'string'],
    ['tags[0]', 'string'],
    ["m['2024-01-31']", 'double'],
    ['deep[0].items[1].price', 'double'],
    ['size(tags)', 'integer'],
    ['size(m)', 'integer'],
    ["array_contains(tags, 'x')", 'boolean'],
    ['element_at(tags, -1)', 'string'],
    ["element_at(m, DATE '2024-01-01')", 'double'],
    ['array(id, 1.5)', 'array<double>'],
    ['array(id, 2)', 'array<long>'],
    ['array(NULL)', 'array<integer>'],
    ['struct(id, addr.city, 1)', 'struct<id:long,city:string,col3:integer>'],
    ["named_struct('a b', tags, 'n', NULL)", 'struct<`a b`:array<string>,n:integer>'],
    ["map('k', addr)", 'map<string,struct<city:string,`zip code`:integer>>'],
    ['transform(tags, x -> length(x))', 'array<long>'],
    ['transform(tags, id -> id)', 'array<string>'],
    ['transform(tags, x -> id)', 'array<long>'],
    ['filter(deep, d -> size(d.items) > 0)', 'array<struct<items:array<struct<price:double>>>>'],
    ['exists(tags, x -> x IS NULL)', 'boolean'],
    ['aggregate(array(1, 2), 0, (acc, x) -> acc + x)', 'integer'],
    ['aggregate(transform(deep[0].items, i -> i.price), 0.0, (s, p) -> s + p)', 'double'],
    ["aggregate(tags, '', (s, t) -> s || t, s -> length(s))", 'long'],
    ['aggregate(tags, 0, (n, t) -> n + length(t))', 'long'],
    ['aggregate(deep[0].items, 0.0, (s, i) -> s + i.price)', 'double'],
    ['transform(transform(tags, x -> length(x)), x -> x * 2)', 'array<long>'],
  ])('%s is %s', (text, type) => {
    expect(typeOf(text)).toBe(type);
  });

  it.each([
    ['addr.country', 'E_COLUMN_NOT_FOUND asset "s": E-EXPR-006: columns: struct field "country" not found in addr.country (fields: city, zip code)'],
    ['tags.x', 'E_TYPE asset "s": E-EXPR-001: columns: field access .x needs a struct, got array<string>: tags.x'],
    ['id[0]', 'E_TYPE asset "s": E-EXPR-001: columns: [...] needs an array or a map, got long: id[0]'],
    ['tags[1.5]', 'E_TYPE asset "s": E-EXPR-001: columns: an array index must be a whole number, got double: tags[1.5]'],
    ["m['nope']", "E_TYPE asset \"s\": E-EXPR-001: columns: cannot compare date with the text 'nope': m['nope']"],
    ['m[1]', 'E_TYPE asset "s": E-EXPR-001: columns: a key of map<date,double> cannot be integer: m[1]'],
    ['tags = tags', 'E_TYPE asset "s": E-EXPR-001: columns: tags has type array<string>, which expressions cannot compare'],
    ['size(id)', 'E_TYPE asset "s": E-EXPR-001: columns: size needs an array or a map, got long: size(id)'],
    ['array_contains(tags, 1)', 'E_TYPE asset "s": E-EXPR-001: columns: array_contains cannot look for integer in array<string>: array_contains(tags, 1)'],
    ["array(1, 'x')", "E_TYPE asset \"s\": E-EXPR-001: columns: cannot compare integer with the text 'x': array(1, 'x')"],
    ['struct(id, id)', 'E_TYPE asset "s": E-EXPR-001: columns: struct would have two fields named "id": struct(id, id)'],
    ["named_struct('a', 1, 'b')", 'E_TYPE asset "s": E-EXPR-001: columns: named_struct needs name, value pairs: named_struct(\'a\', 1, \'b\')'],
    ['named_struct(id, 1)', 'E_TYPE asset "s": E-EXPR-001: columns: named_struct needs a text literal as field name 1: named_struct(id, 1)'],
    ["map('a', 1, 2, 3)", 'E_TYPE asset "s": E-EXPR-001: columns: map needs keys of one type, got string, integer: map(\'a\', 1, 2, 3)'],
    ['transform(id, x -> x)', 'E_TYPE asset "s": E-EXPR-001: columns: transform needs an array as its first argument, got long: transform(id, x -> x)'],
    ['filter(tags, x -> length(x))', 'E_TYPE asset "s": E-EXPR-001: columns: the lambda of filter must give true/false, got long: filter(tags, x -> length(x))'],
    ['aggregate(tags, 0, (s, x) -> x)', 'E_TYPE asset "s": E-EXPR-001: columns: the merge lambda of aggregate must give integer, got string: aggregate(tags, 0, (s, x) -> x)'],
    ["aggregate(array(1), 0, (s, x) -> 'x')", 'E_TYPE asset "s": E-EXPR-001: columns: the merge lambda of aggregate must give integer, got string: aggregate(array(1), 0, (s, x) -> \'x\')'],
    ['transform(tags, x -> count(x))', 'E_AGGREGATE asset "s": E-AGG-001: columns: a lambda cannot hold an aggregate or window expression: transform(tags, x -> count(x))'],
    ['transform(tags, x -> y)', 'E_COLUMN_NOT_FOUND asset "s": E-COL-001: columns: column "y" not found (columns: id, addr, tags, m, deep)'],
  ])('refuses %s', (text, message) => {
    expect(problem(text)).toBe(message);
  });
});

describe('binding the array functions (spec 9.13.7)', () => {
  const ARRAYS: Column[] = [
    { name: 'id', type: 'long' },
    { name: 'ints', type: 'array<integer>' },
    { name: 'longs', type: 'array<long>' },
    { name: 'ds', type: 'array<double>' },
    { name: 'tags', type: 'array<string>' },
    { name: 'days', type: 'array<date>' },
    { name: 'moments', type: 'array<timestamp>' },
    { name: 'grid', type: 'array<array<integer>>' },
    { name: 'wide', type: 'array<array<long>>' },
    { name: 'people', type: 'array<struct<n:integer>>' },
    { name: 'maps', type: 'array<map<string,long>>' },
    { name: 's', type: 'struct<xs:array<long>>' },
  ];
  const scope = rowScope(ARRAYS);
  const typeOf = (text: string): string => typeIn(scope, text);
  const problem = (text: string): string => problemIn(scope, text);

  it.each([
    ['array_distinct(tags)', 'array<string>'],
    ['array_distinct(people)', 'array<struct<n:integer>>'],
    ['array_distinct(NULL)', 'array<integer>'],
    ['array_sort(days)', 'array<date>'],
    ['array_union(ints, longs)', 'array<long>'],
    ['array_union(ints, ds)', 'array<double>'],
    ['array_intersect(days, moments)', 'array<timestamp>'],
    ['array_except(grid, wide)', 'array<array<long>>'],
    ['array_union(tags, NULL)', 'array<string>'],
    ["array_join(tags, ',')", 'string'],
    ["array_join(ds, ',', 'none')", 'string'],
    ['array_position(ints, id)', 'long'],
    ['array_position(ints, 1.5)', 'long'],
    ['array_remove(ints, id)', 'array<long>'],
    ['array_remove(tags, NULL)', 'array<string>'],
    ['array_repeat(id, 3)', 'array<long>'],
    ['array_repeat(tags, id)', 'array<array<string>>'],
    ['array_repeat(NULL, 2)', 'array<integer>'],
    ['arrays_zip(ints, tags)', 'array<struct<ints:integer,tags:string>>'],
    ['arrays_zip(s.xs, array(1, 2), NULL)', 'array<struct<xs:long,`1`:integer,`2`:integer>>'],
    ['transform(grid, g -> arrays_zip(g))', 'array<array<struct<g:integer>>>'],
    ['array_compact(days)', 'array<date>'],
    ['flatten(grid)', 'array<integer>'],
    ['flatten(array_repeat(people, 2))', 'array<struct<n:integer>>'],
  ])('%s is %s', (text, type) => {
    expect(typeOf(text)).toBe(type);
  });

  it.each([
    ['array_distinct(id)', 'array_distinct needs an array, got long: array_distinct(id)'],
    ['array_distinct(maps)', 'array_distinct cannot compare elements of type map<string,long>: array_distinct(maps)'],
    ['array_sort(grid)', 'array_sort cannot order elements of type array<integer>: array_sort(grid)'],
    ['array_union(ints, tags)', 'array_union needs arrays of one element type, got array<integer> and array<string>: array_union(ints, tags)'],
    ['array_intersect(ints, id)', 'array_intersect needs two arrays, got array<integer> and long: array_intersect(ints, id)'],
    ['array_except(grid, ints)', 'array_except needs arrays of one element type, got array<array<integer>> and array<integer>: array_except(grid, ints)'],
    ["array_join(id, ',')", "array_join needs an array as its first argument, got long: array_join(id, ',')"],
    ["array_join(people, ',')", "array_join cannot turn elements of type struct<n:integer> into text: array_join(people, ',')"],
    ['array_join(tags, 1)', 'array_join needs a string as its delimiter, got integer: array_join(tags, 1)'],
    ["array_join(tags, ',', 0)", "array_join needs a string as its nullReplacement, got integer: array_join(tags, ',', 0)"],
    ["array_position(ints, 'x')", "array_position cannot look for string in array<integer>: array_position(ints, 'x')"],
    ['array_position(maps, NULL)', 'array_position cannot compare elements of type map<string,long>: array_position(maps, NULL)'],
    ['array_remove(id, 1)', 'array_remove needs an array as its first argument, got long: array_remove(id, 1)'],
    ["array_repeat(id, '2')", 'array_repeat needs a whole number as its count, got string: array_repeat(id, \'2\')'],
    ['arrays_zip(ints, id)', 'arrays_zip needs arrays, got long as argument 2: arrays_zip(ints, id)'],
    ['arrays_zip(ints, ints)', 'arrays_zip would have two fields named "ints": arrays_zip(ints, ints)'],
    ['array_compact(id)', 'array_compact needs an array, got long: array_compact(id)'],
    ['flatten(tags)', 'flatten needs an array of arrays, got array<string>: flatten(tags)'],
    ["array_join(tags, ',', nullReplacement => '-', x => 1)", 'EXPR_NAMED_ARGUMENT function "array_join" has no parameter "x" (parameters: array, delimiter, nullreplacement) at column 47'],
  ])('refuses %s', (text, message) => {
    expect(problem(text)).toBe(message.startsWith('EXPR_') ? message : `E_TYPE asset "s": E-EXPR-001: columns: ${message}`);
  });
});

describe('binding map, higher-order and struct functions (spec 9.13.7-9.13.9) and grouping_id (9.13.12)', () => {
  const NESTED: Column[] = [
    { name: 'id', type: 'long' },
    { name: 'addr', type: 'struct<city:string,zip:integer>' },
    { name: 'tags', type: 'array<string>' },
    { name: 'm', type: 'map<string,integer>' },
    { name: 'es', type: 'array<struct<k:date,v:double>>' },
  ];
  const scope = rowScope(NESTED);
  const typeOf = (text: string): string => typeIn(scope, text);
  const problem = (text: string, context: Scope = scope): string => problemIn(context, text);

  it.each([
    ['map_keys(m)', 'array<string>'],
    ['map_values(m)', 'array<integer>'],
    ['map_entries(m)', 'array<struct<key:string,value:integer>>'],
    ["map_concat(m, map('x', id))", 'map<string,long>'],
    ['map_from_arrays(tags, array(1.5))', 'map<string,double>'],
    ['map_from_entries(es)', 'map<date,double>'],
    ['transform_keys(m, (k, v) -> v)', 'map<integer,integer>'],
    ['transform_values(m, (k, v) -> k || v)', 'map<string,string>'],
    ['map_filter(m, (k, v) -> v > id)', 'map<string,integer>'],
    ['zip_with(tags, es, (t, e) -> e.v)', 'array<double>'],
    ['zip_with(tags, tags, (a, b) -> NULL)', 'array<integer>'],
    ['forall(tags, t -> t IS NULL)', 'boolean'],
    ["with_field(addr, 'zip', 'x')", 'struct<city:string,zip:string>'],
    ["with_field(addr, 'CITY', NULL)", 'struct<CITY:integer,zip:integer>'],
    ["with_field(addr, 'n', tags)", 'struct<city:string,zip:integer,n:array<string>>'],
    ["drop_fields(addr, 'zip')", 'struct<city:string>'],
  ])('%s is %s', (text, type) => {
    expect(typeOf(text)).toBe(type);
  });

  it.each([
    ['map_keys(tags)', 'E_TYPE asset "s": E-EXPR-001: columns: map_keys needs a map as its first argument, got array<string>: map_keys(tags)'],
    ['map_concat(m, tags)', 'E_TYPE asset "s": E-EXPR-001: columns: map_concat needs a map as argument 2, got array<string>: map_concat(m, tags)'],
    ['map_from_arrays(es, tags)', 'E_TYPE asset "s": E-EXPR-001: columns: map_from_arrays needs keys of a scalar type, got struct<k:date,v:double>: map_from_arrays(es, tags)'],
    ['map_from_arrays(id, tags)', 'E_TYPE asset "s": E-EXPR-001: columns: map_from_arrays needs an array of keys as its first argument, got long: map_from_arrays(id, tags)'],
    ['map_from_entries(tags)', 'E_TYPE asset "s": E-EXPR-001: columns: map_from_entries needs an array of two-field structs (struct<key,value>), got array<string>: map_from_entries(tags)'],
    ['transform_keys(m, (k, v) -> tags)', 'E_TYPE asset "s": E-EXPR-001: columns: the lambda of transform_keys must give a scalar key, got array<string>: transform_keys(m, (k, v) -> tags)'],
    ['map_filter(m, (k, v) -> k)', 'E_TYPE asset "s": E-EXPR-001: columns: the lambda of map_filter must give true/false, got string: map_filter(m, (k, v) -> k)'],
    ['forall(m, x -> true)', 'E_TYPE asset "s": E-EXPR-001: columns: forall needs an array as its first argument, got map<string,integer>: forall(m, x -> TRUE)'],
    ['forall(tags, x -> 1)', 'E_TYPE asset "s": E-EXPR-001: columns: the lambda of forall must give true/false, got integer: forall(tags, x -> 1)'],
    ['zip_with(tags, m, (a, b) -> a)', 'E_TYPE asset "s": E-EXPR-001: columns: zip_with needs an array as its second argument, got map<string,integer>: zip_with(tags, m, (a, b) -> a)'],
    ["with_field(tags, 'a', 1)", "E_TYPE asset \"s\": E-EXPR-001: columns: with_field needs a struct as its first argument, got array<string>: with_field(tags, 'a', 1)"],
    ["drop_fields(addr, 'zip', 'ZIP')", "E_TYPE asset \"s\": E-EXPR-001: columns: drop_fields names the field \"ZIP\" twice: drop_fields(addr, 'zip', 'ZIP')"],
    ["drop_fields(addr, 'city', 'zip')", "E_TYPE asset \"s\": E-EXPR-001: columns: drop_fields cannot drop every field of struct<city:string,zip:integer> (a struct needs at least one): drop_fields(addr, 'city', 'zip')"],
    ["drop_fields(addr, 'x')", "E_TYPE asset \"s\": E-EXPR-001: columns: drop_fields cannot drop field \"x\": struct<city:string,zip:integer> has no such field (fields: city, zip): drop_fields(addr, 'x')"],
    ['drop_fields(addr, id)', 'E_TYPE asset "s": E-EXPR-001: columns: drop_fields needs a text literal naming a field as argument 2: drop_fields(addr, id)'],
  ])('refuses %s', (text, message) => {
    expect(problem(text)).toBe(message);
  });

  it('types grouping_id as an integer over grouping keys only, at most 31 of them', () => {
    const keys = Array.from({ length: 32 }, (_, i) => ({ name: `k${i}`, type: 'string' }));
    const grouped: Scope = { asset: 's', field: 'agg', from: 'raw', columns: [...keys, { name: 'n', type: 'long' }], context: 'aggregate', groupKeys: keys.map((k) => k.name) };
    expect(bindExpression(parseExpression('grouping_id(k0, k1)'), grouped).type).toBe('integer');
    expect(problem('grouping_id(k0, n)', grouped)).toBe('E_AGGREGATE asset "s": E-AGG-001: agg: every argument of grouping_id must be a grouping key column (' + keys.map((k) => k.name).join(', ') + '): grouping_id(k0, n)');
    const all = `grouping_id(${keys.map((k) => k.name).join(', ')})`;
    expect(problem(all, grouped)).toBe(`E_TYPE asset "s": E-EXPR-001: agg: grouping_id takes at most 31 keys, got 32: ${all}`);
  });
});

describe('intervals of spec 10.4 that are no value', () => {
  it('refuses timestamp - timestamp, saying what to write instead', () => {
    expect(failure("ts - TIMESTAMP '2024-01-01 00:00:00'")).toEqual({
      code: 'E_TYPE',
      message:
        'asset "s": E-EXPR-001: columns: timestamp - timestamp is an interval (spec 10.4), which no output format holds: read a part of it with extract(DAY|HOUR|MINUTE|SECOND FROM a - b), or use date_diff(a, b) for days or unix_timestamp(a) - unix_timestamp(b) for seconds: ts - TIMESTAMP \'2024-01-01 00:00:00\'',
    });
    expect(failure('dt - ts').message).toMatch(/^asset "s": E-EXPR-001: columns: date - timestamp is an interval/);
  });

  it("types extract's parts of an interval as Spark does", () => {
    const scope = rowScope(COLUMNS);
    expect(['DAY', 'HOUR', 'MINUTE', 'SECOND'].map((f) => typeIn(scope, `extract(${f} FROM ts - dt)`))).toEqual(['integer', 'byte', 'byte', 'decimal(8,6)']);
    expect(['YEAR', 'MONTH'].map((f) => typeIn(scope, `extract(${f} FROM INTERVAL 2 YEARS)`))).toEqual(['integer', 'byte']);
    expect(problemIn(scope, 'extract(MONTH FROM ts - dt)')).toMatch(/^E_TYPE .*needs a year-month interval, and the difference of two dates or timestamps is a day-time one/);
  });
});
