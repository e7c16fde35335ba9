/**
 * A JSON output on Spark holds DuckDB's bytes (engine-spark's json-lines.ts): numbers as DuckDB's
 * writer spells them (`100000000000000000000.0`, `1e21`, bare `NaN` and `Infinity`, a float as
 * its double, narrow decimals as doubles and wide ones as their text), text escaped as DuckDB
 * escapes it, NULL fields written as `null`, fields in column order; dates and timestamps by the
 * output's patterns; nested values read from a parquet input. The parts Spark writes, joined in
 * order, are compared with DuckDB's file byte for byte, with the same `rows_written`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { makeTempRoot, plan } from '@pipeline/engine-core/testing';
import { createBackend, executePlan } from '../index';
import { harnessPipeline, yamlList } from './__fixtures__/harness-pipeline';
import { sparkConfig } from './__fixtures__/spark-output';

const DOUBLES = [
  '0.0', '-0.0', '1.0', '1.5', '-2.5', '100.0', '0.001', '0.0001', '1e-5', '1e-6', '1e-7', '-1.23e-7', '-4.5e-5', '0.1', '0.3', '1234567.0', '12345678.0',
  '123456789.12', '1e15', '1e16', '12345678901234567', '9007199254740993', '1e20', '-1e20', '1.5e20', '1e21', '8.41e21', '1e23', '2e23', '1.5e300',
  '-127015603568918530', '1.7976931348623157e308', '2.2250738585072014e-308', 'nan', 'inf', '-inf',
];
const FLOATS = ['0.1', '1.5', '-2.5', '-0.0', '1e15', '1e16', '123456789', '0.33333334', '3.4028235e38', '1e-5', '1e20', 'nan', '-inf'];
const NARROW = ['1.50', '100.00', '-0.50', '0.00', '12345678.91', '0.01'];
const WIDE = ['12345678901234.5678', '0.0000', '-1.5000', '1.0000'];
const LONGS = ['9007199254740993', '-9223372036854775808', '0'];
const TIMESTAMPS = ['2024-01-02 03:04:05.25', '2024-01-02 03:04:05', '1969-12-31 23:00:00.000001', '0001-01-01 00:00:00', '9999-12-31 23:59:59.999999'];
// Read from the CSV: quotes, backslashes, a line break, control characters, DEL, non-ASCII, U+2028, '/'.
const STRINGS = ['plain', 'quote " and \\ backslash', 'line\nbreak\ttab', '\u0001\u0008\u000b\u000c\u001f\u007f', 'é 漢字 😀 \u2028 </script>'];

const rows = Math.max(DOUBLES.length, FLOATS.length, TIMESTAMPS.length);
const csvField = (s: string): string => `"${s.replace(/"/g, '""')}"`;
const FILES = { 'rows.csv': `row_,s\n${Array.from({ length: rows }, (_, i) => `${i},${STRINGS[i] === undefined ? '' : csvField(STRINGS[i])}`).join('\n')}\n` };

/** `CAST(CASE row_ ... END AS type)`: the values by row, NULL past the end. */
const column = (values: readonly string[], type: string): string =>
  `CAST(CASE ${values.map((v, row) => `WHEN row_ = ${row} THEN '${v}'`).join(' ')} END AS ${type})`;

/** rows -> t (the hostile columns) -> sorted by row_ -> out.json, with the output's `options`. */
function pipeline(options: string): string {
  const columns = [
    `${column(DOUBLES, 'double')} AS d`, `${column(FLOATS, 'float')} AS f`, `${column(NARROW, 'decimal(10,2)')} AS m`, `${column(WIDE, 'decimal(18,4)')} AS w`,
    `${column(['123', '-5'], 'decimal(3,0)')} AS z`, `${column(LONGS, 'long')} AS l`, 'row_ % 3 = 0 AS b', 's', `${column(TIMESTAMPS, 'timestamp')} AS ts`,
    `CAST(${column(TIMESTAMPS, 'timestamp')} AS date) AS dt`, 'NULL AS n', 's AS `k "\\ é/`',
  ];
  return harnessPipeline(columns, undefined, 'row_', 'json', options);
}

/** The bytes of a JSON output and its rows_written: DuckDB's file, or Spark's part files joined in order (named as JSON). */
async function written(backend: 'duckdb' | 'spark', yaml: string, files: Readonly<Record<string, string | Buffer>>, gzip = false): Promise<{ text: string; rows: number }> {
  const root = makeTempRoot();
  try {
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(root.dir, name), content);
    const result = await executePlan(plan(yaml), backend === 'spark' ? { ...sparkConfig(root.dir), backend } : { dataRoot: root.dir, backend });
    const out = path.join(root.dir, 'out.json');
    const read = (file: string): string => (gzip ? gunzipSync(fs.readFileSync(file)) : fs.readFileSync(file)).toString('utf8');
    let text: string;
    if (backend === 'spark') {
      const parts = fs.readdirSync(out).filter((n) => n.startsWith('part-')).sort();
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) expect(part).toMatch(gzip ? /\.json\.gz$/ : /\.json$/);
      text = parts.map((n) => read(path.join(out, n))).join('');
    } else {
      text = read(out);
    }
    return { text, rows: result.outputs.find((o) => o.ref === 'out')?.rowsWritten ?? -1 };
  } finally {
    root.cleanup();
  }
}

