import { parseExpression } from '@pipeline/definition';
import {
  bindExpression,
  type Column,
  type EngineError,
  type Value,
  parseDate,
  parseTimestamp,
} from '@pipeline/engine-core';
import { and, compileGroupExpression, compileRowExpression } from './compile-js';

const COLUMNS: Column[] = [
  { name: 'n', type: 'integer' },
  { name: 'x', type: 'double' },
  { name: 's', type: 'string' },
  { name: 't', type: 'boolean' },
  { name: 'f', type: 'boolean' },
  { name: 'u', type: 'boolean' },
  { name: 'z', type: 'integer' },
  { name: 'dt', type: 'date' },
  { name: 'ts', type: 'timestamp' },
];
// One row: n=7, x=2.5, s='Hello', t=true, f=false, u=NULL, z=NULL, dt=2024-03-01, ts=2024-03-01 12:34:56
const ROW: Value[] = [7, 2.5, 'Hello', true, false, null, null, parseDate('2024-03-01') as number, parseTimestamp('2024-03-01 12:34:56') as number];
const DATA = ROW.map((v) => [v]);

function evaluate(text: string): Value {
  const b = bindExpression(parseExpression(text), { asset: 'x', field: 'f', from: 'r', columns: COLUMNS, context: 'row' });
  const fn = compileRowExpression(b, {
    asset: 'x',
    field: 'f',
    columnIndex: (name) => COLUMNS.findIndex((c) => c.name === name),
    nowMicros: parseTimestamp('2025-06-15 08:00:00') as number,
  });
  return fn(DATA, 0);
}

