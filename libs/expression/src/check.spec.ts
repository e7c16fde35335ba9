import type { Expr } from './ast';
import { assertExpression, checkExpression, checkGeneratorList, parseAndCheckExpression, type CheckExpressionOptions, type ExpressionRole } from './check';
import { ExpressionCheckError, ExpressionSyntaxError } from './errors';
import { parseExpression } from './parser';

function problem(text: string, options: CheckExpressionOptions): { code: string; message: string } | undefined {
  const found = checkExpression(parseExpression(text), options);
  return found === undefined ? undefined : { code: found.code, message: found.message };
}

const ALL_ROLES: readonly ExpressionRole[] = ['predicate', 'value', 'column', 'aggregate'];

describe('checkExpression: function catalogue rules (any role)', () => {
  it.each<[string, string, string]>([
    ['foo(x) > 1', 'EXPR_UNKNOWN_FUNCTION', 'unknown function "foo" at column 1'],
    ['a + foo(x) > 1', 'EXPR_UNKNOWN_FUNCTION', 'unknown function "foo" at column 5'],
    ['NOT bar() AND x > 1', 'EXPR_UNKNOWN_FUNCTION', 'unknown function "bar" at column 5'],
    ['round(x, 1, 2) > 1', 'EXPR_ARITY', 'function "round" takes 1 to 2 arguments, got 3 at column 1'],
    ['round() > 1', 'EXPR_ARITY', 'function "round" takes 1 to 2 arguments, got 0 at column 1'],
    ['abs(x, y) > 1', 'EXPR_ARITY', 'function "abs" takes 1 argument, got 2 at column 1'],
    ['power(x) > 1', 'EXPR_ARITY', 'function "power" takes 2 arguments, got 1 at column 1'],
    ['x > 1 AND concat() = \'\'', 'EXPR_ARITY', 'function "concat" takes at least 1 argument, got 0 at column 11'],
    ['current_date(x) > 1', 'EXPR_ARITY', 'function "current_date" takes no arguments, got 1 at column 1'],
    ['UPPER(a, b) = \'X\'', 'EXPR_ARITY', 'function "upper" takes 1 argument, got 2 at column 1'],
    ['* > 1', 'EXPR_STAR', '"*" is only allowed as count(*) at column 1'],
    ['upper(*) = \'x\'', 'EXPR_STAR', '"*" is only allowed as count(*) at column 7'],
    ['t.* IS NULL', 'EXPR_STAR', '"*" is only allowed as count(*) at column 1'],
    ['upper(DISTINCT x) = \'x\'', 'EXPR_DISTINCT', 'function "upper" does not accept DISTINCT at column 1'],
    ["name RLIKE '(a)\\1'", 'EXPR_BAD_PATTERN', "invalid regular expression '(a)\\1': invalid escape sequence: `\\1` at column 12"],
    ["x > 1 OR name NOT RLIKE 'a(?=b)'", 'EXPR_BAD_PATTERN', "invalid regular expression 'a(?=b)': invalid or unsupported Perl syntax: `(?=` at column 25"],
    ["regexp_extract(name, 'a(') = ''", 'EXPR_BAD_PATTERN', "invalid regular expression 'a(': missing closing ): `a(` at column 22"],
    ["regexp_replace(name, '(a)', '$2') = ''", 'EXPR_BAD_PATTERN', 'the replacement refers to group 2, but the pattern has 1 group at column 29'],
    ["regexp_replace(name, 'a', 'US$') = ''", 'EXPR_BAD_PATTERN', 'a $ in the replacement must be followed by a group number (write \\$ for a dollar sign) at column 27'],
    ["regexp_replace(name, 'a', 'x\\') = ''", 'EXPR_BAD_PATTERN', 'the replacement ends with a lone \\ (write \\\\ for a backslash) at column 27'],
    ["get_json_object(doc, '$.a[x]') = ''", 'EXPR_BAD_LITERAL_ARGUMENT', "get_json_object: path '$.a[x]' needs [n] (a position from 0) or ['name'] at character 4 at column 22"],
    ["get_json_object(doc, path) = ''", 'EXPR_BAD_LITERAL_ARGUMENT', "get_json_object needs its JSONPath as a text literal such as '$.a.b[0]' at column 22"],
    ["variant_get(v, 'a', 'long') = 1", 'EXPR_BAD_LITERAL_ARGUMENT', "variant_get: path 'a' must start with $ at column 16"],
    ["variant_get(v, '$.a', 'lng') = 1", 'EXPR_BAD_LITERAL_ARGUMENT', "variant_get: 'lng' is not a type: unknown type \"lng\" at character 4 of \"lng\" at column 23"],
    ["size(from_json(doc, 'long')) = 1", 'EXPR_BAD_LITERAL_ARGUMENT', "from_json needs a struct, array or map schema, got 'long' at column 21"],
    ['size(array_repeat(id, 20000)) > 0', 'EXPR_TEXT_GROWTH', 'array_repeat could make an array of more than 10000 values (nested array_repeat calls multiply the count) at column 6'],
    ['size(transform(xs, x -> array_repeat(x, 500))) > 0', 'EXPR_TEXT_GROWTH', 'transform could make a value more than 10000 times larger than its input (its lambda grows each of an array\'s elements) at column 6'],
    ['size(array_repeat(array_repeat(id, 200), 200)) > 0', 'EXPR_TEXT_GROWTH', 'array_repeat could make an array of more than 10000 values (nested array_repeat calls multiply the count) at column 6'],
    ["lpad(name) = ''", 'EXPR_ARITY', 'function "lpad" takes 2 to 3 arguments, got 1 at column 1'],
    ["concat_ws(',') = ''", 'EXPR_ARITY', 'function "concat_ws" takes at least 2 arguments, got 1 at column 1'],
    ['if(x > 1, 1) = 1', 'EXPR_ARITY', 'function "if" takes 3 arguments, got 2 at column 1'],
    ['make_date(2024, 1) IS NULL', 'EXPR_ARITY', 'function "make_date" takes 3 arguments, got 2 at column 1'],
    ['size(transform(a, b)) > 1', 'EXPR_LAMBDA', 'argument 2 of transform must be a lambda of one parameter (x -> ...) at column 19'],
    ['size(transform(a, (x, y) -> x)) > 1', 'EXPR_LAMBDA', 'the lambda of transform takes 1 parameter, got 2 at column 19'],
    ['aggregate(a, 0, x -> x) > 1', 'EXPR_LAMBDA', 'the lambda of aggregate takes 2 parameters, got 1 at column 17'],
    ['aggregate(a, 0, (s, x) -> s + x, 1) > 1', 'EXPR_LAMBDA', 'argument 4 of aggregate must be a lambda of one parameter (x -> ...) at column 34'],
    ['size(array(x -> 1)) > 1', 'EXPR_LAMBDA', 'a lambda is only allowed as the function argument of a higher-order function (transform, filter, exists, forall, transform_keys, transform_values, map_filter, zip_with, aggregate) at column 12'],
    ['size(transform(a, x -> x + sum(x))) > 1', 'EXPR_LAMBDA', 'a lambda cannot hold aggregate function "sum" at column 28'],
    ['size(transform(a, x -> rank() OVER (ORDER BY x))) > 1', 'EXPR_LAMBDA', 'a lambda cannot hold a window expression at column 24'],
    ['exists(x -> x, a)', 'EXPR_LAMBDA', 'a lambda is only allowed as the function argument of a higher-order function (transform, filter, exists, forall, transform_keys, transform_values, map_filter, zip_with, aggregate) at column 8'],
    ['map_filter(m, x -> true) IS NULL', 'EXPR_LAMBDA', 'the lambda of map_filter takes 2 parameters, got 1 at column 15'],
    ['size(zip_with(a, b, c)) > 1', 'EXPR_LAMBDA', 'argument 3 of zip_with must be a lambda of 2 parameters ((a, b) -> ...) at column 21'],
    ['grouping_id() > 1', 'EXPR_ARITY', 'function "grouping_id" takes at least 1 argument, got 0 at column 1'],
  ])('%s', (text, code, message) => {
    for (const role of ALL_ROLES) {
      expect(problem(text, { role })).toEqual({ code, message });
    }
  });

  it('accepts known functions in any case with the right arity', () => {
    expect(problem("UPPER(name) = 'X' AND Round(x, 2) > 1 AND coalesce(a, b, c, d) IS NULL", { role: 'predicate' })).toBe(
      undefined,
    );
    expect(problem('current_date() > d', { role: 'predicate' })).toBe(undefined);
    expect(problem('substring(s, 1) || substring(s, 1, 2)', { role: 'value' })).toBe(undefined);
  });

  it('checks arguments of unknown functions too, reporting the earliest problem', () => {
    expect(problem('x > 1 OR foo(abs(1, 2)) > 1', { role: 'predicate' })).toEqual({
      code: 'EXPR_UNKNOWN_FUNCTION',
      message: 'unknown function "foo" at column 10',
    });
    expect(problem('abs(1, 2) > foo(1)', { role: 'predicate' })).toEqual({
      code: 'EXPR_ARITY',
      message: 'function "abs" takes 1 argument, got 2 at column 1',
    });
  });
});