describe('Spark writes JSON outputs as DuckDB does, byte for byte', () => {
  it('numbers, NaN and the infinities, decimals, text, dates, timestamps and NULLs', async () => {
    const yaml = pipeline('');
    const duck = await written('duckdb', yaml, FILES);
    // The values where Java's and DuckDB's spellings part are in DuckDB's file as DuckDB spells them.
    for (const spelled of ['"d":100000000000000000000.0', '"d":1e21', '"d":NaN', '"d":-Infinity', '"d":0.000001', '"d":1e-7', '"f":0.10000000149011612', '"m":1.5', '"w":0.0000', '"z":123.0', '"n":null', '"s":"\\u0001\\b\\u000B\\f\\u001F\u007f"']) {
      expect(duck.text).toContain(spelled);
    }
    const spark = await written('spark', yaml, FILES);
    expect(spark.text).toBe(duck.text);
    expect(spark.rows).toBe(duck.rows);
    expect(duck.rows).toBe(rows);
  });

  it("by the output's date and timestamp patterns, compressed", async () => {
    const yaml = pipeline(', options: { dateFormat: "dd/MM/yyyy", timestampFormat: "yyyy-MM-dd HH:mm", compression: gzip }');
    const duck = await written('duckdb', yaml, FILES, true);
    expect(duck.text).toContain('"ts":"2024-01-02 03:04","dt":"02/01/2024"');
    expect((await written('spark', yaml, FILES, true)).text).toBe(duck.text);
  });

  it('arrays, structs and maps read from a parquet input', async () => {
    const root = makeTempRoot();
    let parquet: Buffer;
    try {
      // DuckDB builds the nested values (Spark refuses the collection functions) into a parquet input both backends read.
      const build = [
        'version: "3.0"',
        'pipeline:',
        '  assets:',
        '    - asset_ref: rows',
        '      source: { input: { format: csv, path: rows.csv } }',
        '    - asset_ref: nested',
        `      source: { select: { from: rows, columns: ${yamlList([
          'row_',
          `array(${column(DOUBLES.slice(0, 20), 'double')}, CAST('1e21' AS double), CAST(NULL AS double)) AS a`,
          `named_struct('x', ${column(FLOATS, 'float')}, 'd', CAST(${column(TIMESTAMPS, 'timestamp')} AS date), 's', s) AS st`,
          `map(coalesce(s, 'none'), ${column(NARROW, 'decimal(10,2)')}) AS mp`,
        ])} } }`,
        '    - asset_ref: out',
        '      source: { output: { from: nested, format: parquet, path: nested.parquet, mode: overwrite } }',
      ].join('\n');
      for (const [name, text] of Object.entries(FILES)) root.write(name, text);
      await executePlan(plan(build), { dataRoot: root.dir, backend: 'duckdb' });
      parquet = fs.readFileSync(path.join(root.dir, 'nested.parquet'));
    } finally {
      root.cleanup();
    }
    const yaml = [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: nested',
      '      source: { input: { format: parquet, path: nested.parquet } }',
      '    - asset_ref: sorted',
      '      source: { orderBy: { from: nested, columns: [row_] } }',
      '    - asset_ref: out',
      '      source: { output: { from: sorted, format: json, path: out.json, mode: overwrite, options: { dateFormat: "dd/MM/yyyy" } } }',
    ].join('\n');
    const duck = await written('duckdb', yaml, { 'nested.parquet': parquet });
    expect(duck.text).toContain('"a":[0.0,1e21,null]');
    expect((await written('spark', yaml, { 'nested.parquet': parquet })).text).toBe(duck.text);
  });

  it("in a session's WriteOutput, which refuses a JSON array (multiLine \"true\")", async () => {
    const yaml = pipeline('');
    const duck = await written('duckdb', yaml, FILES);
    const root = makeTempRoot();
    const backend = await createBackend('spark', sparkConfig(root.dir));
    try {
      for (const [name, text] of Object.entries(FILES)) root.write(name, text);
      const result = await executePlan(plan(yaml), { ...sparkConfig(root.dir), backend });
      const sorted = result.handles?.['sorted']?.id ?? '';
      const output = (options: Record<string, string>) => ({ kind: 'output' as const, from: 'sorted', format: 'json' as const, path: 'again.json', mode: 'overwrite' as const, options });
      await expect(backend.write(sorted, 'again', output({ multiLine: 'true' }))).rejects.toMatchObject({ code: 'E_UNSUPPORTED_FORMAT', details: { asset: 'again', backend: 'spark' } });
      expect(fs.existsSync(path.join(root.dir, 'again.json'))).toBe(false);
      await expect(backend.write(sorted, 'again', output({}))).resolves.toMatchObject({ rowsWritten: rows });
      const dir = path.join(root.dir, 'again.json');
      const parts = fs.readdirSync(dir).filter((n) => n.startsWith('part-')).sort();
      expect(parts.map((n) => fs.readFileSync(path.join(dir, n), 'utf8')).join('')).toBe(duck.text);
    } finally {
      await backend.close();
      root.cleanup();
    }
  });
});
