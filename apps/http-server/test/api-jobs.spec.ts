/**
 * Black-box tests of the job endpoints over a real server, real worker threads and real files in
 * a temporary data root. One slow input (a multi-million-row CSV, written once for this file)
 * keeps a job running long enough to cancel it, time a wait out, and fill the queue.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  BIG_ROWS,
  EMPLOYEES_CSV,
  SLOW_FILTER,
  pipelineYaml,
  pollJob,
  postJson,
  request,
  startTestServer,
  writeBigCsv,
  type TestServer,
} from './helpers';
import { describeJobContract } from './job-contract';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const SMALL = pipelineYaml('employees.csv', 'out/high.csv');
/** Slow on DuckDB: every row of the big file goes through a costly string filter and is written back. */
const SLOW = pipelineYaml('big.csv', 'out/big-copy.csv', { filter: SLOW_FILTER });

let server: TestServer;
let api: string;

beforeAll(async () => {
  server = await startTestServer({ workers: 1, queueCapacity: 2 });
  api = `${server.url}/api`;
  fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
  writeBigCsv(path.join(server.dataRoot, 'big.csv'), BIG_ROWS);
});

afterAll(async () => {
  await server.stop();
});

afterEach(() => {
  expect(server.errors).toEqual([]);
});

async function submit(yaml: string, variables?: Record<string, string>): Promise<string> {
  const res = await postJson(`${api}/jobs`, { yaml, ...(variables ? { variables } : {}) });
  expect(res.status).toBe(202);
  return res.body.job_id;
}

/** Starts the slow job and returns once it is running. */
async function startSlowJob(): Promise<string> {
  const id = await submit(SLOW);
  await pollJob(server.url, id, (job) => job.status === 'running');
  return id;
}

async function cancelAndSettle(id: string): Promise<void> {
  await request(`${api}/jobs/${id}`, { method: 'DELETE' });
  const res = await request(`${api}/jobs/${id}/wait?timeout=30`);
  expect(['cancelled', 'completed']).toContain(res.body.status);
}

// Submit, wait, get, list, cancel of a running job, validate, explain and rows: the contract every backend answers.
describe('the job contract on duckdb', () => {
  describeJobContract('duckdb', { server: () => server, slowYaml: SLOW });
});

describe('job lifecycle', () => {
  it('applies variables to the submitted pipeline', async () => {
    const yaml = pipelineYaml('employees.csv', 'out/${NAME:default}.csv');
    const id = await submit(yaml, { NAME: 'from-variable' });
    const done = await request(`${api}/jobs/${id}/wait?timeout=30`);
    expect(done.body.status).toBe('completed');
    expect(fs.existsSync(path.join(server.dataRoot, 'out/from-variable.csv'))).toBe(true);
  });

  it('runs on the danfo backend when asked', async () => {
    const res = await postJson(`${api}/jobs`, { yaml: pipelineYaml('employees.csv', 'out/danfo.csv'), backend: 'danfo' });
    expect(res.status).toBe(202);
    const done = await request(`${api}/jobs/${res.body.job_id}/wait?timeout=30`);
    expect(done.body.status).toBe('completed');
    const lines = fs.readFileSync(path.join(server.dataRoot, 'out/danfo.csv'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
  });
});

describe('held waits on the list', () => {
  it('holds GET /api/jobs?since= until a job is submitted, then answers with it and a new version', async () => {
    const { version, jobs } = (await request(`${api}/jobs`)).body;
    const started = Date.now();
    const held = request(`${api}/jobs?since=${version}&timeout=30`);
    // Not answered before anything changes.
    const early = await Promise.race([held.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('held'), 300))]);
    expect(early).toBe('held');
    const id = await submit(SMALL);
    const answer = await held;
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(answer.status).toBe(200);
    expect(answer.body.version).not.toBe(version);
    expect(answer.body.jobs.map((job: { id: string }) => job.id)).toEqual([...jobs.map((job: { id: string }) => job.id), id]);
    await request(`${api}/jobs/${id}/wait?timeout=30`);
  });

  it('answers with the list as it is when its timeout passes, and at once for another version', async () => {
    const { version } = (await request(`${api}/jobs`)).body;
    const started = Date.now();
    const res = await request(`${api}/jobs?since=${version}&timeout=1`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(res.body.version).toBe(version);
    const other = Date.now();
    expect((await request(`${api}/jobs?since=stale&timeout=30`)).body.version).toBe(version);
    expect(Date.now() - other).toBeLessThan(5_000);
  });

  it('answers 400 for a bad since or timeout', async () => {
    expect(await request(`${api}/jobs?since=a%20b`)).toMatchObject({
      status: 400,
      body: { error: 'invalid request: since must be the version a previous GET /api/jobs answered' },
    });
    expect(await request(`${api}/jobs?since=x&timeout=-1`)).toMatchObject({
      status: 400,
      body: { error: 'invalid request: timeout must be a non-negative integer' },
    });
  });
});

describe('submission errors', () => {
  it('answers 400 "validation failed: V-..." and queues nothing', async () => {
    const before = (await request(`${api}/jobs`)).body.jobs.length;
    const yaml = SMALL.replace('from: raw', 'from: nonexistent');
    const res = await postJson(`${api}/jobs`, { yaml });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'validation failed: V-001: asset "kept" references unknown asset "nonexistent"' });
    expect((await request(`${api}/jobs`)).body.jobs.length).toBe(before);
  });

  it('answers 400 "validation failed: parse error: ..." for text that is not YAML', async () => {
    const res = await postJson(`${api}/jobs`, { yaml: 'pipeline: [unclosed' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^validation failed: parse error: /);
  });
});