describe('checkExpression: aggregate rules', () => {
  it('allows count(*), count(DISTINCT x), sum(DISTINCT x), avg(DISTINCT x)', () => {
    for (const text of ['count(*)', 'COUNT(DISTINCT dept)', 'sum(DISTINCT x)', 'avg(distinct x)']) {
      expect(problem(text, { role: 'aggregate' })).toBe(undefined);
    }
  });

  it.each<[string, string, string]>([
    ['count(*, x)', 'EXPR_ARITY', 'function "count" takes 1 argument, got 2 at column 1'],
    ['count(DISTINCT *)', 'EXPR_STAR', '"*" is only allowed as count(*) at column 16'],
    ['count(t.*)', 'EXPR_STAR', '"*" is only allowed as count(*) at column 7'],
    ['sum(*)', 'EXPR_STAR', '"*" is only allowed as count(*) at column 5'],
    ['count(*) + *', 'EXPR_STAR', '"*" is only allowed as count(*) at column 12'],
    ['min(DISTINCT x)', 'EXPR_DISTINCT', 'function "min" does not accept DISTINCT at column 1'],
    ['median(DISTINCT x)', 'EXPR_DISTINCT', 'function "median" does not accept DISTINCT at column 1'],
    ['sum(avg(x))', 'EXPR_NESTED_AGGREGATE', 'aggregate function "avg" cannot be used inside aggregate function "sum" at column 5'],
    [
      'max(abs(count(*)))',
      'EXPR_NESTED_AGGREGATE',
      'aggregate function "count" cannot be used inside aggregate function "max" at column 9',
    ],
  ])('%s', (text, code, message) => {
    expect(problem(text, { role: 'aggregate' })).toEqual({ code, message });
  });
});

