/**
 * Looking at data on a real Spark: a preview computed on Spark (nothing written, only the assets
 * it needs) and the rows of an output Spark wrote as part files give the JSON DuckDB gives for the
 * same pipeline (nested values: spark-json-cell.spec.ts, while Spark compiles no nested functions yet).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../execute-plan';
import { sparkConfig } from '../spark/__fixtures__/spark-output';
import { previewAsset, readOutputRows } from './look';

const PEOPLE = ['id,name,score,ok,born', '1,Ann,1.5,true,2001-02-03', '2,Bo,,false,1999-12-31', '3,Cy,-0.25,true,'].join('\n') + '\n';

// Spark's reader infers `integer` for the ids where DuckDB's infers `long`; the cast keeps that
// difference of the readers (not of looking) out of these comparisons.
const pipeline = (output = 'out.csv', format = 'csv', from = 'people', at = ', "CAST(born AS TIMESTAMP) AS at"'): string =>
  [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: people',
    '      source: { input: { format: csv, path: people.csv, options: { header: "true", inferSchema: "true" } } }',
    '    - asset_ref: more',
    '      source: { input: { format: csv, path: people.csv, options: { header: "true", inferSchema: "true" } } }',
    '    - asset_ref: both',
    '      source: { union: { sources: [people, more] } }',
    '    - asset_ref: unrelated',
    '      source: { input: { format: csv, path: missing.csv, options: { header: "true" } } }',
    '    - asset_ref: shaped',
    '      source:',
    '        select:',
    `          from: ${from}`,
    `          columns: ["CAST(id AS BIGINT) AS id", "name", "score * 2 AS twice", "ok", "born"${at}, "CAST(score AS DECIMAL(10,2)) AS d"]`,
    '    - asset_ref: out',
    `      source: { output: { from: shaped, format: ${format}, path: ${output}, mode: overwrite } }`,
  ].join('\n');

describe('spark: looking at data', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('people.csv', PEOPLE);
  });
  afterEach(() => root.cleanup());
  const spark = () => ({ ...sparkConfig(root.dir), backend: 'spark' as const });
  const duck = () => ({ dataRoot: root.dir, backend: 'duckdb' as const });

  it('previews an asset as DuckDB does, computing only its upstream and writing nothing', async () => {
    const before = root.files();
    // `unrelated` reads a file that does not exist: computing it would fail the preview.
    const result = await previewAsset(spark(), plan(pipeline()), 'shaped', 100);
    expect(result).toEqual(await previewAsset(duck(), plan(pipeline()), 'shaped', 100));
    expect(result.rows).toHaveLength(3);
    expect(root.files()).toEqual(before);
  });

  it('previews what an output writes when given its name, cut at the limit', async () => {
    const result = await previewAsset(spark(), plan(pipeline()), 'out', 2);
    expect(result).toMatchObject({ truncated: true });
    expect(result).toEqual(await previewAsset(duck(), plan(pipeline()), 'out', 2));
    expect(root.exists('out.csv')).toBe(false);
  });

  it.each([
    ['out.csv', 'csv'],
    ['out.parquet', 'parquet'],
    ['out.json', 'json'],
  ])('reads back the part files of an output written as %s as DuckDB reads its own', async (file, format) => {
    // A JSON timestamp is written as DuckDB writes it (`2001-02-03 00:00:00`), so it reads back as a timestamp.
    const p = plan(pipeline(file, format, 'both').replace('missing.csv', 'people.csv'));
    await executePlan(p, spark());
    // Spark's layout; how several parts read as one is part-files.spec.ts's.
    expect(fs.readdirSync(path.join(root.dir, file)).some((n) => n.startsWith('part-'))).toBe(true);
    const written = { asset: 'out', format: format as 'csv', path: file, options: {} };
    const fromSpark = await readOutputRows(spark(), written, 100);
    root.write('duck/people.csv', PEOPLE);
    await executePlan(plan(pipeline(`duck/${file}`, format, 'both').replace('missing.csv', 'people.csv')), duck());
    const fromDuck = await readOutputRows(duck(), { ...written, path: `duck/${file}` }, 100);
    expect(fromSpark.rows).toHaveLength(6);
    expect(fromSpark).toEqual(fromDuck);
    expect(await readOutputRows(spark(), written, 4)).toEqual({ ...fromDuck, rows: fromDuck.rows.slice(0, 4), truncated: true });
  });

  it('stops within seconds when cancelled while Spark computes, and Spark serves the next preview', async () => {
    const controller = new AbortController();
    const started = Date.now();
    // Opening the session, its settings and the read take Spark well over 200 ms.
    setTimeout(() => controller.abort(), 200);
    await expect(previewAsset(spark(), plan(pipeline()), 'shaped', 10, { signal: controller.signal })).rejects.toMatchObject({ code: 'E_CANCELLED' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await previewAsset(spark(), plan(pipeline()), 'shaped', 1)).rows).toHaveLength(1);
  });
});
