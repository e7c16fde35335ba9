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
    const text = floatingText('`d`', 'double');
    expect(text.startsWith("CASE WHEN abs(`d`) < 1e7D AND length(CAST(`d` AS STRING)) < 17 AND instr(CAST(`d` AS STRING), 'E') = 0 THEN CAST(`d` AS STRING) WHEN `d` IS NULL THEN NULL")).toBe(true);
    expect(text).toContain("WHEN isnan(`d`) THEN 'nan' WHEN `d` = double('Infinity') THEN 'inf' WHEN `d` = double('-Infinity') THEN '-inf'");
  });

  it('looks for the shortest digits a double reads back from, 15 to 17, and a float from, 6 to 9', () => {
    const double = floatingText('`d`', 'double');
    expect(double).toContain("WHEN CAST(format_string('%.14e', `d`) AS DOUBLE) = `d` THEN format_string('%.14e', `d`) WHEN CAST(format_string('%.15e', `d`) AS DOUBLE) = `d`");
    expect(double).toContain("ELSE format_string('%.16e', `d`) END");
    const float = floatingText('`f`', 'float');
    expect(float).toContain("WHEN CAST(format_string('%.5e', `f`) AS FLOAT) = `f`");
    expect(float).toContain("ELSE format_string('%.8e', `f`) END");
    // Java's float digits are never printed as such: the float is printed through its shortest digits.
    expect(float).not.toContain("length(CAST(`f` AS STRING))");
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
