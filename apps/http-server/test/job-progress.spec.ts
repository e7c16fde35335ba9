/**
 * `GET /api/jobs/{id}/progress`: a running job's assets done of the plan's total and rows its
 * outputs staged, reported after each asset while the job runs and absent once it ends; the job
 * object's `steps` show each asset live (every answer checked against the OpenAPI document by the
 * request helper).
 */
import * as path from 'node:path';
import { pipelineYaml, postJson, request, SLOW_FILTER, startTestServer, writeBigCsv, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ workers: 1 });
  writeBigCsv(path.join(server.dataRoot, 'big.csv'), 1_000_000);
}, 60_000);

afterAll(async () => {
  await server.stop();
});

it('answers progress while the job runs and only the status once it ends', async () => {
  const submitted = await postJson(`${server.url}/api/jobs`, { yaml: pipelineYaml('big.csv', 'out/progress.csv', { filter: SLOW_FILTER }) });
  expect(submitted.status).toBe(202);
  const id = submitted.body.job_id as string;
  const seen: unknown[] = [];
  const steps: unknown[] = [];
  for (;;) {
    const { body } = await request(`${server.url}/api/jobs/${id}/progress`);
    if (body.assets_done !== undefined) seen.push(body);
    const job = (await request(`${server.url}/api/jobs/${id}`)).body;
    expect(job.progress).toBeUndefined();
    if (job.status === 'running' && job.steps !== undefined) steps.push(job.steps);
    if (body.status === 'completed' || body.status === 'failed' || body.status === 'cancelled') {
      expect(body).toEqual({ status: 'completed' });
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // The input and the filter are views, done before the output's COPY runs the query for seconds.
  expect(seen).toContainEqual({ status: 'running', assets_done: 2, assets_total: 3, rows_written: 0 });
  expect(seen.every((p) => (p as { status: string }).status === 'running')).toBe(true);
  // The job object shows every asset while it runs: the views done, the output running since then.
  expect(steps).toContainEqual([
    { asset: 'raw', state: 'done', started_at: expect.any(String), ms: expect.any(Number) },
    { asset: 'kept', state: 'done', started_at: expect.any(String), ms: expect.any(Number) },
    { asset: 'out', state: 'running', started_at: expect.any(String) },
  ]);
  const done = (await request(`${server.url}/api/jobs/${id}`)).body;
  expect(done.steps.map((s: { asset: string; state: string }) => `${s.asset} ${s.state}`)).toEqual(['raw done', 'kept done', 'out done']);
  expect(done.steps[2].rows).toBe(1_000_000);
  expect((await request(`${server.url}/api/jobs/00000000-0000-4000-8000-000000000000/progress`)).status).toBe(404);
}, 60_000);
