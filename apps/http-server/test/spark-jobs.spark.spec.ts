/**
 * Spark jobs' operations over HTTP on a real Spark Connect server (issue 25): 20 jobs at once
 * against one Spark each end completed with their outputs; cancel ends `cancelled` within 5 s;
 * a Spark restarted under a running job fails that job with `spark unavailable: ...` while the
 * server keeps serving, and the next job works once Spark is back. Each time nothing is left
 * behind: no Spark session open (the server's own log, by the URL's user_id) and no temporary or
 * half-written output directory.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { settledSparkSessions, startSparkConnect, testSparkLogFile, testSparkUrl, type SparkServer } from '@pipeline/test-spark';
import { EMPLOYEES_CSV, SPARK_N_CSV, pipelineYaml, pollJob, postJson, request, slowSparkYaml, startTestServer, type TestServer } from './helpers';

jest.setTimeout(600_000);

type Job = { status: string; error?: string; outputs?: { asset: string; path: string; rows_written: number }[] };

const finished = (j: { status: string }) => ['completed', 'failed', 'cancelled'].includes(j.status);

/**
 * The job once terminal, through the held /wait answer (30 s at a time): 20 jobs polled every
 * 20 ms each met a kept-alive socket the server was closing (fetch failed, ECONNRESET).
 */
async function waitTerminal(base: string, id: string, timeoutMs: number): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await request(`${base}/api/jobs/${id}/wait?timeout=30`);
    if (finished(answer.body) || Date.now() > deadline) return answer.body as Job;
  }
}

/** A CSV output directory of part files as one text: the first part's header, then every part's rows. */
function readPartsCsv(dir: string): string {
  const lines: string[] = [];
  for (const part of fs.readdirSync(dir).filter((n) => n.startsWith('part-')).sort()) {
    const [header, ...rows] = fs.readFileSync(path.join(dir, part), 'utf8').trimEnd().split('\n');
    if (header === undefined || header === '') continue;
    if (lines.length === 0) lines.push(header);
    lines.push(...rows);
  }
  return `${lines.join('\n')}\n`;
}

/** Every file and folder under `dir` whose name says it is a staging directory of a Spark output. */
function leftovers(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.spark-[0-9a-f]+\.dir/.test(f));
}

/** Submits a spark job and waits until the service runs it and Spark has had time to start on it. */
async function startSlowJob(server: TestServer, output: string): Promise<string> {
  const submitted = await postJson(`${server.url}/api/jobs`, { yaml: slowSparkYaml(output), backend: 'spark' });
  expect(submitted.status).toBe(202);
  await pollJob(server.url, submitted.body.job_id, (j) => j.status === 'running' || finished(j), 120_000);
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  return submitted.body.job_id as string;
}

describe('spark jobs on the shared test Spark', () => {
  const userId = `http-jobs-${randomUUID().slice(0, 8)}`;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ sparkRemote: `${testSparkUrl()}/;user_id=${userId}`, workers: 20, queueCapacity: 100 });
    fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
    fs.writeFileSync(path.join(server.dataRoot, 'n.csv'), SPARK_N_CSV);
  });
  afterAll(() => server.stop());

  it('runs 20 jobs at once against one Spark: each completed with its own output and exact rows, no session left open', async () => {
    const filters = ['salary > 50000', "department = 'eng'", 'salary < 50000', 'id >= 1'];
    const expected = ['id,name,department,salary\n1,Ada,eng,90000\n3,Cy,eng,60000\n', 'id,name,department,salary\n1,Ada,eng,90000\n3,Cy,eng,60000\n', 'id,name,department,salary\n2,Bob,ops,40000\n', `${EMPLOYEES_CSV}`];
    const ids = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const answer = await postJson(`${server.url}/api/jobs`, { yaml: pipelineYaml('employees.csv', `out/job-${i}.csv`, { filter: filters[i % 4] }), backend: 'spark' });
        expect(answer.status).toBe(202);
        return answer.body.job_id as string;
      }),
    );
    const jobs = await Promise.all(ids.map((id) => waitTerminal(server.url, id, 480_000)));
    jobs.forEach((job, i) => {
      expect({ i, status: job.status, error: job.error }).toEqual({ i, status: 'completed', error: undefined });
      const rows = expected[i % 4].trim().split('\n').length - 1;
      expect(job.outputs).toEqual([expect.objectContaining({ path: `out/job-${i}.csv`, rows_written: rows })]);
      const lines = readPartsCsv(path.join(server.dataRoot, `out/job-${i}.csv`)).trim().split('\n');
      expect([lines[0], ...lines.slice(1).sort()].join('\n') + '\n').toBe(expected[i % 4]);
    });
    expect(leftovers(server.dataRoot)).toEqual([]);
    expect((await settledSparkSessions(testSparkLogFile(), userId)).open).toEqual([]);
  });

  it('cancels a running job within 5 s: cancelled, no output, no staging directory, no session left open', async () => {
    const id = await startSlowJob(server, 'out/slow.csv');
    expect((await request(`${server.url}/api/jobs/${id}`)).body.status).toBe('running');
    const asked = Date.now();
    const answer = await request(`${server.url}/api/jobs/${id}`, { method: 'DELETE' });
    expect(answer.body).toEqual({ status: 'cancelling' });
    const job = await pollJob(server.url, id, finished, 30_000);
    expect(Date.now() - asked).toBeLessThan(5_000);
    expect(job.status).toBe('cancelled');
    expect(fs.existsSync(path.join(server.dataRoot, 'out/slow.csv'))).toBe(false);
    expect(leftovers(server.dataRoot)).toEqual([]);
    expect((await settledSparkSessions(testSparkLogFile(), userId)).open).toEqual([]);
  });
});

