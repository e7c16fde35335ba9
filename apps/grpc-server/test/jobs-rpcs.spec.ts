import { EMPLOYEES_CSV, employeesPipeline, failure, startHarness, type Harness } from './harness';
import { crossJoinPipeline, describeJobContract, N_CSV } from './job-contract';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A CSV big enough that the danfo backend needs seconds for it (a job that is surely running). */
function bigCsv(rows: number): string {
  const lines = ['id,department,salary'];
  for (let i = 0; i < rows; i++) lines.push(`${i},d${i % 50},${(i * 7919) % 100000}`);
  return `${lines.join('\n')}\n`;
}

function slowPipeline(output: string): string {
  return `version: "3.0"
pipeline:
  name: slow
  assets:
    - asset_ref: raw
      source: { input: { format: csv, path: big.csv } }
    - asset_ref: rich
      source: { where: { from: raw, filter: "salary > 100" } }
    - asset_ref: by_dept
      source: { group_by: { from: rich, by: [department], agg: ["COUNT(*) AS n", "AVG(salary) AS avg_salary"] } }
    - asset_ref: out
      source: { output: { from: by_dept, format: csv, path: ${output}, mode: overwrite } }
`;
}

let h: Harness;
beforeAll(async () => {
  // One worker, so a second job stays queued behind a running one.
  h = await startHarness({ workers: 1, queueCapacity: 3 });
  h.write('employees.csv', EMPLOYEES_CSV);
  h.write('big.csv', bigCsv(300_000));
  h.write('n.csv', N_CSV);
});
afterAll(() => h.stop());

/** Waits until `predicate` holds for the job (GetJob every 20 ms, at most 30 s). */
async function until(jobId: string, predicate: (status: string) => boolean): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    if (predicate((await h.client.getJob({ jobId })).status)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`job ${jobId} never reached the expected state`);
}

// Validate, explain, submit, get, wait, list and cancel of a running job: the contract every backend answers.
describe('the job contract on duckdb', () => {
  describeJobContract('duckdb', { harness: () => h, slowYaml: crossJoinPipeline('out/slow.csv') });
});

describe('job lifecycle', () => {
  it('rejects an invalid definition with INVALID_ARGUMENT "validation failed: ..."', async () => {
    await expect(failure(h.client.submitJob({ yaml: employeesPipeline().replace('from: by_dept', 'from: nonexistent') }))).resolves.toEqual({
      code: 'INVALID_ARGUMENT',
      details: 'validation failed: V-001: asset "summary" references unknown asset "nonexistent"',
    });
    const parse = await failure(h.client.submitJob({ yaml: ': : :' }));
    expect(parse.code).toBe('INVALID_ARGUMENT');
    expect(parse.details).toMatch(/^validation failed: parse error: /);
  });

  it('rejects an unknown backend', async () => {
    await expect(failure(h.client.submitJob({ yaml: employeesPipeline(), backend: 'flink' }))).resolves.toEqual({
      code: 'INVALID_ARGUMENT',
      details: 'unknown backend "flink" (expected duckdb, danfo, spark)',
    });
  });

  it('rejects backend options, which no backend accepts per job', async () => {
    await expect(failure(h.client.submitJob({ yaml: employeesPipeline(), backendOptions: { threads: '4' } }))).resolves.toEqual({
      code: 'INVALID_ARGUMENT',
      details: 'invalid request: unknown backend option "threads" (no backend options are accepted)',
    });
  });

});

