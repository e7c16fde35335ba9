/**
 * The Spark expression compiler where Spark's own function would give another value than
 * DuckDB's (the values are compared on a real Spark by libs/engine/src/spark/expression-parity.spark.spec.ts).
 */
import { parseExpression } from '@pipeline/definition';
import { bindExpression, type Column } from '@pipeline/engine-core';
import { compileSparkExpression } from './compile-expression';

const COLUMNS: Column[] = [
  { name: 'i', type: 'integer' },
  { name: 'd', type: 'double' },
  { name: 'm', type: 'decimal(10,2)' },
];

const sql = (text: string): string => compileSparkExpression(bindExpression(parseExpression(text), { asset: 'x', field: 'f', from: 'r', columns: COLUMNS, context: 'row' }));

describe('Spark expression compiler', () => {
  it.each([
    // Spark's floor of a double is a BIGINT, which clamps 1e20: a double from 2^52 up is whole already.
    ['floor(d)', 'CASE WHEN isnan(`d`) OR abs(`d`) >= 4503599627370496D THEN `d` ELSE CAST(floor(`d`) AS DOUBLE) END'],
    ['ceil(d)', 'CASE WHEN isnan(`d`) OR abs(`d`) >= 4503599627370496D THEN `d` ELSE CAST(ceil(`d`) AS DOUBLE) END'],
    ['floor(i)', 'CAST(floor(`i`) AS INT)'],
    ['floor(m)', 'floor(`m`)'],
    // DuckDB divides decimals in doubles; Spark's decimal division would round at its own scale.
    ['m / CAST(3 AS decimal(5,0))', 'try_divide(CAST(`m` AS DOUBLE), CAST(CAST(3 AS DECIMAL(5,0)) AS DOUBLE))'],
    ['m / i', 'try_divide(CAST(`m` AS DOUBLE), `i`)'],
    ['d / i', 'try_divide(`d`, `i`)'],
  ])('%s', (expression, expected) => {
    expect(sql(expression)).toBe(expected);
  });
});