// A Spark of its own: this file stops it under a running job and starts it again on the same port.
describe('a Spark restarted under a running job', () => {
  const userId = `http-restart-${randomUUID().slice(0, 8)}`;
  let spark: SparkServer | undefined;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await spark?.stop();
  });

  it('fails the job with "spark unavailable: ...", keeps serving, and runs the next job once Spark is back, leaving nothing behind', async () => {
    spark = await startSparkConnect();
    const port = spark.port;
    server = await startTestServer({ sparkRemote: `${spark.url}/;user_id=${userId}`, workers: 2 });
    fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
    fs.writeFileSync(path.join(server.dataRoot, 'n.csv'), SPARK_N_CSV);
    const id = await startSlowJob(server, 'out/slow.csv');

    await spark.stop();
    spark = undefined;
    const failed = (await pollJob(server.url, id, finished, 60_000)) as Job;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^spark unavailable: /);
    expect(fs.existsSync(path.join(server.dataRoot, 'out/slow.csv'))).toBe(false);
    expect(leftovers(server.dataRoot)).toEqual([]);

    // The server keeps serving while Spark is down: health, readiness saying why, a duckdb job.
    expect((await request(`${server.url}/api/health`)).status).toBe(200);
    const ready = await request(`${server.url}/api/ready`);
    expect(ready).toMatchObject({ status: 503, body: { reason: expect.stringMatching(/^spark unavailable: /) } });
    const duck = await postJson(`${server.url}/api/jobs`, { yaml: pipelineYaml('employees.csv', 'out/duck.csv'), backend: 'duckdb' });
    expect(await pollJob(server.url, duck.body.job_id, finished, 60_000)).toMatchObject({ status: 'completed' });

    spark = await startSparkConnect({ port });
    // The client's channel may still be in its reconnect back-off for a moment.
    const deadline = Date.now() + 60_000;
    while ((await request(`${server.url}/api/ready`)).status !== 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await postJson(`${server.url}/api/jobs`, { yaml: pipelineYaml('employees.csv', 'out/after.csv'), backend: 'spark' });
    const after = (await pollJob(server.url, next.body.job_id, finished, 180_000)) as Job;
    expect(after).toMatchObject({ status: 'completed', outputs: [expect.objectContaining({ path: 'out/after.csv', rows_written: 2 })] });
    expect(leftovers(server.dataRoot)).toEqual([]);
    const sessions = await settledSparkSessions(spark.logFile, userId);
    if (sessions.open.length > 0) process.stderr.write(fs.readFileSync(spark.logFile, 'utf8').split('\n').filter((l) => sessions.open.some((id) => l.includes(id)) || /ERROR|WARN/.test(l)).join('\n').slice(-20000));
    expect(sessions.open).toEqual([]);
  });
});