describe('cancellation, waiting and the queue', () => {
  it('cancels a queued job at once and a running one cooperatively; a terminal one is not cancelled', async () => {
    const running = await h.client.submitJob({ yaml: slowPipeline('out/slow1.csv'), backend: 'danfo' });
    await until(running.jobId, (s) => s === 'running');
    const queued = await h.client.submitJob({ yaml: employeesPipeline('out/q.csv') });
    expect((await h.client.getJob({ jobId: queued.jobId })).status).toBe('queued');

    // WaitForJob returns the current state when its timeout expires first.
    const started = Date.now();
    const waited = await h.client.waitForJob({ jobId: running.jobId, timeoutSeconds: 1 });
    expect(waited.status).toBe('running');
    expect(waited).toMatchObject({ completedAt: '', durationMs: -1, startedAt: expect.stringMatching(ISO) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    const queuedView = await h.client.getJob({ jobId: queued.jobId });
    expect(queuedView).toMatchObject({ status: 'queued', startedAt: '', completedAt: '', durationMs: -1 });

    await expect(h.client.cancelJob({ jobId: queued.jobId })).resolves.toEqual({ cancelled: true, status: 'cancelled' });
    const cancelledQueued = await h.client.getJob({ jobId: queued.jobId });
    expect(cancelledQueued).toMatchObject({ status: 'cancelled', startedAt: '', completedAt: expect.stringMatching(ISO), durationMs: 0, error: '' });

    await expect(h.client.cancelJob({ jobId: running.jobId })).resolves.toEqual({ cancelled: true, status: 'cancelling' });
    const ended = await h.client.waitForJob({ jobId: running.jobId, timeoutSeconds: 120 });
    expect(ended.status).toBe('cancelled');
    expect(ended.startedAt).toMatch(ISO);
    expect(ended.durationMs).toBe(Date.parse(ended.completedAt) - Date.parse(ended.startedAt));

    await expect(h.client.cancelJob({ jobId: running.jobId })).resolves.toEqual({ cancelled: false, status: 'cancelled' });
    await expect(h.client.cancelJob({ jobId: queued.jobId })).resolves.toEqual({ cancelled: false, status: 'cancelled' });
  });

  it('answers RESOURCE_EXHAUSTED "job queue is full" beyond the queue capacity', async () => {
    const slow = await h.client.submitJob({ yaml: slowPipeline('out/slow2.csv'), backend: 'danfo' });
    await until(slow.jobId, (s) => s === 'running');
    const queued = [];
    for (let i = 0; i < 3; i++) queued.push((await h.client.submitJob({ yaml: employeesPipeline(`out/fill${i}.csv`) })).jobId);
    await expect(failure(h.client.submitJob({ yaml: employeesPipeline('out/over.csv') }))).resolves.toEqual({
      code: 'RESOURCE_EXHAUSTED',
      details: 'job queue is full',
    });
    for (const jobId of [...queued, slow.jobId]) await h.client.cancelJob({ jobId });
    await h.client.waitForJob({ jobId: slow.jobId, timeoutSeconds: 120 });
  });

  it('WaitForJob with timeout_seconds 0 (or absent) waits the default: it answers only once the job is terminal', async () => {
    const running = await h.client.submitJob({ yaml: slowPipeline('out/slow3.csv'), backend: 'danfo' });
    await until(running.jobId, (s) => s === 'running');
    // Had 0 meant "answer at once", both would answer `running` right away.
    const waits = [h.client.waitForJob({ jobId: running.jobId, timeoutSeconds: 0 }), h.client.waitForJob({ jobId: running.jobId })];
    await new Promise((r) => setTimeout(r, 1_200));
    await h.client.cancelJob({ jobId: running.jobId });
    const final = await h.client.waitForJob({ jobId: running.jobId, timeoutSeconds: 60 });
    expect(['cancelled', 'completed']).toContain(final.status);
    for (const answer of await Promise.all(waits)) expect(answer).toEqual(final);
  });

  it('answers NOT_FOUND "job not found" for unknown ids', async () => {
    const notFound = { code: 'NOT_FOUND', details: 'job not found' };
    const jobId = '00000000-0000-4000-8000-000000000000';
    await expect(failure(h.client.getJob({ jobId }))).resolves.toEqual(notFound);
    await expect(failure(h.client.waitForJob({ jobId, timeoutSeconds: 1 }))).resolves.toEqual(notFound);
    await expect(failure(h.client.cancelJob({ jobId }))).resolves.toEqual(notFound);
  });
});
