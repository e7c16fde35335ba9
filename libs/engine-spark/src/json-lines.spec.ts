/**
 * The SQL of a JSON output's lines on Spark (the bytes themselves are compared with DuckDB's on a
 * real Spark by libs/engine/src/spark/json-output.spark.spec.ts): keys escaped as DuckDB escapes
 * them, each double spelled once, and what cannot be written as DuckDB writes it refused.
 */
import { readFormatOptions, type JsonOptions } from '@pipeline/engine-core';
import { floatingText } from './duckdb-text';
import { jsonKey, jsonLinesSelect } from './json-lines';

const options = (o: Record<string, string> = {}): JsonOptions => {
  const read = readFormatOptions('json', o, 'out');
  if (read.format !== 'json') throw new Error('not json');
  return read.json;
};

describe('jsonKey', () => {
  it.each([
    ['plain', '"plain"'],
    ['q"b\\', '"q\\"b\\\\"'],
    ['\b\t\n\f\r', '"\\b\\t\\n\\f\\r"'],
    ['\u0001\u000b\u001f', '"\\u0001\\u000B\\u001F"'],
    ['\u007f é 😀 \u2028 /', '"\u007f é 😀 \u2028 /"'],
  ])('%j is %s', (name, key) => {
    expect(jsonKey(name)).toBe(key);
  });
});

describe('jsonLinesSelect', () => {
  it('spells a double, a float (as its double) and a narrow decimal once in the inner select, a wide decimal by its text', () => {
    const { inner, line } = jsonLinesSelect('out', [
      { name: 'd', type: 'double' },
      { name: 'f', type: 'float' },
      { name: 'm', type: 'decimal(15,2)' },
      { name: 'w', type: 'decimal(16,2)' },
    ], options());
    expect(inner).toBe(
      [`${floatingText('`d`', 'double')} AS \`c0\``, `${floatingText('CAST(`f` AS DOUBLE)', 'double')} AS \`c1\``, `${floatingText('CAST(`m` AS DOUBLE)', 'double')} AS \`c2\``, '`w` AS `c3`'].join(', '),
    );
    expect(line).not.toContain('format_string');
    expect(line).toContain(`,"w":', coalesce(CAST(\`c3\` AS STRING), 'null'), '}') AS \`value\``);
  });

  it('writes text and temporal values through to_json, dates by the output pattern at the top level only', () => {
    const { line } = jsonLinesSelect('out', [
      { name: 's', type: 'string' },
      { name: 'dt', type: 'date' },
      { name: 'st', type: 'struct<dt:date>' },
    ], options({ dateFormat: 'dd/MM/yyyy' }));
    expect(line).toContain("TRIM(BOTH '[]' FROM to_json(array(`c0`)))");
    expect(line).toContain("TRIM(BOTH '[]' FROM to_json(array(date_format(`c1`, 'dd/MM/yyyy'))))");
    expect(line).toContain("TRIM(BOTH '[]' FROM to_json(array(CAST(`c2`.`dt` AS STRING))))");
  });

  it('escapes keys for the SQL text too', () => {
    const { line } = jsonLinesSelect('out', [{ name: "it's \\", type: 'long' }], options());
    expect(line.startsWith(`concat('{"it\\'s \\\\\\\\":', `)).toBe(true);
  });

  it('refuses a variant, naming the output and the column', () => {
    expect(() => jsonLinesSelect('out', [{ name: 'i', type: 'long' }, { name: 'v', type: 'array<variant>' }], options())).toThrow(
      expect.objectContaining({ code: 'E_UNSUPPORTED_FORMAT', details: expect.objectContaining({ asset: 'out', column: 'v' }) }),
    );
  });
});