describe('checkExpression: role predicate (where.filter)', () => {
  it.each([
    'salary > 50000',
    "dept = 'IT' AND NOT active",
    'active',
    't.active',
    'NULL',
    'TRUE',
    'x IS NULL',
    'x IN (1, 2)',
    'x BETWEEN 1 AND 2',
    "name LIKE 'A%'",
    'CAST(flag AS boolean)',
    'coalesce(flag, FALSE)',
    'CASE WHEN a > 1 THEN TRUE ELSE NULL END',
    'CASE WHEN a > 1 THEN x ELSE 1 END',
    'NOT NOT (a = b)',
  ])('accepts %s', (text) => {
    expect(problem(text, { role: 'predicate' })).toBe(undefined);
  });

  it.each<[string, string, string]>([
    ['42', 'EXPR_EXPECTED_PREDICATE', 'expected a true/false condition such as x > 0 at column 1'],
    ["'yes'", 'EXPR_EXPECTED_PREDICATE', 'expected a true/false condition such as x > 0 at column 1'],
    ["DATE '2024-01-01'", 'EXPR_EXPECTED_PREDICATE', 'expected a true/false condition such as x > 0 at column 1'],
    ['a + 1', 'EXPR_EXPECTED_PREDICATE', 'expected a true/false condition such as x > 0 at column 1'],
    ["a || 'x'", 'EXPR_EXPECTED_PREDICATE', 'expected a true/false condition such as x > 0 at column 1'],
    ['-a', 'EXPR_EXPECTED_PREDICATE', 'expected a true/false condition such as x > 0 at column 1'],
    ['upper(name)', 'EXPR_EXPECTED_PREDICATE', 'expected a true/false condition such as x > 0 at column 1'],
    ['CAST(x AS integer)', 'EXPR_EXPECTED_PREDICATE', 'expected a true/false condition such as x > 0 at column 1'],
    ["CASE WHEN a THEN 'x' ELSE 'y' END", 'EXPR_EXPECTED_PREDICATE', 'expected a true/false condition such as x > 0 at column 1'],
    ['  (1)', 'EXPR_EXPECTED_PREDICATE', 'expected a true/false condition such as x > 0 at column 3'],
    ['salary > 1 AS big', 'EXPR_ALIAS_NOT_ALLOWED', 'alias "big" is not allowed in a filter at column 1'],
    ['sum(x) > 1', 'EXPR_AGGREGATE_NOT_ALLOWED', 'aggregate function "sum" is not allowed in a filter at column 1'],
    ['x > 1 AND count(*) > 2', 'EXPR_AGGREGATE_NOT_ALLOWED', 'aggregate function "count" is not allowed in a filter at column 11'],
    ['sum(avg(x)) > 1', 'EXPR_AGGREGATE_NOT_ALLOWED', 'aggregate function "sum" is not allowed in a filter at column 1'],
  ])('rejects %s', (text, code, message) => {
    expect(problem(text, { role: 'predicate' })).toEqual({ code, message });
  });
});

