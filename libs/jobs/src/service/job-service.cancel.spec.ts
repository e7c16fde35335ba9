import * as fs from 'node:fs';
import * as path from 'node:path';
import { createJobService, type JobService } from './job-service';
import { createDataRoot, must, removeDataRoot, slowPipeline, smallPipeline, untilStatus } from './__fixtures__/fixtures';

describe('job service: cancellation', () => {
  let root: string;
  let jobs: JobService;
  const errors: Error[] = [];

  beforeAll(async () => {
    root = await createDataRoot({ withBig: true });
    jobs = createJobService({ dataRoot: root, workers: 2, onError: (e) => errors.push(e) });
  }, 60_000);
  afterAll(async () => {
    await jobs.shutdown();
    removeDataRoot(root);
  });
  afterEach(() => expect(errors).toEqual([]));

  it('cancels a running job within 1 s; it ends cancelled and the next job completes', async () => {
    const { id } = await jobs.submit({ yaml: slowPipeline('slow-1') });
    await untilStatus(jobs, id, 'running');
    // Let DuckDB get well into the work before interrupting it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const t0 = Date.now();
    const result = await jobs.cancel(id);
    expect(result).toMatchObject({ outcome: 'cancelling', job: { status: 'running' } });
    const job = must(await jobs.wait(id, 10_000));
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(job.status).toBe('cancelled');
    expect(job.error).toBeUndefined();
    expect(job.durationMs).toBe(Date.parse(String(job.completedAt)) - Date.parse(String(job.startedAt)));
    // An overwrite output is written to a temporary path: a cancelled job leaves no file.
    expect(fs.existsSync(path.join(root, 'out/slow-1.parquet'))).toBe(false);

    const next = await jobs.wait((await jobs.submit({ yaml: smallPipeline('after-cancel') })).id, 30_000);
    expect(next?.status).toBe('completed');
  }, 30_000);

  it('cancels queued jobs behind a saturated pool at once; they never start', async () => {
    const slow = [await jobs.submit({ yaml: slowPipeline('sat-1') }), await jobs.submit({ yaml: slowPipeline('sat-2') })];
    const queued = await Promise.all([1, 2, 3].map(async (n) => jobs.submit({ yaml: smallPipeline(`never-${n}`) })));
    expect(jobs.stats()).toMatchObject({ queued: 3, running: 2 });
    for (const job of queued) {
      const result = await jobs.cancel(job.id);
      expect(result?.outcome).toBe('cancelled');
      expect(result?.job).toMatchObject({ status: 'cancelled', durationMs: 0 });
      expect(result?.job.startedAt).toBeUndefined();
      expect(result?.job.completedAt).toBeDefined();
    }
    expect(jobs.stats().queued).toBe(0);
    for (const job of slow) await jobs.cancel(job.id);
    const ended = await Promise.all(slow.map((j) => jobs.wait(j.id, 10_000)));
    expect(ended.map((j) => j?.status)).toEqual(['cancelled', 'cancelled']);
    // The queued jobs never ran: no output, still no start time.
    for (const n of [1, 2, 3]) expect(fs.existsSync(path.join(root, `out/never-${n}.csv`))).toBe(false);
    for (const job of queued) expect(await jobs.get(job.id)).toMatchObject({ status: 'cancelled', durationMs: 0 });
    expect((await jobs.get(queued[0].id))?.startedAt).toBeUndefined();
  }, 30_000);

  it('keeps serving after many cancellations of running jobs', async () => {
    for (let i = 0; i < 5; i++) {
      const { id } = await jobs.submit({ yaml: slowPipeline(`again-${i}`) });
      await untilStatus(jobs, id, 'running');
      await new Promise((resolve) => setTimeout(resolve, 50 + i * 40));
      await jobs.cancel(id);
      expect((await jobs.wait(id, 10_000))?.status).toBe('cancelled');
    }
    const done = await Promise.all([1, 2, 3, 4].map(async (n) => jobs.wait((await jobs.submit({ yaml: smallPipeline(`alive-${n}`) })).id, 30_000)));
    expect(done.map((j) => j?.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
  }, 60_000);

  it('returns the current state when a wait times out', async () => {
    const { id } = await jobs.submit({ yaml: slowPipeline('wait-timeout') });
    await untilStatus(jobs, id, 'running');
    const t0 = Date.now();
    const job = await jobs.wait(id, 150);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(job?.status).toBe('running');
    expect(job?.completedAt).toBeUndefined();
    await jobs.cancel(id);
    expect((await jobs.wait(id, 10_000))?.status).toBe('cancelled');
  }, 30_000);
});
