/**
 * Where the Spark compiler spells doubles, floats and timestamps as DuckDB does (the values
 * themselves are checked on a real Spark by libs/engine/src/spark/written-text.spark.spec.ts):
 * the columns a text output's write selects, and every cast of a double or float to text.
 */
import { parseExpression } from '@pipeline/definition';
import { bindExpression, type Column, type FormatOptions, readFormatOptions } from '@pipeline/engine-core';
import { compileSparkExpression } from './compile-expression';
import { floatingText } from './duckdb-text';
import { writtenSelect } from './written-text';

const writtenSelectList = (columns: readonly Column[], options: FormatOptions): string => writtenSelect('out', columns, options).list;

const COLUMNS: Column[] = [
  { name: 'i', type: 'integer' },
  { name: 'd', type: 'double' },
  { name: 'f', type: 'float' },
  { name: 'ts', type: 'timestamp' },
  { name: 'dt', type: 'date' },
  { name: 's', type: 'string' },
  { name: 'm', type: 'decimal(10,2)' },
];

const sql = (text: string): string => compileSparkExpression(bindExpression(parseExpression(text), { asset: 'x', field: 'f', from: 'r', columns: COLUMNS, context: 'row' }));

describe('floatingText', () => {
  it('keeps Java text that is short and fixed as it is, and is NULL for NULL', () => {
    const text = floatingText('(`d` + 1)', 'double');
    expect(text.startsWith('transform(array((`d` + 1)), dt_x -> transform(array(CAST(dt_x AS STRING)), dt_t -> ')).toBe(true);
    expect(text).toContain("CASE WHEN abs(dt_x) < 1e7D AND length(dt_t) < 17 AND instr(dt_t, 'E') = 0 THEN dt_t WHEN dt_x IS NULL THEN NULL");
    expect(text).toContain("WHEN isnan(dt_x) THEN 'nan' WHEN dt_x = double('Infinity') THEN 'inf' WHEN dt_x = double('-Infinity') THEN '-inf'");
  });

  it("checks a column's Java text before any lambda, and binds the column past it", () => {
    const text = floatingText('`d`', 'double');
    expect(text.startsWith("CASE WHEN abs(`d`) < 1e7D AND length(CAST(`d` AS STRING)) < 17 AND instr(CAST(`d` AS STRING), 'E') = 0 THEN CAST(`d` AS STRING) ELSE transform(array(`d`), dt_x -> ")).toBe(true);
    expect(text.split('`d`')).toHaveLength(6);
    expect(floatingText('`f`', 'float').startsWith('transform(array(`f`), dt_x -> ')).toBe(true);
  });

  it('looks for the shortest digits a double reads back from, 15 to 17, and a float from, 6 to 9, in one format_string', () => {
    const double = floatingText('`d`', 'double');
    expect(double).toContain("transform(array(format_string('%.16e', dt_x)), dt_f -> ");
    expect(double).toContain('round(CAST(substring_index(dt_f, \'e\', 1) AS DECIMAL(17,16)), 14)');
    expect(double).toContain('round(CAST(substring_index(dt_f, \'e\', 1) AS DECIMAL(17,16)), 15)');
    expect(double).toContain('CASE WHEN CAST(dt_c AS DOUBLE) = dt_x THEN dt_c ELSE dt_f END');
    const float = floatingText('`f`', 'float');
    expect(float).toContain("transform(array(format_string('%.16e', dt_x)), dt_f -> ");
    expect(float).toContain('dt_6 -> CASE WHEN CAST(dt_6 AS FLOAT) = dt_x THEN dt_6 ELSE ');
    expect(float).toContain('round(CAST(substring_index(dt_f, \'e\', 1) AS DECIMAL(17,16)), 8)');
    expect(float).not.toContain('dt_c');
    // Java's float digits are never printed as such: the float is printed through its shortest digits.
    expect(float).not.toContain('length(CAST(');
  });

  it.each([
    ['double', ['%.16e']],
    ['float', ['%.16e']],
  ] as const)('evaluates the operand, its text and its digits once per %s', (type, formats) => {
    const text = floatingText('<operand>', type);
    expect(text.split('<operand>')).toHaveLength(2);
    // Each format_string is written once (Spark evaluates what the SQL repeats), and the text is
    // laid out from the digits, without one more.
    expect(text.split('format_string(')).toHaveLength(formats.length + 1);
    for (const format of formats) expect(text.split(`format_string('${format}'`)).toHaveLength(2);
  });

  it('keeps a cast over a division its size: the division is written once', () => {
    const division = sql('d / (i - 1)');
    const cast = sql('CAST(d / (i - 1) AS string)');
    expect(cast.split(division)).toHaveLength(2);
    // Its size is the text's own plus the division's, once.
    expect(cast.length).toBe(floatingText('', 'double').length + division.length);
  });
});