describe('JavaScript evaluator (golden table)', () => {
  it.each<[string, Value]>([
    ['n + 1', 8],
    ['n / 2', 3.5],
    ['n % 4', 3],
    ['-n', -7],
    ['x * 2', 5],
    ["s || '!'", 'Hello!'],
    ["concat(s, ' ', n)", 'Hello 7'],
    ['concat(x)', '2.5'],
    ['n || x', '72.5'],
    ['upper(s)', 'HELLO'],
    ['length(s)', 5],
    ['substring(s, 2, 3)', 'ell'],
    ["replace(s, 'l', 'L')", 'HeLLo'],
    ["s LIKE 'H%o'", true],
    ["s LIKE 'h%'", false],
    ["s ILIKE 'h%'", true],
    ["s LIKE 'H_llo'", true],
    ["s RLIKE 'l+'", true],
    ["s NOT RLIKE '^x'", true],
    ['n BETWEEN 1 AND 7', true],
    ['n IN (1, 7)', true],
    ["CASE WHEN n > 5 THEN 'big' ELSE 'small' END", 'big'],
    ['CAST(x AS integer)', 2],
    ['CAST(3.5 AS integer)', 4],
    ["CAST('3.5' AS integer)", 4],
    ["CAST('-2.5' AS integer)", -3],
    ['CAST(n AS string)', '7'],
    ['CAST(x AS decimal(5,1))', 2.5],
    ['round(x)', 3],
    ['round(-2.5)', -3],
    ['round(1234.5678, 2)', 1234.57],
    ['floor(-x)', -3],
    ['ceil(x)', 3],
    ['abs(-n)', 7],
    ['power(n, 2)', 49],
    ['sqrt(16)', 4],
    ['mod(-7, 3)', -1],
    ['coalesce(z, n)', 7],
    ['nullif(n, 7)', null],
    ['year(dt)', 2024],
    ['month(ts)', 3],
    ['day(dt)', 1],
    ['hour(ts)', 12],
    ['minute(ts)', 34],
    ['second(ts)', 56],
    ['date_add(dt, -1)', parseDate('2024-02-29') as number],
    ["date_diff(dt, DATE '2024-01-01')", 60],
    ["dt = '2024-03-01'", true],
    ["ts > '2024-03-01'", true],
    ['dt < ts', true],
    ['current_date()', parseDate('2025-06-15') as number],
    ["to_date('01/03/2024', 'dd/MM/yyyy') = dt", true],
    ["to_date(' 1/3/2024 ', 'dd/MM/yyyy')", parseDate('2024-03-01') as number],
    ["to_date('31/02/2024', 'dd/MM/yyyy')", null],
    ["to_date(s, 'yyyy')", null],
    ["to_timestamp('2024-03-01 12:34:56.5', 'yyyy-MM-dd HH:mm:ss.SSS')", (parseTimestamp('2024-03-01 12:34:56') as number) + 500_000],
    ["to_timestamp('2024-03-01T12:34', 'yyyy-MM-dd''T''HH:mm')", parseTimestamp('2024-03-01 12:34:00') as number],
    ['to_date(ts) = dt', true],
    ["to_timestamp('2024-03-01 12:34:56') = ts", true],
    ["to_date('not a date')", null],
    ['dt + INTERVAL 1 MONTH', parseDate('2024-04-01') as number],
    ["DATE '2024-01-31' + INTERVAL 1 MONTH", parseDate('2024-02-29') as number],
    ['ts - INTERVAL 1 DAY 30 MINUTES', parseTimestamp('2024-02-29 12:04:56') as number],
    ['INTERVAL 12 HOURS + dt', parseTimestamp('2024-03-01 12:00:00') as number],
    ['current_timestamp()', parseTimestamp('2025-06-15 08:00:00') as number],
  ])('%s  ->  %p', (text, expected) => {
    expect(evaluate(text)).toEqual(expected);
  });

  describe('SQL NULL semantics', () => {
    it.each<[string, Value]>([
      ['u AND t', null],
      ['u AND f', false],
      ['f AND u', false],
      ['u OR t', true],
      ['t OR u', true],
      ['u OR f', null],
      ['NOT u', null],
      ['z = 1', null],
      ['z = NULL', null],
      ['z != 1', null],
      ['z < 1', null],
      ['z <=> NULL', true],
      ['n <=> NULL', false],
      ['z IS NULL', true],
      ['z IS NOT NULL', false],
      ['z + 1', null],
      ['z IN (1, 2)', null],
      ['n IN (1, NULL)', null],
      ['n NOT IN (1, NULL)', null],
      ['n IN (7, NULL)', true],
      ['z BETWEEN 1 AND 2', null],
      ['n BETWEEN z AND 1', false],
      ["concat(s, NULL)", null],
      ["s || NULL", null],
      ['CASE WHEN u THEN 1 ELSE 2 END', 2],
      ['CASE WHEN f THEN 1 END', null],
      ['coalesce(z, NULL)', null],
      ['upper(NULL)', null],
      ['u = u', null],
    ])('%s  ->  %p', (text, expected) => {
      expect(evaluate(text)).toEqual(expected);
    });

    it('three-valued AND matches the SQL truth table', () => {
      const values = [true, false, null];
      const table = values.map((a) => values.map((b) => and(a, b)));
      expect(table).toEqual([
        [true, false, null],
        [false, false, false],
        [null, false, null],
      ]);
    });
  });

  it('fails with E_TYPE for a CAST that cannot convert, and NULL for TRY_CAST', () => {
    expect(() => evaluate('CAST(s AS integer)')).toThrow(expect.objectContaining({ name: 'EngineError' }));
    expect(() => evaluate('CAST(s AS integer)')).toThrow(/cannot cast Hello \(string\) to integer/);
    expect(evaluate('TRY_CAST(s AS integer)')).toBeNull();
  });

  it('fails with E_VALUE on overflow and on the square root of a negative', () => {
    const code = (text: string): string | undefined => {
      try {
        evaluate(text);
        return undefined;
      } catch (e) {
        return (e as EngineError).code;
      }
    };
    expect(code('2147483647 + n')).toBe('E_VALUE');
    expect(code('sqrt(-x)')).toBe('E_VALUE');
  });

  it('never evaluates text as code', () => {
    expect(evaluate("'); process.exit(1); ('")).toBe('); process.exit(1); (');
    expect(evaluate("s LIKE '.*'")).toBe(false);
  });

  it('evaluates aggregates over the rows of a group, skipping NULLs', () => {
    const cols: Column[] = [{ name: 'v', type: 'integer' }];
    const e = bindExpression(parseExpression('sum(v) * 10 + count(*)'), { asset: 'x', field: 'agg', from: 'r', columns: cols, context: 'aggregate' });
    const fn = compileGroupExpression(e, { asset: 'x', field: 'agg', columnIndex: () => 0, nowMicros: 0 });
    expect(fn([[1, null, 2]], [0, 1, 2])).toBe(33);
    expect(fn([[1, null, 2]], [1])).toBeNull();
  });
});
