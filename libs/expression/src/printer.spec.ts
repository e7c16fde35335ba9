import type { Expr } from './ast';
import { sameExpression } from './compare';
import { parseExpression } from './parser';
import { outputName, printExpression, printStringLiteral } from './printer';

const at = { start: 0, end: 0 };
const col = (name: string): Expr => ({ kind: 'column', name, span: at });
const num = (text: string): Expr => ({ kind: 'number', text, isInteger: !text.includes('.'), span: at });

// input text -> canonical text
const ROUND_TRIPS: ReadonlyArray<readonly [string, string]> = [
  // literals
  ['42', '42'],
  ['3.14', '3.14'],
  ["'hello'", "'hello'"],
  ["'it''s'", "'it''s'"],
  ["''", "''"],
  ['true', 'TRUE'],
  ['False', 'FALSE'],
  ['null', 'NULL'],
  ["date '2024-01-31'", "DATE '2024-01-31'"],
  ["Timestamp '2024-01-31 10:00:00'", "TIMESTAMP '2024-01-31 10:00:00'"],
  ['interval 1 years -2 days', 'INTERVAL 1 YEAR -2 DAY'],
  ['INTERVAL 0.5 seconds', 'INTERVAL 0.5 SECOND'],
  ['hired - INTERVAL 1 MONTH', 'hired - INTERVAL 1 MONTH'],
  // identifiers
  ['salary', 'salary'],
  ['`salary`', 'salary'],
  ['`my column`', '`my column`'],
  ['`a``b`', '`a``b`'],
  ['`order`', 'order'],
  ['`select`', 'select'],
  ['`and`', '`and`'],
  ['`NULL`', '`NULL`'],
  ['`1st`', '`1st`'],
  ['orders.amount', 'orders.amount'],
  ['`my t`.`end`', '`my t`.`end`'],
  ['date', 'date'],
  ['t.*', 't.*'],
  // nested value access (spec 9.7)
  ['address.city', 'address.city'],
  ["metadata['source']", "metadata['source']"],
  ['items[0]', 'items[0]'],
  ['orders[0].items[0].price', 'orders[0].items[0].price'],
  ['t.a.`b c`', 't.a.`b c`'],
  ['(a + 1)[ i * 2 ]', '(a + 1)[i * 2]'],
  ['f(x)[0].y', 'f(x)[0].y'],
  ['-items[0]', '-items[0]'],
  ['items[0] + m[k] * 2', 'items[0] + m[k] * 2'],
  // lambdas (spec 9.8) and named arguments (spec 9.9), printed positionally
  ['transform(arr, x -> x + 1)', 'transform(arr, x -> x + 1)'],
  ['filter(arr,x->x>0 AND x<9)', 'filter(arr, x -> x > 0 AND x < 9)'],
  ['aggregate(arr, 0, (acc, x) -> acc + x, acc -> acc * 2)', 'aggregate(arr, 0, (acc, x) -> acc + x, acc -> acc * 2)'],
  ['exists(arr, `my x` -> `my x` IS NULL)', 'exists(arr, `my x` -> `my x` IS NULL)'],
  ['transform(arr, (x) -> x)', 'transform(arr, x -> x)'],
  ['substring(str => name, pos => 1, len => 3)', 'substring(name, 1, 3)'],
  ['substring(name, LEN => 3, pos => 2)', 'substring(name, 2, 3)'],
  ["date_format(created_at, format => 'yyyy-MM-dd')", "date_format(created_at, 'yyyy-MM-dd')"],
  // arithmetic
  ['a+b', 'a + b'],
  ['a  *  b', 'a * b'],
  ['a + b * c', 'a + b * c'],
  ['(a + b) * c', '(a + b) * c'],
  ['a - (b - c)', 'a - (b - c)'],
  ['(a - b) - c', 'a - b - c'],
  ['a / (b * c)', 'a / (b * c)'],
  ['a % b', 'a % b'],
  ['-a * b', '-a * b'],
  ['-(a * b)', '-(a * b)'],
  ['- -a', '- -a'],
  ['-(-5)', '- -5'],
  ['+a', '+a'],
  ['a - -1', 'a - -1'],
  ["first || ' ' || last", "first || ' ' || last"],
  ['a || (b || c)', 'a || (b || c)'],
  ['(a || b) + c', 'a || b + c'],
  // comparisons
  ['a == b', 'a = b'],
  ['a <> b', 'a != b'],
  ['a<=>b', 'a <=> b'],
  ['a >= b + 1', 'a >= b + 1'],
  ['(a = b) = c', '(a = b) = c'],
  ['a || b = c', 'a || b = c'],
  ['x is null', 'x IS NULL'],
  ['x Is Not Null', 'x IS NOT NULL'],
  ['(a = b) IS NULL', '(a = b) IS NULL'],
  ['x in (1,2,3)', 'x IN (1, 2, 3)'],
  ["x not in ('a', 'b')", "x NOT IN ('a', 'b')"],
  ['x IN (a = b, c OR d)', 'x IN (a = b, c OR d)'],
  ['x between 1 and 10', 'x BETWEEN 1 AND 10'],
  ['x NOT BETWEEN a - 1 AND b + 1', 'x NOT BETWEEN a - 1 AND b + 1'],
  ['x BETWEEN (a AND b) AND c', 'x BETWEEN (a AND b) AND c'],
  ["name like 'A%'", "name LIKE 'A%'"],
  ["name not ilike '%x%'", "name NOT ILIKE '%x%'"],
  ["name rlike '^A.*'", "name RLIKE '^A.*'"],
  // logic
  ['not a and b or c', 'NOT a AND b OR c'],
  ['NOT (a AND b)', 'NOT (a AND b)'],
  ['NOT NOT a', 'NOT NOT a'],
  ['a OR (b OR c)', 'a OR (b OR c)'],
  ['(a OR b) OR c', 'a OR b OR c'],
  ['(a OR b) AND c', '(a OR b) AND c'],
  ['a AND (b AND c)', 'a AND (b AND c)'],
  ['NOT a = b', 'NOT a = b'],
  ['(NOT a) = b', '(NOT a) = b'],
  ['a = b AND c BETWEEN 1 AND 2', 'a = b AND c BETWEEN 1 AND 2'],
  ['salary > 50000 AND dept = \'IT\'', "salary > 50000 AND dept = 'IT'"],
  // functions
  ['AVG(salary)', 'avg(salary)'],
  ['COUNT(*)', 'count(*)'],
  ['count( DISTINCT dept )', 'count(DISTINCT dept)'],
  ['ROUND(x,2)', 'round(x, 2)'],
  ['current_date()', 'current_date()'],
  ['UPPER(TRIM(CONCAT(first, \' \', last)))', "upper(trim(concat(first, ' ', last)))"],
  ['coalesce(a, b, 0)', 'coalesce(a, b, 0)'],
  ['sum(a * (b + c))', 'sum(a * (b + c))'],
  ['f(a OR b)', 'f(a OR b)'],
  // CASE and CAST
  ["case when a > 1 then 'x' else 'y' end", "CASE WHEN a > 1 THEN 'x' ELSE 'y' END"],
  ['CASE WHEN a THEN 1 WHEN b THEN 2 END', 'CASE WHEN a THEN 1 WHEN b THEN 2 END'],
  ['CASE WHEN a OR b THEN c AND d END', 'CASE WHEN a OR b THEN c AND d END'],
  ['(CASE WHEN a THEN 1 END) + 1', 'CASE WHEN a THEN 1 END + 1'],
  ['cast(x as int)', 'CAST(x AS integer)'],
  ['CAST(x AS DECIMAL(10, 2))', 'CAST(x AS decimal(10,2))'],
  ['cast(x as decimal)', 'CAST(x AS decimal(10,0))'],
  ['try_cast(x as varchar(20))', 'TRY_CAST(x AS string)'],
  ['CAST(a + b AS bigint)', 'CAST(a + b AS long)'],
  ['CAST(x AS smallint) * 2', 'CAST(x AS short) * 2'],
  // aliases
  ['avg(salary) as avg_salary', 'avg(salary) AS avg_salary'],
  ['a + b AS `a plus b`', 'a + b AS `a plus b`'],
  ['a OR b AS c', 'a OR b AS c'],
  ['x AS `end`', 'x AS `end`'],
  ['posexplode(m) as (p,k , `the value`)', 'posexplode(m) AS (p, k, `the value`)'],
  ['explode(tags) AS (tag)', 'explode(tags) AS (tag)'],
  ['sum(x) / count(*) as mean', 'sum(x) / count(*) AS mean'],
];