describe('casts of doubles and floats to text', () => {
  it.each([
    ['CAST(d AS string)', floatingText('`d`', 'double')],
    ['TRY_CAST(f AS string)', floatingText('`f`', 'float')],
    ["concat(s, d)", `concat(\`s\`, ${floatingText('`d`', 'double')})`],
    ["s || f", `concat(\`s\`, ${floatingText('`f`', 'float')})`],
    ["concat_ws('-', s, d / 2)", `concat_ws('-', \`s\`, ${floatingText(sql('d / 2'), 'double')})`],
  ])('%s', (expression, expected) => {
    expect(sql(expression)).toBe(expected);
  });

  it.each([
    ['CAST(i AS string)', 'CAST(`i` AS STRING)'],
    ['CAST(ts AS string)', 'CAST(`ts` AS STRING)'],
    ['CAST(m AS string)', 'CAST(`m` AS STRING)'],
    ['concat(s, i)', 'concat(`s`, CAST(`i` AS STRING))'],
  ])('%s is Spark\'s own cast', (expression, expected) => {
    expect(sql(expression)).toBe(expected);
  });
});

describe('writtenSelectList', () => {
  const csv = (options: Record<string, string> = {}) => readFormatOptions('csv', options, 'out');

  it('spells doubles and floats as DuckDB does and timestamps through a cast in a CSV', () => {
    expect(writtenSelectList(COLUMNS, csv())).toBe(
      ['`i`', `${floatingText('`d`', 'double')} AS \`d\``, `${floatingText('`f`', 'float')} AS \`f\``, 'CAST(`ts` AS STRING) AS `ts`', '`dt`', '`s`', '`m`'].join(', '),
    );
  });

  it("leaves timestamps to the writer's pattern when the output names one", () => {
    expect(writtenSelectList([{ name: 'ts', type: 'timestamp' }], csv({ timestampFormat: 'yyyy-MM-dd HH:mm' }))).toBe('*');
  });

  it('writes a JSON output as one text line per row, doubles and floats spelled once in an inner select', () => {
    const select = writtenSelect('out', COLUMNS, readFormatOptions('json', {}, 'out'));
    expect(select.inner).toBe(['`i` AS `c0`', `${floatingText('`d`', 'double')} AS \`c1\``, `${floatingText('CAST(`f` AS DOUBLE)', 'double')} AS \`c2\``, '`ts` AS `c3`', '`dt` AS `c4`', '`s` AS `c5`', `${floatingText('CAST(`m` AS DOUBLE)', 'double')} AS \`c6\``].join(', '));
    expect(select.list.startsWith(`concat('{"i":', coalesce(CAST(\`c0\` AS STRING), 'null'), ',"d":', CASE WHEN \`c1\` IS NULL THEN 'null'`)).toBe(true);
    expect(select.list.endsWith(`, '}') AS \`value\``)).toBe(true);
  });

  it('selects every column as it is where nothing changes, and in parquet', () => {
    expect(writtenSelectList([{ name: 'i', type: 'integer' }, { name: 's', type: 'string' }], csv())).toBe('*');
    expect(writtenSelectList(COLUMNS, readFormatOptions('parquet', {}, 'out'))).toBe('*');
  });
});
