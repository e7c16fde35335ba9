import { createJobService } from './job-service';
import { createDataRoot, removeDataRoot, slowPipeline, smallPipeline, untilStatus } from './__fixtures__/fixtures';

describe('job service: queue capacity, retention, shutdown', () => {
  let root: string;
  beforeAll(async () => {
    root = await createDataRoot({ withBig: true });
  }, 60_000);
  afterAll(() => removeDataRoot(root));

  it('refuses a job beyond the queue capacity with JOB_QUEUE_FULL, and accepts again once a place frees', async () => {
    const jobs = createJobService({ dataRoot: root, workers: 1, queueCapacity: 2 });
    try {
      const running = await jobs.submit({ yaml: slowPipeline('qf-running') });
      const waiting = [await jobs.submit({ yaml: smallPipeline('qf-1') }), await jobs.submit({ yaml: smallPipeline('qf-2') })];
      await expect(jobs.submit({ yaml: smallPipeline('qf-3') })).rejects.toThrow(
        expect.objectContaining({ code: 'JOB_QUEUE_FULL', message: 'job queue is full' }),
      );
      expect((await jobs.list()).map((j) => j.id)).toEqual([running.id, ...waiting.map((j) => j.id)]);
      await jobs.cancel(waiting[0].id);
      const accepted = await jobs.submit({ yaml: smallPipeline('qf-4') });
      await jobs.cancel(running.id);
      const [second, fourth] = await Promise.all([jobs.wait(waiting[1].id, 30_000), jobs.wait(accepted.id, 30_000)]);
      expect([second?.status, fourth?.status]).toEqual(['completed', 'completed']);
      expect((await jobs.get(running.id))?.status).toBe('cancelled');
    } finally {
      await jobs.shutdown();
    }
  }, 30_000);

  it('evicts the oldest terminal jobs beyond the retention', async () => {
    const jobs = createJobService({ dataRoot: root, workers: 1, retention: 3 });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { id } = await jobs.submit({ yaml: smallPipeline(`ret-${i}`) });
        ids.push(id);
        expect((await jobs.wait(id, 30_000))?.status).toBe('completed');
      }
      expect((await jobs.list()).map((j) => j.id)).toEqual(ids.slice(2));
      expect(await jobs.get(ids[0])).toBeUndefined();
      expect((await jobs.get(ids[4]))?.status).toBe('completed');
    } finally {
      await jobs.shutdown();
    }
  }, 30_000);

  it('shuts down: stops accepting, cancels queued jobs, cancels running ones after the grace period', async () => {
    const jobs = createJobService({ dataRoot: root, workers: 1 });
    const running = await jobs.submit({ yaml: slowPipeline('sd-running') });
    const queued = await jobs.submit({ yaml: smallPipeline('sd-queued') });
    await untilStatus(jobs, running.id, 'running');
    const t0 = Date.now();
    const stopping = jobs.shutdown({ graceMs: 200 });
    expect(await jobs.get(queued.id)).toMatchObject({ status: 'cancelled', durationMs: 0 });
    await expect(jobs.submit({ yaml: smallPipeline('sd-late') })).rejects.toThrow(expect.objectContaining({ code: 'JOB_SHUTTING_DOWN' }));
    expect(jobs.shutdown()).toBe(stopping);
    await stopping;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    expect(await jobs.get(running.id)).toMatchObject({ status: 'cancelled' });
    expect((await jobs.get(running.id))?.startedAt).toBeDefined();
    expect(jobs.stats()).toMatchObject({ accepting: false, running: 0, queued: 0 });
  }, 30_000);

  it('lets a running job finish within the grace period', async () => {
    const jobs = createJobService({ dataRoot: root, workers: 1 });
    const job = await jobs.submit({ yaml: smallPipeline('sd-finish') });
    await untilStatus(jobs, job.id, 'running');
    await jobs.shutdown({ graceMs: 30_000 });
    expect((await jobs.get(job.id))?.status).toBe('completed');
  }, 30_000);
});