describe('printExpression', () => {
  it('covers at least 60 distinct expressions', () => {
    expect(new Set(ROUND_TRIPS.map(([input]) => input)).size).toBe(ROUND_TRIPS.length);
    expect(ROUND_TRIPS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(ROUND_TRIPS)('%s -> %s', (input, canonical) => {
    const tree = parseExpression(input);
    const printed = printExpression(tree);
    expect(printed).toBe(canonical);
    const reparsed = parseExpression(printed);
    expect(sameExpression(reparsed, tree)).toBe(true);
    // Canonical text is a fixed point.
    expect(printExpression(reparsed)).toBe(canonical);
  });

  it('brackets hand-built trees the parser could not produce bare', () => {
    const sum: Expr = { kind: 'binary', op: '+', left: col('a'), right: col('b'), span: at };
    const product: Expr = { kind: 'binary', op: '*', left: sum, right: col('c'), span: at };
    expect(printExpression(product)).toBe('(a + b) * c');
    const right: Expr = { kind: 'binary', op: '-', left: col('a'), right: sum, span: at };
    expect(printExpression(right)).toBe('a - (a + b)');
    const negated: Expr = { kind: 'unary', op: '-', operand: num('2.5'), span: at };
    expect(printExpression(negated)).toBe('-2.5');
  });

  it('escapes string literals', () => {
    expect(printStringLiteral("O'Brien")).toBe("'O''Brien'");
    expect(printStringLiteral('')).toBe("''");
  });
});

describe('outputName', () => {
  it.each<[string, string]>([
    ['avg(salary) AS avg_salary', 'avg_salary'],
    ['x AS `my name`', 'my name'],
    ['salary', 'salary'],
    ['`my col`', 'my col'],
    ['orders.amount', 'amount'],
    ['AVG(salary)', 'avg(salary)'],
    ['COUNT(*)', 'count(*)'],
    ['a+b', 'a + b'],
  ])('%s -> %s', (text, name) => {
    expect(outputName(parseExpression(text))).toBe(name);
  });
});
