/**
 * Parity of the statistical aggregates (stddev*, var*, corr, covar*, skewness, kurtosis,
 * percentile*, median): DuckDB and the JavaScript evaluator over the same groups of doubles (spread
 * out, with NULLs, constant, single, two, only NULLs, of very different magnitudes) must print the
 * same digits, and give Spark's answers (spec 9.13.12 defers to Spark).
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
  f: [[1, 2, 1], [3, 5, 3]],
  g: [[null, null, null], [null, 1, null]],
  h: [[0.1, 0.1, 7], [0.1, 0.1, 7], [0.1, 0.1, 7]],
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

  /**
   * Spark 4.0.5's answers (pyspark in local mode, one partition, `spark.sql.ansi.enabled` true) over
   * GROUPS, for groups a to h in order; null is Spark's NULL. corr: with ANSI on, Spark fails a group
   * without spread (DIVIDE_BY_ZERO); these are its answers with ANSI off, NULL, which the language
   * keeps, as it keeps a division by zero NULL.
   */
  const SPARK: Record<string, readonly (number | null)[]> = {
    'stddev(y)': [3.0276503540974917, 3.5716942758304495, 0, null, 4938370079.612406, 1.4142135623730951, null, 0],
    'stddev_samp(y)': [3.0276503540974917, 3.5716942758304495, 0, null, 4938370079.612406, 1.4142135623730951, null, 0],
    'stddev_pop(y)': [2.8722813232690143, 3.1946204782415077, 0, 0, 4417012478.425755, 1, null, 0],
    'variance(y)': [9.166666666666666, 12.757, 0, null, 2.4387499043211035e19, 2, null, 0],
    'var_samp(y)': [9.166666666666666, 12.757, 0, null, 2.4387499043211035e19, 2, null, 0],
    'var_pop(y)': [8.25, 10.2056, 0, 0, 1.9509999234568827e19, 1, null, 0],
    'stddev(n)': [28.3048876815766, 6.099180272790763, 0, null, 54.34795304332998, 1.4142135623730951, null, 0],
    'var_pop(n)': [721.05, 29.76, 0, 0, 2362.96, 1, null, 0],
    'corr(y, x)': [0.9854894785040295, 0.6403420876602851, null, null, -0.17546743182852154, 1, null, null],
    'corr(x, y)': [0.9854894785040295, 0.6403420876602851, null, null, -0.1754674318285215, 1, null, null],
    'corr(y, y)': [1, 1, null, null, 1, 1, null, null],
    'corr(n, n * 2)': [1, 1, null, null, 1, 1, null, null],
    'covar_pop(y, x)': [8.8275, 6.81, 0, 0, -310015335470003.4, 1.5, null, 0],
    'covar_samp(y, x)': [9.808333333333334, 9.08, 0, null, -387519169337504.25, 3, null, 0],
    'covar_pop(n, y)': [74.25, 3.25, 0, 0, -14240001432.086094, 1, null, 0],
    'skewness(y)': [0, -0.5082641005016314, null, null, 1.1631903538086292, 0, null, null],
    'kurtosis(y)': [-1.2242424242424241, -0.7739839289102779, null, null, -0.08971070246490331, -2, null, null],
    'percentile(y, 0.5)': [5.5, 1, 3, 42, 1234.5678, 2, null, 0.1],
    'percentile(y, 0.3)': [3.6999999999999997, 0.27999999999999997, 3, 42, 246.91275999999996, 1.5999999999999999, null, 0.1],
    'percentile(y, 0)': [1, -4.5, 3, 42, -3e9, 1, null, 0.1],
    'percentile(y, 1)': [10, 5, 3, 42, 1e10, 3, null, 0.1],
    'percentile(n, 0.75)': [45.75, 8, 5, 1, 9, 2.5, null, 7],
    'median(y)': [5.5, 1, 3, 42, 1234.5678, 2, null, 0.1],
    // Spark's sketch (accuracy 10000) is exact at these sizes: the smallest value with at least a
    // fraction p of the values at or below it. (Spark types percentile_approx(n) as n's type, int;
    // the spec says double.)
    'percentile_approx(y, 0.5)': [5, 1, 3, 42, 1234.5678, 1, null, 0.1],
    'percentile_approx(y, 0.3)': [3, 0.1, 3, 42, -0.001, 1, null, 0.1],
    'percentile_approx(x, 0.3, 100)': [4, 0.5, 2, 7, 0.3, 2, 1, 0.1],
    'percentile_approx(n, 0.75)': [49, 8, 5, 1, 9, 3, null, 7],
    'percentile_approx(y, 0)': [1, -4.5, 3, 42, -3e9, 1, null, 0.1],
    'percentile_approx(x, 0.6)': [7.2, 1, 3, 7, 3, 5, 1, 0.1],
  };

  it.each(Object.keys(SPARK))('%s gives Spark 4.0.5\'s answers on both backends', async (text) => {
    const bound = bindExpression(parseExpression(text), { asset: 's', field: 'agg', from: 't', columns: COLUMNS, context: 'aggregate' });
    const reader = await conn.runAndReadAll(`SELECT ${compileDuckDbExpression(bound)} FROM (SELECT * FROM t ORDER BY _row) GROUP BY g ORDER BY g`);
    const duck = (reader.getRowsJson() as (number | string | null)[][]).map((r) => (typeof r[0] === 'string' ? Number(r[0]) : r[0]));
    const fn = compileGroupExpression(bound, { asset: 's', field: 'agg', columnIndex: (name) => COLUMNS.findIndex((c) => c.name === name), nowMicros: 0 });
    const data = COLUMNS.map((_, c) => ROWS.map((r) => r[c]));
    const js = Object.keys(GROUPS)
      .sort()
      .map((g) => fn(data, ROWS.flatMap((r, i) => (r[0] === g ? [i] : []))) as number | null);
    // Same digits up to the last bits, which the order of floating-point operations may change.
    const near = (got: number | null, want: number | null): boolean =>
      want === null ? got === null : got !== null && Math.abs(got - want) <= 1e-12 * Math.max(1, Math.abs(want));
    const expected = SPARK[text];
    expect(duck.map((v, i) => near(v, expected[i]) || v)).toEqual(expected.map(() => true));
    expect(js.map((v, i) => near(v, expected[i]) || v)).toEqual(expected.map(() => true));
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
