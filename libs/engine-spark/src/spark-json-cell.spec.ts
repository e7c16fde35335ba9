/**
 * Spark's values (as spark-connect's Arrow reader gives them) become the JSON DuckDB's rows give
 * the same value: each case is checked against DuckDB's own `to_json` of the literal.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { SparkValue } from '@pipeline/spark-connect';
import { holdsVariant, sparkJsonCell } from './spark-json-cell';

const DAY = 86_400_000_000n;

// [portable type, DuckDB literal, the value Spark sends]
const CASES: readonly (readonly [string, string, SparkValue])[] = [
  ['integer', '42::INTEGER', 42],
  ['long', '9007199254740993::BIGINT', 9007199254740993n],
  ['long', '-5::BIGINT', -5n],
  ['byte', '-3::TINYINT', -3],
  ['double', '1.0::DOUBLE', 1],
  ['double', '1e-7::DOUBLE', 1e-7],
  ['double', '-0.25::DOUBLE', -0.25],
  ['float', '0.1::FLOAT', Math.fround(0.1)],
  ['decimal(10,2)', '12.50::DECIMAL(10,2)', '12.50'],
  ['decimal(38,2)', '12345678901234567890.12::DECIMAL(38,2)', '12345678901234567890.12'],
  ['boolean', 'false', false],
  ['string', `'a"b\\c é'`, 'a"b\\c é'],
  ['date', "DATE '2024-01-31'", 19753],
  ['date', "DATE '1969-12-31'", -1],
  ['timestamp', "TIMESTAMP '2024-01-31 10:00:00'", 19753n * DAY + 36_000_000_000n],
  ['timestamp', "TIMESTAMP '2024-01-31 10:00:00.12'", 19753n * DAY + 36_000_120_000n],
  ['timestamp', "TIMESTAMP '1969-12-31 23:59:59.5'", -500_000n],
  ['timestamp', "TIMESTAMP '9999-12-31 23:59:59.999999'", 2932896n * DAY + DAY - 1n],
  ['array<long>', '[1, NULL, 3]::BIGINT[]', [1n, null, 3n]],
  ['array<date>', "[DATE '2024-01-01']", [19723]],
  ['struct<city:string,zip:long>', "{'city': 'Oslo', 'zip': 150::BIGINT}", { city: 'Oslo', zip: 150n }],
  ['struct<`__proto__`:integer>', "{'__proto__': 1}", { ['__proto__']: 1 }],
  ['map<string,long>', "MAP {'k': 1::BIGINT, 'j': 2::BIGINT}", new Map<SparkValue, SparkValue>([['k', 1n], ['j', 2n]])],
  ['map<double,string>', "MAP {2.0::DOUBLE: 'x', 1.5::DOUBLE: 'y'}", new Map<SparkValue, SparkValue>([[2, 'x'], [1.5, 'y']])],
  ['map<date,integer>', "MAP {DATE '2024-01-01': 1}", new Map<SparkValue, SparkValue>([[19723, 1]])],
  ['map<decimal(5,2),integer>', "MAP {1.50::DECIMAL(5,2): 1}", new Map<SparkValue, SparkValue>([['1.50', 1]])],
  ['array<struct<a:timestamp>>', "[{'a': TIMESTAMP '2024-01-31 10:00:00'}]", [{ a: 19753n * DAY + 36_000_000_000n }]],
];

describe('Spark values as typed JSON', () => {
  let connection: DuckDBConnection;
  beforeAll(async () => {
    connection = await (await DuckDBInstance.create(':memory:')).connect();
  });
  afterAll(() => connection.closeSync());

  const duckJson = async (literal: string): Promise<unknown> => {
    const rows = (await connection.runAndReadAll(`SELECT CAST(to_json(${literal}) AS VARCHAR)`)).getRows();
    return JSON.parse(String(rows[0]?.[0]));
  };

  it.each(CASES)('%s %s', async (type, literal, value) => {
    const cell = sparkJsonCell(type, value);
    expect(cell).toEqual(await duckJson(literal));
    // toEqual does not tell own properties named __proto__ from prototypes: compare the texts too.
    expect(JSON.stringify(cell)).toBe(JSON.stringify(await duckJson(literal)));
  });

  it('keeps NULL, and NaN and the infinities as the texts of every rows answer', () => {
    expect(sparkJsonCell('long', null)).toBeNull();
    expect(sparkJsonCell('struct<a:long>', { a: null })).toEqual({ a: null });
    expect([Number.NaN, Infinity, -Infinity].map((x) => sparkJsonCell('double', x))).toEqual(['NaN', 'Infinity', '-Infinity']);
  });

  it('reads a variant (anywhere in the type) from the JSON text Spark gives it', () => {
    expect(holdsVariant('variant')).toBe(true);
    expect(holdsVariant('array<variant>')).toBe(true);
    expect(holdsVariant('struct<v:variant,n:long>')).toBe(true);
    expect(holdsVariant('struct<variant_name:long>')).toBe(false);
    expect(sparkJsonCell('variant', '{"a":[1,"x",null]}')).toEqual({ a: [1, 'x', null] });
  });
});
