import { parseExpression } from '@pipeline/definition';
import { bindExpression, type Column } from '../check/bind-expression';
import type { BoundExpr } from '../check/bound-expr';
import { compileDuckDbExpression, duckDbTypeName, DUCKDB_FUNCTIONS } from './compile-expression';

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
