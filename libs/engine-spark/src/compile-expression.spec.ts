/**
 * The Spark expression compiler where Spark's own function would give another value than
 * DuckDB's (the values are compared on a real Spark by libs/engine/src/spark/expression-parity.spark.spec.ts).
 */
import { parseExpression } from '@pipeline/definition';
import { bindExpression, type Column, firstUnsupportedFunction, functionSupportOf, isUnsupported } from '@pipeline/engine-core';
import { compileSparkExpression, SPARK_FUNCTIONS } from './compile-expression';

const COLUMNS: Column[] = [
  { name: 'i', type: 'integer' },
  { name: 'd', type: 'double' },
  { name: 'm', type: 'decimal(10,2)' },
  { name: 's', type: 'string' },
];

function sql(text: string, context: 'row' | 'aggregate' = 'row'): string {
  return compileSparkExpression(bindExpression(parseExpression(text), { asset: 'x', field: 'f', from: 'r', columns: COLUMNS, context }));
}

/** The refusal of a select computing `text` on Spark, as validation finds it. */
function refusal(text: string): string | undefined {
  const source = { kind: 'select', from: 'r', columns: [parseExpression(text)] } as never;
  return firstUnsupportedFunction([{ ref: 'step', source }], functionSupportOf(SPARK_FUNCTIONS))?.reason;
}

