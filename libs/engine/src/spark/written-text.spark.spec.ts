/**
 * Spark writes doubles, floats and timestamps as DuckDB spells them (engine-spark's duckdb-text.ts
 * and written-text.ts): in a CSV output, in a cast to text and in concat, and timestamps in a JSON
 * output too. The values are the ones where Java's text and DuckDB's part: the exponent
 * thresholds of each side, Java 17's longer digits (8.41e+21, 1e+23, 18 digits), floats whose
 * Java digits are not the shortest, NaN and the infinities, fractional seconds.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempRoot, plan } from '@pipeline/engine-core/testing';
import { executePlan } from '../index';
import { runOn } from './__fixtures__/parity-run';
import { sparkConfig } from './__fixtures__/spark-output';
import { harnessPipeline, yamlList } from './__fixtures__/harness-pipeline';

const DOUBLES = [
  '0.0', '-0.0', '1.0', '1.5', '-2.5', '100.0', '0.001', '0.0001', '1e-5', '-1.23e-7', '0.1', '1234567.0', '9999999.0', '1e7', '12345678.0',
  '123456789.0', '123456789.12', '1e15', '1e16', '12345678901234567', '9007199254740993', '1e20', '-1e20', '1e21', '8.41e21', '1e23', '2e23',
  '1.5e300', '-127015603568918530', '1.7976931348623157e308', '2.2250738585072014e-308', 'nan', 'inf', '-inf',
];
const FLOATS = ['0.1', '1.5', '-2.5', '1e15', '1e16', '123456789', '0.33333334', '3.4028235e38', '1e-5', '1e20', 'nan', '-inf'];
const TIMESTAMPS = ['2024-01-02 03:04:05.25', '2024-01-02 03:04:05', '1969-12-31 23:00:00.000001', '2024-01-02 03:04:05.123456', '0001-01-01 00:00:00', '9999-12-31 23:59:59.999999'];

const rows = Math.max(DOUBLES.length, FLOATS.length, TIMESTAMPS.length);
const FILES = { 'rows.csv': `row_\n${Array.from({ length: rows }, (_, i) => i).join('\n')}\n` };

/** `CAST(CASE row_ ... END AS type)`: the values by row, NULL past the end. */
const column = (values: readonly string[], type: string): string =>
  `CAST(CASE ${values.map((v, row) => `WHEN row_ = ${row} THEN '${v}'`).join(' ')} END AS ${type})`;

function pipeline(columns: readonly string[], format: 'csv' | 'json'): string {
  const typed = [`${column(DOUBLES, 'double')} AS d`, `${column(FLOATS, 'float')} AS f`, `${column(TIMESTAMPS, 'timestamp')} AS ts`];
  return harnessPipeline(typed, `{ select: { from: t, columns: ${yamlList(['row_', ...columns])} } }`, 'row_', format);
}

describe('Spark writes doubles, floats and timestamps as DuckDB does', () => {
  it('in a CSV output, a cast to text and concat', async () => {
    const yaml = pipeline(['d', 'CAST(d AS string) AS cd', "concat('<', d, '>') AS kd", "d || '' AS pd", 'f', 'CAST(f AS string) AS cf', 'TRY_CAST(f AS string) AS tf', 'ts', 'CAST(ts AS string) AS cts'], 'csv');
    const duck = await runOn('duckdb', yaml, FILES);
    expect(duck).toMatchObject({ rows: expect.arrayContaining([expect.arrayContaining(['1e+20'])]) });
    expect(await runOn('spark', yaml, FILES)).toEqual(duck);
  });

  it('timestamps in a JSON output', async () => {
    const yaml = pipeline(['ts', 'CAST(ts AS date) AS dt'], 'json');
    const texts = await Promise.all(
      (['duckdb', 'spark'] as const).map(async (backend) => {
        const root = makeTempRoot();
        try {
          for (const [name, text] of Object.entries(FILES)) root.write(name, text);
          await executePlan(plan(yaml), backend === 'spark' ? { ...sparkConfig(root.dir), backend } : { dataRoot: root.dir, backend });
          const out = path.join(root.dir, 'out.json');
          const files = fs.statSync(out).isDirectory() ? fs.readdirSync(out).filter((n) => n.startsWith('part-')).sort().map((n) => path.join(out, n)) : [out];
          // Spark's JSON writer leaves a NULL field out where DuckDB's writes null: the same when read.
          const objects = files.flatMap((f) => fs.readFileSync(f, 'utf8').split('\n').filter((l) => l !== '')).map((l) => JSON.parse(l) as Record<string, unknown>);
          return objects.map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null)));
        } finally {
          root.cleanup();
        }
      }),
    );
    expect(texts[0]).toContainEqual({ row_: 0, ts: '2024-01-02 03:04:05.25', dt: '2024-01-02' });
    expect(texts[1]).toEqual(texts[0]);
  });
});