describe('checkExpression: role value (select.columns)', () => {
  it.each(['salary', 'salary * 1.1 AS raised', "upper(name) AS `Name`", '1 AS one', 'CASE WHEN a THEN 1 END', 'x > 1 AS big'])(
    'accepts %s',
    (text) => {
      expect(problem(text, { role: 'value' })).toBe(undefined);
    },
  );

  it.each<[string, string, string]>([
    ['avg(salary)', 'EXPR_AGGREGATE_NOT_ALLOWED', 'aggregate function "avg" is not allowed in a column expression at column 1'],
    ['x + max(y) AS m', 'EXPR_AGGREGATE_NOT_ALLOWED', 'aggregate function "max" is not allowed in a column expression at column 5'],
    ['*', 'EXPR_STAR', '"*" is only allowed as count(*) at column 1'],
    ['grouping(d) OVER () AS g', 'EXPR_WINDOW_NOT_ALLOWED', 'grouping cannot be computed over a window at column 1'],
    ['grouping_id(d, e) OVER (PARTITION BY d) AS g', 'EXPR_WINDOW_NOT_ALLOWED', 'grouping_id cannot be computed over a window at column 1'],
  ])('rejects %s', (text, code, message) => {
    expect(problem(text, { role: 'value' })).toEqual({ code, message });
  });

  it('rejects grouping as the function of a window step', () => {
    expect(problem('grouping(d)', { role: 'value', windowStep: true })).toEqual({
      code: 'EXPR_WINDOW_NOT_ALLOWED',
      message: 'grouping cannot be computed over a window at column 1',
    });
  });
});

describe('checkExpression: role column (group_by.by)', () => {
  it.each(['dept', 't.dept', 'year(hired) AS y', 'upper(dept)'])('accepts %s', (text) => {
    expect(problem(text, { role: 'column' })).toBe(undefined);
  });

  it.each<[string, string, string]>([
    ['1', 'EXPR_EXPECTED_COLUMN', 'expected a grouping key that references a column at column 1'],
    ["'x' AS k", 'EXPR_EXPECTED_COLUMN', 'expected a grouping key that references a column at column 1'],
    ['count(*)', 'EXPR_AGGREGATE_NOT_ALLOWED', 'aggregate function "count" is not allowed in a grouping key at column 1'],
    ['sum(x)', 'EXPR_AGGREGATE_NOT_ALLOWED', 'aggregate function "sum" is not allowed in a grouping key at column 1'],
  ])('rejects %s', (text, code, message) => {
    expect(problem(text, { role: 'column' })).toEqual({ code, message });
  });
});

