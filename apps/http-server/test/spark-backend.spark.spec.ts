/**
 * `backend: spark` over HTTP on a real Spark Connect server: a job end to end (outputs and exact
 * rows_written), the V-014 refusal on a server without --spark-remote, and a Spark that does not
 * answer: /api/ready says so, the job fails with `spark unavailable: ...`, the server keeps serving.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { testSparkUrl } from '@pipeline/test-spark';
import { closedPort, EMPLOYEES_CSV, pipelineYaml, pollJob, postJson, request, startTestServer, type TestServer } from './helpers';

/**
 * /api/ready once `settled` holds for its answer, or after 60 s: the service listens before its
 * workers have opened their engines, and a busy Spark may miss one probe's 2 s.
 */
async function readyOnceStarted(url: string, settled = (body: { reason?: string }) => body.reason !== 'starting'): Promise<{ status: number; body: { status: string; reason?: string } }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await request(`${url}/api/ready`);
    if (settled(answer.body ?? {}) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('backend spark over HTTP', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('runs a job on Spark and reports each output with its exact rows', async () => {
    server = await startTestServer({ sparkRemote: testSparkUrl() });
    fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
    expect((await readyOnceStarted(server.url, (body) => body.reason === undefined)).body).toEqual({ status: 'ready' });
    const submitted = await postJson(`${server.url}/api/jobs`, { yaml: pipelineYaml('employees.csv', 'out/eng.csv', { filter: "department = 'eng'" }), backend: 'spark' });
    expect(submitted.status).toBe(202);
    const job = (await pollJob(server.url, submitted.body.job_id, (j) => j.status === 'completed' || j.status === 'failed', 150_000)) as { status: string; error?: unknown; outputs?: unknown };
    expect(job).toMatchObject({ status: 'completed', outputs: [expect.objectContaining({ path: 'out/eng.csv', rows_written: 2 })] });
    const dir = path.join(server.dataRoot, 'out/eng.csv');
    expect(fs.readdirSync(dir).some((f) => f.startsWith('part-'))).toBe(true);
  });

  it('refuses backend spark with V-014 when no Spark is configured', async () => {
    server = await startTestServer();
    const answer = await postJson(`${server.url}/api/jobs`, { yaml: pipelineYaml('employees.csv', 'out.csv'), backend: 'spark' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('V-014: backend \\"spark\\" is not configured on this server (set --spark-remote)');
  });

  it('reports an unreachable Spark on /api/ready and fails its job, and keeps serving', async () => {
    server = await startTestServer({ sparkRemote: `sc://127.0.0.1:${await closedPort()}` });
    fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
    const ready = await readyOnceStarted(server.url);
    expect(ready.status).toBe(503);
    expect(ready.body.reason).toMatch(/^spark unavailable: /);
    const submitted = await postJson(`${server.url}/api/jobs`, { yaml: pipelineYaml('employees.csv', 'out.csv'), backend: 'spark' });
    const job = (await pollJob(server.url, submitted.body.job_id, (j) => j.status === 'failed' || j.status === 'completed', 60_000)) as { status: string; error?: string };
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^spark unavailable: /);
    expect((await request(`${server.url}/api/health`)).status).toBe(200);
    const duck = await postJson(`${server.url}/api/jobs`, { yaml: pipelineYaml('employees.csv', 'duck.csv'), backend: 'duckdb' });
    expect(await pollJob(server.url, duck.body.job_id, (j) => j.status === 'completed' || j.status === 'failed')).toMatchObject({ status: 'completed' });
  });
});