describe('unknown job ids', () => {
  it.each([
    ['GET', '/jobs/00000000-0000-4000-8000-000000000000'],
    ['GET', '/jobs/00000000-0000-4000-8000-000000000000/wait'],
    ['GET', '/jobs/not-a-uuid/wait?timeout=1'],
    ['DELETE', '/jobs/not-a-uuid'],
  ])('%s %s is 404 job not found', async (method, route) => {
    const res = await request(`${api}${route}`, { method });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'job not found' });
  });
});

describe('wait', () => {
  it.each(['-1', '1.5', 'abc', '', '1e3'])('rejects timeout=%p with 400', async (timeout) => {
    const id = await submit(SMALL);
    const res = await request(`${api}/jobs/${id}/wait?timeout=${timeout}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid request: timeout must be a non-negative integer' });
    await request(`${api}/jobs/${id}/wait?timeout=30`);
  });

  it('returns the current job with 200 when the timeout expires first', async () => {
    const id = await startSlowJob();
    const started = Date.now();
    const res = await request(`${api}/jobs/${id}/wait?timeout=1`);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      status: 'running',
      created_at: expect.stringMatching(ISO_MS),
      started_at: expect.stringMatching(ISO_MS),
      steps: expect.any(Array),
    });
    // Every asset of the plan, the output not done yet (it runs the whole query).
    expect(res.body.steps.map((s: { asset: string }) => s.asset)).toEqual(['raw', 'kept', 'out']);
    expect(res.body.steps[2].state).not.toBe('done');
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(5_000);
    await cancelAndSettle(id);
  });

  it('answers a terminal job at once', async () => {
    const id = await submit(SMALL);
    await request(`${api}/jobs/${id}/wait?timeout=30`);
    const started = Date.now();
    const res = await request(`${api}/jobs/${id}/wait`);
    expect(res.body.status).toBe('completed');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it.each([
    ['absent', ''],
    ['0 (the default, not "answer at once")', '?timeout=0'],
  ])('wakes on the state change: a wait with the timeout %s returns when the job is cancelled', async (_label, query) => {
    const id = await startSlowJob();
    const waiting = request(`${api}/jobs/${id}/wait${query}`);
    // Longer than any immediate answer, so a wait that did not block would be seen still running.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const cancelledAt = Date.now();
    expect((await request(`${api}/jobs/${id}`, { method: 'DELETE' })).body).toEqual({ status: 'cancelling' });
    const res = await waiting;
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(Date.now() - cancelledAt).toBeLessThan(5_000);
  });
});

describe('cancel', () => {
  it('cancels a queued job at once: 200 cancelling, status cancelled, never started, duration 0', async () => {
    const slow = await startSlowJob();
    const queued = await submit(SMALL);
    const before = await request(`${api}/jobs/${queued}`);
    expect(before.body).toEqual({ id: queued, status: 'queued', created_at: expect.stringMatching(ISO_MS) });

    const res = await request(`${api}/jobs/${queued}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'cancelling' });
    const after = await request(`${api}/jobs/${queued}`);
    expect(after.body).toEqual({
      id: queued,
      status: 'cancelled',
      created_at: before.body.created_at,
      completed_at: expect.stringMatching(ISO_MS),
      duration_ms: 0,
    });
    await cancelAndSettle(slow);
  });

  it('answers 409 "job is already <status>" for terminal jobs', async () => {
    const completed = await submit(SMALL);
    const failed = await submit(pipelineYaml('missing.csv', 'out/x.csv'));
    await request(`${api}/jobs/${failed}/wait?timeout=30`);
    await request(`${api}/jobs/${completed}/wait?timeout=30`);
    const slow = await startSlowJob();
    const cancelled = await submit(SMALL);
    await request(`${api}/jobs/${cancelled}`, { method: 'DELETE' });
    await cancelAndSettle(slow);

    for (const [id, status] of [
      [completed, 'completed'],
      [failed, 'failed'],
      [cancelled, 'cancelled'],
    ]) {
      const res = await request(`${api}/jobs/${id}`, { method: 'DELETE' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: `job is already ${status}` });
    }
  });
});

describe('queue capacity', () => {
  it('answers 429 "job queue is full" once the queue holds its capacity', async () => {
    const slow = await startSlowJob();
    const waiting = [await submit(SMALL), await submit(SMALL)];
    const res = await postJson(`${api}/jobs`, { yaml: SMALL });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: 'job queue is full' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');

    await cancelAndSettle(slow);
    for (const id of waiting) {
      expect((await request(`${api}/jobs/${id}/wait?timeout=30`)).body.status).toBe('completed');
    }
    expect((await postJson(`${api}/jobs`, { yaml: SMALL })).status).toBe(202);
  });
});
