/**
 * Seeing the data of `backend: spark` over a real server and a real Spark Connect server: the
 * rows of a Spark job's output (a directory of part files) and a preview computed on Spark answer
 * the JSON the same pipeline gives on DuckDB; a preview writes nothing and keeps no job.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { testSparkUrl } from '@pipeline/test-spark';
import { EMPLOYEES_CSV, postJson, request, startTestServer, type TestServer } from './helpers';

// Spark's CSV reader infers `integer` for the ids and salaries where DuckDB's infers `long`: the
// casts keep that difference of the readers out of a comparison of what looking gives.
const TYPED = [
  'version: "3.0"',
  'pipeline:',
  '  name: typed',
  '  assets:',
  '    - asset_ref: raw',
  '      source: { input: { format: csv, path: employees.csv } }',
  '    - asset_ref: kept',
  '      source:',
  '        select:',
  '          from: raw',
  '          columns: ["CAST(id AS BIGINT) AS id", "name", "department", "CAST(salary AS BIGINT) AS salary", "salary / 1000.0 AS k", "CAST(\'2024-01-31\' AS DATE) AS since"]',
  '    - asset_ref: high',
  '      source: { where: { from: kept, filter: "salary > 50000" } }',
  '    - asset_ref: out',
  '      source: { output: { from: high, format: csv, path: out/high.csv, mode: overwrite } }',
].join('\n');

let server: TestServer;
let api: string;

beforeAll(async () => {
  server = await startTestServer({ sparkRemote: testSparkUrl(), workers: 2 });
  api = `${server.url}/api`;
  fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
}, 60_000);

afterAll(async () => {
  await server.stop();
});

afterEach(() => {
  expect(server.errors).toEqual([]);
});

/** Every file under the data root, relative and sorted. */
function listing(): string[] {
  return (fs.readdirSync(server.dataRoot, { recursive: true }) as string[]).sort();
}

async function runJob(yaml: string, backend: string): Promise<string> {
  const submitted = await postJson(`${api}/jobs`, { yaml, backend });
  expect(submitted.status).toBe(202);
  const done = await request(`${api}/jobs/${submitted.body.job_id}/wait?timeout=170`);
  expect(done.body).toMatchObject({ status: 'completed' });
  return submitted.body.job_id as string;
}

describe('backend spark: rows and previews over HTTP', () => {
  it('answers the rows of a Spark job\'s output, read from its part files, as DuckDB\'s job gives them', async () => {
    const spark = await runJob(TYPED, 'spark');
    expect(fs.statSync(path.join(server.dataRoot, 'out/high.csv')).isDirectory()).toBe(true);
    const rows = await request(`${api}/jobs/${spark}/outputs/out/rows`);
    expect(rows.status).toBe(200);
    fs.renameSync(path.join(server.dataRoot, 'out/high.csv'), path.join(server.dataRoot, 'out/high-spark.csv'));
    const duck = await runJob(TYPED, 'duckdb');
    const expected = (await request(`${api}/jobs/${duck}/outputs/out/rows`)).body;
    expect(expected.rows).toEqual([
      [1, 'Ada', 'eng', 90000, 90, '2024-01-31'],
      [3, 'Cy', 'eng', 60000, 60, '2024-01-31'],
    ]);
    fs.rmSync(path.join(server.dataRoot, 'out/high.csv'));
    fs.renameSync(path.join(server.dataRoot, 'out/high-spark.csv'), path.join(server.dataRoot, 'out/high.csv'));
    expect(rows.body).toEqual(expected);
    expect((await request(`${api}/jobs/${spark}/outputs/out/rows?limit=1`)).body).toEqual({ ...expected, rows: expected.rows.slice(0, 1), truncated: true });
    fs.rmSync(path.join(server.dataRoot, 'out/high.csv'), { recursive: true });
    expect(await request(`${api}/jobs/${spark}/outputs/out/rows`)).toMatchObject({ status: 410, body: { error: `output "out" of job ${spark} is no longer in the data root (out/high.csv)` } });
  });

  it('previews an asset on Spark as on DuckDB, writing nothing and keeping no job', async () => {
    const before = listing();
    const jobsBefore = (await request(`${api}/jobs`)).body.jobs.length;
    const spark = await postJson(`${api}/preview`, { yaml: TYPED, asset: 'out', backend: 'spark', limit: 1, timeout: 170 });
    expect(spark.status).toBe(200);
    const duck = await postJson(`${api}/preview`, { yaml: TYPED, asset: 'out', backend: 'duckdb', limit: 1 });
    expect(duck.body).toMatchObject({ rows: [[1, 'Ada', 'eng', 90000, 90, '2024-01-31']], truncated: true });
    expect(spark.body).toEqual(duck.body);
    expect(listing()).toEqual(before);
    expect((await request(`${api}/jobs`)).body.jobs.length).toBe(jobsBefore);
  });

  it('answers a preview that fails on Spark\'s data with 422 naming the asset', async () => {
    const bad = TYPED.replace('"salary > 50000"', '"CAST(name AS INT) > 0"');
    const res = await postJson(`${api}/preview`, { yaml: bad, asset: 'high', backend: 'spark', timeout: 170 });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/high/);
  });
});