describe('Spark SQL of the expressions where Spark alone would differ from DuckDB', () => {
  it('divides as IEEE does: a zero divisor gives a signed infinity or NaN, not a failure', () => {
    expect(sql('i / 0')).toBe(
      "CASE WHEN CAST(0 AS DOUBLE) = 0 THEN CAST(CAST(`i` AS DOUBLE) * CASE WHEN CAST(CAST(0 AS DOUBLE) AS STRING) LIKE '-%' THEN CAST('-Infinity' AS DOUBLE) ELSE CAST('Infinity' AS DOUBLE) END AS DOUBLE) ELSE (CAST(`i` AS DOUBLE) / CAST(0 AS DOUBLE)) END",
    );
    expect(sql('log(i, 8)')).toContain("CAST('Infinity' AS DOUBLE)");
  });

  it('rounds a fraction cast to an integer as DuckDB: doubles half to even, decimals and text half away from zero', () => {
    expect(sql('CAST(d AS integer)')).toBe('CAST(rint(`d`) AS INT)');
    expect(sql('TRY_CAST(m AS long)')).toBe('TRY_CAST(round(`m`, 0) AS BIGINT)');
    expect(sql("CAST(s AS integer)")).toContain("THEN CAST(round(CAST(regexp_extract(`s`, '^\\\\s*([+-]?[0-9]*(\\\\.[0-9])?)', 1) AS DECIMAL(38,1)), 0) AS INT) ELSE CAST(`s` AS INT) END");
  });

  it('fails a decimal cast out of range as a conversion (E_TYPE), not as arithmetic overflow', () => {
    expect(sql('CAST(i AS decimal(5,2))')).toBe(
      "CASE WHEN `i` IS NOT NULL AND TRY_CAST(`i` AS DECIMAL(5,2)) IS NULL THEN raise_error(concat('cannot convert the value ', CAST(`i` AS STRING), ' to DECIMAL(5,2)')) ELSE CAST(`i` AS DECIMAL(5,2)) END",
    );
    expect(sql('TRY_CAST(i AS decimal(5,2))')).toBe('TRY_CAST(`i` AS DECIMAL(5,2))');
  });

  it('reads backslashes in a LIKE pattern literally, as DuckDB (Spark escapes with them)', () => {
    expect(sql("s LIKE 'a\\%'")).toBe("(`s` LIKE 'a\\\\\\\\%')");
    expect(sql('s LIKE s')).toBe("(`s` LIKE replace(`s`, '\\\\', '\\\\\\\\'))");
  });

  it("writes RE2's named groups as plain groups for Java", () => {
    expect(sql("s RLIKE '(?P<first>b)o'")).toBe("(`s` RLIKE '(b)o')");
    expect(sql("regexp_extract(s, '(?P<a>b)', 1)")).toBe("regexp_extract(`s`, '(b)', 1)");
  });

  it('turns -0.0 into 0.0 in sign, and rounds a double to places as DuckDB (1.005 to 2 places is 1.0)', () => {
    expect(sql('sign(d)')).toBe('(CAST(signum(`d`) AS DOUBLE) + 0.0D)');
    expect(sql('round(d, 2)')).toContain('(round(`d` * power(10.0D, 2), 0) / power(10.0D, 2))');
    expect(sql('round(m, 1)')).toBe('round(`m`, 1)');
  });

  it("keeps a double's or float's sign on a zero rounding, as DuckDB (round(-0.4) is -0.0; Spark rounds through decimals)", () => {
    expect(sql('round(d)')).toBe('(abs(round(`d`)) * signum(`d`))');
    expect(sql('round(d, -1)')).toMatch(/THEN 0\.0D ELSE \(abs\(\(round\(`d` \/ .*\)\) \* signum\(`d`\)\) END END$/);
    expect(sql('round(CAST(d AS float), -1)')).toMatch(/^CAST\(CASE .* AS FLOAT\)$/);
    expect(sql('round(m)')).toBe('round(`m`)');
    expect(sql('round(i, -1)')).toBe('round(`i`, (- 1))');
  });

  it("floors the median of decimals to their scale, as DuckDB (0.375 is 0.37, -0.375 -0.38)", () => {
    expect(sql('median(m)', 'aggregate')).toBe('CAST(floor(CAST(CAST(median(`m`) AS DOUBLE) AS DECIMAL(38,3)), 2) AS DECIMAL(10,2))');
    expect(sql('median(d)', 'aggregate')).toBe('CAST(median(`d`) AS DOUBLE)');
  });

  it("follows DuckDB's substring, locate and split_part at their edges", () => {
    expect(sql('substring(s, i, -1)')).toBe(
      'CASE WHEN `s` IS NULL OR `i` IS NULL OR (- 1) IS NULL THEN NULL ELSE ' +
        "CASE WHEN `i` = 0 THEN CASE WHEN (- 1) <= 1 THEN '' ELSE substring(`s`, 1, (- 1) - 1) END " +
        'WHEN (- 1) >= 0 THEN substring(`s`, CASE WHEN `i` > 0 THEN least(char_length(`s`), `i` - 1) ELSE greatest(char_length(`s`) + `i`, 0) END + 1, (- 1)) ' +
        'ELSE substring(`s`, greatest(CASE WHEN `i` > 0 THEN least(char_length(`s`), `i` - 1) ELSE greatest(char_length(`s`) + `i`, 0) END + (- 1), 0) + 1, ' +
        'CASE WHEN `i` > 0 THEN least(char_length(`s`), `i` - 1) ELSE greatest(char_length(`s`) + `i`, 0) END - greatest(CASE WHEN `i` > 0 THEN least(char_length(`s`), `i` - 1) ELSE greatest(char_length(`s`) + `i`, 0) END + (- 1), 0)) END END',
    );
    expect(sql("locate('', s, i)")).toBe("CASE WHEN '' IS NULL OR `s` IS NULL OR `i` IS NULL THEN NULL ELSE CASE WHEN `i` < 1 THEN 0 WHEN '' = '' THEN `i` ELSE locate('', `s`, `i`) END END");
    expect(sql("split_part(s, '', i)")).toContain("WHEN '' = '' THEN CASE WHEN `i` > char_length(`s`) OR `i` < - char_length(`s`) THEN '' ELSE substring(`s`, `i`, 1) END");
  });
});

describe('functions and calls Spark refuses at validation', () => {
  it('refuses exp, cbrt and log2 whole: their last digit is not the C library\'s', () => {
    for (const name of ['exp', 'cbrt', 'log2'] as const) expect(isUnsupported(SPARK_FUNCTIONS[name])).toBe(true);
    expect(refusal('exp(d)')).toMatch(/StrictMath/);
  });

  it('refuses regexp_replace only with a pattern that can match the empty text, anchors alone aside', () => {
    expect(refusal("regexp_replace(s, 'a*', '-')")).toBe("its pattern 'a*' can match the empty text, and Spark (Java) replaces empty matches where DuckDB (RE2) does not");
    expect(refusal("regexp_replace(s, '', '-')")).toMatch(/empty text/);
    expect(refusal("regexp_replace(s, 'x|', '-')")).toMatch(/empty text/);
    expect(refusal("regexp_replace(s, 'a+', '-')")).toBeUndefined();
    expect(refusal("regexp_replace(s, '^', '>')")).toBeUndefined();
    expect(refusal("regexp_replace(s, '\\\\b', '|')")).toBeUndefined();
    expect(refusal('upper(s)')).toBeUndefined();
  });
});

describe('Spark expression compiler', () => {
  it.each([
    // Spark's floor of a double is a BIGINT, which clamps 1e20: a double from 2^52 up is whole already.
    // and its -0.0 (ceil(-0.4)) is 0: the sign is the operand's.
    ['floor(d)', 'CASE WHEN isnan(`d`) OR abs(`d`) >= 4503599627370496D THEN `d` ELSE CAST((abs(floor(`d`)) * signum(`d`)) AS DOUBLE) END'],
    ['ceil(d)', 'CASE WHEN isnan(`d`) OR abs(`d`) >= 4503599627370496D THEN `d` ELSE CAST((abs(ceil(`d`)) * signum(`d`)) AS DOUBLE) END'],
    ['floor(i)', 'CAST(floor(`i`) AS INT)'],
    ['floor(m)', 'floor(`m`)'],
  ])('%s', (expression, expected) => {
    expect(sql(expression)).toBe(expected);
  });

  it('divides decimals in doubles, as DuckDB (Spark would round at the decimal scale)', () => {
    expect(sql('m / i')).toBe(
      "CASE WHEN CAST(`i` AS DOUBLE) = 0 THEN CAST(CAST(CAST(`m` AS DOUBLE) AS DOUBLE) * CASE WHEN CAST(CAST(`i` AS DOUBLE) AS STRING) LIKE '-%' THEN CAST('-Infinity' AS DOUBLE) ELSE CAST('Infinity' AS DOUBLE) END AS DOUBLE) ELSE (CAST(CAST(`m` AS DOUBLE) AS DOUBLE) / CAST(`i` AS DOUBLE)) END",
    );
  });
});
