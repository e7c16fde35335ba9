/**
 * Parity of the statistical aggregates (corr, covar_pop, covar_samp, skewness, kurtosis): DuckDB
 * and the JavaScript evaluator over the same groups of doubles (spread out, with NULLs, constant,
 * single, of very different magnitudes) must print the same digits.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { parseExpression } from '@pipeline/definition';
import { bindExpression, type Column, formatValue, type Value } from '@pipeline/engine-core';
import { compileGroupExpression } from '@pipeline/engine-danfo';
import { compileDuckDbExpression } from '@pipeline/engine-duckdb';

const COLUMNS: Column[] = [
  { name: 'g', type: 'string' },
  { name: 'y', type: 'double' },
  { name: 'x', type: 'double' },
  { name: 'n', type: 'integer' },
];

const GROUPS: Record<string, [number | null, number | null, number | null][]> = {
  a: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((y, i) => [y, [2.5, 3.1, 4.7, 4.0, 6.6, 7.2, 8.8, 9.1, 10.5, 12.25][i], i * i]),
  b: [[1, 0.5, 1], [null, 1, 2], [3, null, null], [-4.5, 2, 4], [5, 8, 8], [0.1, 0.2, 16]],
  c: [[3, 1, 5], [3, 2, 5], [3, 3, 5], [3, 4, 5]],
  d: [[42, 7, 1]],
  e: [[1e10, 0.3, -2], [-3e9, 17, 9], [7.5e8, -2.25, 100], [1234.5678, 1e6, 7], [-0.001, 3, -50]],
};

const ROWS = Object.entries(GROUPS).flatMap(([g, rows]) => rows.map(([y, x, n]) => [g, y, x, n] as Value[]));

const EXPRESSIONS = [
  'corr(y, x)', 'corr(x, y)', 'covar_pop(y, x)', 'covar_samp(y, x)', 'covar_pop(n, y)', 'skewness(y)', 'skewness(x)',
  'skewness(n)', 'kurtosis(y)', 'kurtosis(x)', 'kurtosis(n)', 'corr(n, n * 2)', 'round(corr(y, x), 6)',
  'percentile(y, 0.5)', 'percentile(y, 0)', 'percentile(y, 1)', 'percentile(x, 0.3)', 'percentile(n, 0.75)', 'percentile(y, 0.99)',
  'percentile_approx(y, 0.5)', 'percentile_approx(x, 0.3, 100)', 'percentile_approx(n, 0.75)', 'percentile_approx(y, 0)',
  'percentile_approx(x, 0.6)',
];

describe('statistical aggregates on DuckDB and in JavaScript', () => {
  let conn: DuckDBConnection;
  let close: () => void;
  beforeAll(async () => {
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    conn = await instance.connect();
    await conn.run('CREATE TABLE t (_row INTEGER, g VARCHAR, y DOUBLE, x DOUBLE, n INTEGER)');
    const literal = (v: Value): string => (v === null ? 'NULL' : typeof v === 'string' ? `'${v}'` : String(v));
    await conn.run(`INSERT INTO t VALUES ${ROWS.map((r, i) => `(${i}, ${r.map(literal).join(', ')})`).join(', ')}`);
    close = () => {
      conn.closeSync();
      instance.closeSync();
    };
  });
  afterAll(() => close());

  it.each(EXPRESSIONS)('%s', async (text) => {
    const bound = bindExpression(parseExpression(text), { asset: 's', field: 'agg', from: 't', columns: COLUMNS, context: 'aggregate' });
    const sql = compileDuckDbExpression(bound);
    const reader = await conn.runAndReadAll(`SELECT CAST(${sql} AS VARCHAR) FROM (SELECT * FROM t ORDER BY _row) GROUP BY g ORDER BY g`);
    const duck = (reader.getRowsJson() as (string | null)[][]).map((r) => r[0]);

    const fn = compileGroupExpression(bound, {
      asset: 's',
      field: 'agg',
      columnIndex: (name) => COLUMNS.findIndex((c) => c.name === name),
      nowMicros: 0,
    });
    const data = COLUMNS.map((_, c) => ROWS.map((r) => r[c]));
    const js = Object.keys(GROUPS)
      .sort()
      .map((g) => formatValue(bound.type, fn(data, ROWS.flatMap((r, i) => (r[0] === g ? [i] : [])))));
    expect(js).toEqual(duck);
    expect(duck.some((v) => v !== null)).toBe(true);
  });

  // Spark's definitions (population moments, NULL without spread), written out two-pass as its docs give them.
  function sparkReference(order: 3 | 4, xs: number[]): number | null {
    const n = xs.length;
    const mean = xs.reduce((a, b) => a + b, 0) / n;
    const m = (k: number) => xs.reduce((a, x) => a + (x - mean) ** k, 0);
    // Spark's running update leaves exactly 0 spread for equal values, where a two-pass mean may not.
    if (n === 0 || xs.every((x) => x === xs[0])) return null;
    return order === 3 ? (Math.sqrt(n) * m(3)) / m(2) ** 1.5 : (n * m(4)) / m(2) ** 2 - 3;
  }

  it.each([
    ['one value', [42]],
    ['two values', [1, 3]],
    ['equal values', [0.1, 0.1, 0.1]],
    ['three values', [1, 2, 10]],
    ['a skewed group', [1, 2, 2, 3, 3, 3, 40]],
  ])('skewness and kurtosis follow Spark for %s', async (_name, xs) => {
    const columns: Column[] = [{ name: 'v', type: 'double' }];
    for (const order of [3, 4] as const) {
      const bound = bindExpression(parseExpression(order === 3 ? 'skewness(v)' : 'kurtosis(v)'), { asset: 's', field: 'agg', from: 't', columns, context: 'aggregate' });
      const reader = await conn.runAndReadAll(`SELECT ${compileDuckDbExpression(bound)} FROM (VALUES ${xs.map((x) => `(${x}::DOUBLE)`).join(', ')}) AS t(v)`);
      const duck = (reader.getRowsJson() as (number | null)[][])[0]?.[0] ?? null;
      const fn = compileGroupExpression(bound, { asset: 's', field: 'agg', columnIndex: () => 0, nowMicros: 0 });
      const js = fn([xs], xs.map((_, i) => i)) as number | null;
      const expected = sparkReference(order, xs);
      if (expected === null) {
        expect([duck, js]).toEqual([null, null]);
      } else {
        expect(duck).toBeCloseTo(expected, 12);
        expect(js).toBeCloseTo(expected, 12);
      }
    }
  });

  it('fails alike (E_VALUE, naming the asset) when a statistic overflows', async () => {
    const columns: Column[] = [{ name: 'v', type: 'double' }];
    const bound = bindExpression(parseExpression('skewness(v)'), { asset: 's', field: 'agg', from: 't', columns, context: 'aggregate' });
    const sql = compileDuckDbExpression(bound);
    await expect(conn.runAndReadAll(`SELECT ${sql} FROM (VALUES (1e300), (-1e300), (5e299)) AS t(v)`)).rejects.toThrow(/Out of Range Error/);
    const fn = compileGroupExpression(bound, { asset: 's', field: 'agg', columnIndex: () => 0, nowMicros: 0 });
    expect(() => fn([[1e300, -1e300, 5e299]], [0, 1, 2])).toThrow(expect.objectContaining({ code: 'E_VALUE', message: 'asset "s": agg: skewness is out of range' }));
  });
});