describe('checkExpression: role aggregate (group_by.agg)', () => {
  it.each([
    'AVG(salary) AS avg_salary',
    'count(*)',
    'sum(x) / count(*) AS mean',
    'sum(x) + 1 AS s',
    'round(avg(x), 2) AS r',
    'coalesce(sum(x), 0)',
    "CASE WHEN count(*) > 1 THEN 'many' ELSE 'one' END AS c",
    'stddev_samp(x)',
    'median(x) AS m',
  ])('accepts %s', (text) => {
    expect(problem(text, { role: 'aggregate' })).toBe(undefined);
  });

  it.each<[string, string, string]>([
    ['salary AS s', 'EXPR_EXPECTED_AGGREGATE', 'expected an aggregate expression such as sum(x) at column 1'],
    ['salary', 'EXPR_EXPECTED_AGGREGATE', 'expected an aggregate expression such as sum(x) at column 1'],
    ['upper(x) AS u', 'EXPR_EXPECTED_AGGREGATE', 'expected an aggregate expression such as sum(x) at column 1'],
    ['1', 'EXPR_EXPECTED_AGGREGATE', 'expected an aggregate expression such as sum(x) at column 1'],
    ['foo(x) AS f', 'EXPR_UNKNOWN_FUNCTION', 'unknown function "foo" at column 1'],
  ])('rejects %s', (text, code, message) => {
    expect(problem(text, { role: 'aggregate' })).toEqual({ code, message });
  });

  it('with groupKeys, rejects columns used outside aggregates unless they are keys', () => {
    const options: CheckExpressionOptions = { role: 'aggregate', groupKeys: ['dept'] };
    expect(problem('sum(salary) + dept AS s', options)).toBe(undefined);
    expect(problem('sum(salary) + bonus AS s', options)).toEqual({
      code: 'EXPR_UNGROUPED_COLUMN',
      message: 'column "bonus" must be inside an aggregate function or be a grouping key at column 15',
    });
    expect(problem('sum(salary) + bonus AS s', { role: 'aggregate' })).toBe(undefined);
  });
});

describe('checkExpression: hand-built trees', () => {
  it('rejects an alias below the top', () => {
    const at = { start: 4, end: 10 };
    const inner: Expr = { kind: 'alias', expr: { kind: 'column', name: 'a', span: at }, alias: 'b', span: at };
    const e: Expr = {
      kind: 'binary',
      op: '+',
      left: { kind: 'number', text: '1', isInteger: true, span: { start: 0, end: 1 } },
      right: inner,
      span: { start: 0, end: 10 },
    };
    expect(checkExpression(e, { role: 'value' })?.message).toBe(
      'alias "b" is only allowed at the top of an expression at column 5',
    );
  });
});

describe('assertExpression and parseAndCheckExpression', () => {
  it('throws the first problem as an ExpressionCheckError', () => {
    const e = parseExpression('sum(x) > 1');
    expect(() => assertExpression(e, { role: 'predicate' })).toThrow(ExpressionCheckError);
    expect(() => assertExpression(e, { role: 'predicate' })).toThrow(
      'aggregate function "sum" is not allowed in a filter at column 1',
    );
    expect(() => assertExpression(e, { role: 'aggregate' })).not.toThrow();
  });

  it('parses and checks in one step', () => {
    expect(parseAndCheckExpression('AVG(salary) AS a', { role: 'aggregate' }).kind).toBe('alias');
    expect(() => parseAndCheckExpression('salary >', { role: 'predicate' })).toThrow(ExpressionSyntaxError);
    expect(() => parseAndCheckExpression('foo(x)', { role: 'value' })).toThrow('unknown function "foo" at column 1');
  });
});

describe('checkExpression: lambda parameters are no columns', () => {
  it('lets a lambda use its parameters where only grouping keys or qualified columns may stand', () => {
    expect(problem('sum(aggregate(a, 0, (acc, x) -> acc + x))', { role: 'aggregate', groupKeys: ['g'] })).toBeUndefined();
    expect(problem('size(filter(g, x -> x > 1)) + count(*)', { role: 'aggregate', groupKeys: ['g'] })).toBeUndefined();
    expect(problem('size(filter(g, x -> x.price > 1)) + count(*)', { role: 'aggregate', groupKeys: ['g'] })).toBeUndefined();
    expect(problem('size(filter(g, x -> x > y)) + count(*)', { role: 'aggregate', groupKeys: ['g'] })).toEqual({
      code: 'EXPR_UNGROUPED_COLUMN',
      message: 'column "y" must be inside an aggregate function or be a grouping key at column 25',
    });
    expect(problem('exists(l.tags, t -> t = r.tag)', { role: 'predicate', qualifiedColumns: true })).toBeUndefined();
  });
});

