/**
 * Black-box tests of seeing data over a real server: the rows of a completed job's output read
 * back from the data root, and previews that write nothing, keep no job, take the only worker
 * (429 past the line) and give it back when their timeout passes or their client goes away.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BIG_ROWS, EMPLOYEES_CSV, SLOW_FILTER, pipelineYaml, postJson, request, startTestServer, writeBigCsv, type TestServer } from './helpers';

const SMALL = pipelineYaml('employees.csv', 'out/high.csv');
/** Slow on DuckDB: every row of the big file goes through a costly string filter (seconds). */
const SLOW = pipelineYaml('big.csv', 'out/big-copy.csv', { filter: SLOW_FILTER });

const COLUMNS = [
  { name: 'id', type: 'long' },
  { name: 'name', type: 'string' },
  { name: 'department', type: 'string' },
  { name: 'salary', type: 'long' },
];
const HIGH = [
  [1, 'Ada', 'eng', 90000],
  [3, 'Cy', 'eng', 60000],
];

let server: TestServer;
let api: string;

beforeAll(async () => {
  server = await startTestServer({ workers: 1, queueCapacity: 1 });
  api = `${server.url}/api`;
  fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
  writeBigCsv(path.join(server.dataRoot, 'big.csv'), BIG_ROWS);
}, 60_000);

afterAll(async () => {
  await server.stop();
});

afterEach(() => {
  expect(server.errors).toEqual([]);
});

jest.setTimeout(60_000);

/** Every file under the data root, relative and sorted. */
function listing(): string[] {
  return (fs.readdirSync(server.dataRoot, { recursive: true }) as string[]).sort();
}

async function runJob(yaml: string): Promise<{ id: string; status: string }> {
  const submitted = await postJson(`${api}/jobs`, { yaml });
  expect(submitted.status).toBe(202);
  const done = await request(`${api}/jobs/${submitted.body.job_id}/wait?timeout=60`);
  return { id: submitted.body.job_id, status: done.body.status };
}

describe('GET /api/jobs/{id}/outputs/{asset}/rows', () => {
  it('answers the first rows of a completed output, typed, cut at the limit', async () => {
    const job = await runJob(SMALL);
    expect(job.status).toBe('completed');
    const all = await request(`${api}/jobs/${job.id}/outputs/out/rows`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ columns: COLUMNS, rows: HIGH, truncated: false });
    const one = await request(`${api}/jobs/${job.id}/outputs/out/rows?limit=1`);
    expect(one.body).toEqual({ columns: COLUMNS, rows: [HIGH[0]], truncated: true });
  });

  it('answers each error with its status and a clear message', async () => {
    const job = await runJob(pipelineYaml('employees.csv', 'out/gone.csv'));
    const rows = (id: string, asset: string, query = '') => request(`${api}/jobs/${id}/outputs/${asset}/rows${query}`);
    expect(await rows('no-such-job', 'out')).toMatchObject({ status: 404, body: { error: 'job not found' } });
    expect(await rows(job.id, 'nope')).toMatchObject({ status: 404, body: { error: `job ${job.id} has no output "nope" (its outputs: out)` } });
    expect(await rows(job.id, 'kept')).toMatchObject({ status: 404 });
    expect(await rows(job.id, 'out', '?limit=abc')).toMatchObject({ status: 400, body: { error: 'invalid request: limit must be a non-negative integer' } });
    expect(await rows(job.id, 'out', '?limit=-1')).toMatchObject({ status: 400 });
    expect(await rows(job.id, 'out', '?limit=10001')).toMatchObject({ status: 400, body: { error: 'invalid request: limit must be at most 10000 (got 10001)' } });
    fs.rmSync(path.join(server.dataRoot, 'out', 'gone.csv'));
    expect(await rows(job.id, 'out')).toMatchObject({ status: 410, body: { error: `output "out" of job ${job.id} is no longer in the data root (out/gone.csv)` } });

    const failed = await runJob(pipelineYaml('missing.csv', 'out/never.csv'));
    expect(failed.status).toBe('failed');
    expect(await rows(failed.id, 'out')).toMatchObject({ status: 409, body: { error: `job ${failed.id} is failed: its outputs can be read once it has completed` } });
  });
});

describe('POST /api/preview', () => {
  it('answers the first rows of an asset, writing nothing and keeping no job', async () => {
    const before = listing();
    const jobsBefore = (await request(`${api}/jobs`)).body.jobs.length;
    const res = await postJson(`${api}/preview`, { yaml: SMALL, asset: 'kept', limit: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ columns: COLUMNS, rows: [HIGH[0]], truncated: true });
    // An output's name previews what it writes; danfo gives the same rows.
    expect((await postJson(`${api}/preview`, { yaml: SMALL, asset: 'out', backend: 'danfo' })).body).toEqual({ columns: COLUMNS, rows: HIGH, truncated: false });
    expect(listing()).toEqual(before);
    expect((await request(`${api}/jobs`)).body.jobs.length).toBe(jobsBefore);
  });

  it('is validated first, as a submit', async () => {
    expect(await postJson(`${api}/preview`, { yaml: SMALL })).toMatchObject({ status: 400, body: { error: 'invalid request: "asset" is required' } });
    expect(await postJson(`${api}/preview`, { yaml: SMALL, asset: 'nope' })).toMatchObject({
      status: 400,
      body: { error: 'invalid request: the pipeline has no asset "nope" (its assets: raw, kept, out)' },
    });
    expect(await postJson(`${api}/preview`, { yaml: 'version: "3.0"\npipeline: {}', asset: 'x' })).toMatchObject({ status: 400 });
    expect(await postJson(`${api}/preview`, { yaml: SMALL, asset: 'kept', limit: 20_000 })).toMatchObject({ status: 400, body: { error: 'invalid request: limit must be at most 10000 (got 20000)' } });
    expect(await postJson(`${api}/preview`, { yaml: SMALL, asset: 'kept', timeout: 0 })).toMatchObject({ status: 400 });
    expect(await postJson(`${api}/preview`, { yaml: SMALL, asset: 'kept', nope: 1 })).toMatchObject({ status: 400 });
    expect(await postJson(`${api}/preview`, { yaml: pipelineYaml('missing.csv', 'x.csv'), asset: 'raw' })).toMatchObject({ status: 422 });
  });

  it('is cancelled when its timeout passes, and its worker runs the next job at once', async () => {
    const started = Date.now();
    const res = await postJson(`${api}/preview`, { yaml: SLOW, asset: 'kept', timeout: 1 });
    expect(res).toMatchObject({ status: 504, body: { error: 'preview did not finish within 1000 ms and was cancelled' } });
    expect((await runJob(SMALL)).status).toBe('completed');
    // A slow preview left to run would hold the only worker for seconds more.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('is cancelled when its client goes away; past the line one is refused with 429; the waiting one is served', async () => {
    const gone = new AbortController();
    const first = fetch(`${api}/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ yaml: SLOW, asset: 'kept' }),
      signal: gone.signal,
    }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waiting = postJson(`${api}/preview`, { yaml: SMALL, asset: 'kept' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await postJson(`${api}/preview`, { yaml: SMALL, asset: 'kept' })).toMatchObject({ status: 429, body: { error: 'job queue is full' } });
    const abortedAt = Date.now();
    gone.abort();
    expect(await first).toMatchObject({ name: 'AbortError' });
    expect(await waiting).toMatchObject({ status: 200, body: { rows: HIGH } });
    expect(Date.now() - abortedAt).toBeLessThan(4_000);
  });
});