describe('checkExpression: generators (spec 9.13.7, 9.13.10)', () => {
  const allowed = { role: 'value', generatorAllowed: true } as const;

  it('accepts a generator as the whole entry, aliased or not, where generators are allowed', () => {
    for (const text of ['explode(tags)', 'explode_outer(tags) AS tag', 'posexplode(m) AS (p, k, v)', "json_tuple(j, 'a', 'b') AS (a, b)", 'explode(array(a, b + 1))']) {
      expect(problem(text, allowed)).toBeUndefined();
    }
  });

  it.each<[string, CheckExpressionOptions, string]>([
    ['explode(tags)', { role: 'value' }, 'generator function "explode" yields rows: it is only allowed as a whole select or addColumns entry, not in this field at column 1'],
    ['size(explode(tags)) > 1', { role: 'predicate' }, 'generator function "explode" yields rows: it is only allowed as a whole select or addColumns entry, not inside another expression at column 6'],
    ["json_tuple(j, 'a') IS NULL", { role: 'predicate' }, 'generator function "json_tuple" yields rows: it is only allowed as a whole select or addColumns entry, not inside another expression at column 1'],
    ['posexplode(tags)', { role: 'column' }, 'generator function "posexplode" yields rows: it is only allowed as a whole select or addColumns entry, not in a grouping key at column 1'],
    ['upper(explode_outer(tags))', allowed, 'generator function "explode_outer" yields rows: it is only allowed as a whole select or addColumns entry, not inside another expression at column 7'],
    ['explode(explode(tags))', allowed, 'generator function "explode" yields rows: it is only allowed as a whole select or addColumns entry, not inside another expression at column 9'],
    ['explode(array(row_number() OVER (ORDER BY a)))', allowed, 'a window expression is not allowed inside generator function "explode" (compute it in an earlier step) at column 15'],
    ['upper(a) AS (x, y)', allowed, 'a list of aliases (x, y) only names the columns of a generator function (explode, explode_outer, posexplode, json_tuple) at column 1'],
  ])('%s', (text, options, message) => {
    expect(problem(text, options)).toEqual({ code: 'EXPR_GENERATOR', message });
  });

  it('refuses a generator in an aggregation', () => {
    expect(problem('count(explode(tags))', { role: 'aggregate' })).toEqual({
      code: 'EXPR_GENERATOR',
      message: 'generator function "explode" yields rows: it is only allowed as a whole select or addColumns entry, not inside another expression at column 7',
    });
  });
});

describe('checkGeneratorList', () => {
  const list = (...texts: string[]): Expr[] => texts.map((t) => parseExpression(t));
  const listProblem = (mode: 'one' | 'each', ...texts: string[]): { index: number; code: string; message: string } | undefined => {
    const found = checkGeneratorList(list(...texts), mode);
    return found === undefined ? undefined : { index: found.index, code: found.error.code, message: found.error.message };
  };

  it('allows one generator per select and one per addColumns entry, beside plain values', () => {
    expect(listProblem('one', 'id', 'explode(tags) AS tag', 'upper(name)')).toBeUndefined();
    expect(listProblem('each', 'explode(tags)', 'posexplode(other)')).toBeUndefined();
    expect(listProblem('one', 'id', 'rank() OVER (ORDER BY id)')).toBeUndefined();
  });

  it('refuses a second generator in a select, naming both', () => {
    expect(listProblem('one', 'explode(a)', 'id', 'posexplode(b) AS (p, x)')).toEqual({
      index: 2,
      code: 'EXPR_GENERATOR',
      message: 'a select may hold one generator function: "posexplode" follows "explode" of entry 1 (explode in a later step) at column 1',
    });
  });

  it('refuses a window expression in the same step as a generator', () => {
    expect(listProblem('one', 'id', 'sum(x) OVER (PARTITION BY id) AS s', 'explode(a)')).toEqual({
      index: 1,
      code: 'EXPR_GENERATOR',
      message: 'a window expression cannot share a step with generator function "explode" (compute it in another step) at column 1',
    });
    expect(listProblem('each', 'explode(a)', '1 + row_number() OVER (ORDER BY id)')?.index).toBe(1);
  });
});
