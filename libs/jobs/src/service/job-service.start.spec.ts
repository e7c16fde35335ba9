/**
 * Starting and stopping: a service created with `startLater` takes no job before `start()`, its
 * readiness tells starting, ready and stopping apart, and jobs a shutdown cancels say why.
 */
import type { JobRecord } from '../job';
import { createJobService } from './job-service';
import { createDataRoot, must, removeDataRoot, slowPipeline, smallPipeline, untilStatus } from './__fixtures__/fixtures';

let root: string;
beforeAll(async () => {
  root = await createDataRoot({ withBig: true });
}, 60_000);
afterAll(() => removeDataRoot(root));

describe('job service: start and readiness', () => {
  it('takes no job and is not ready before start(); once started it runs them and is ready', async () => {
    const errors: Error[] = [];
    const jobs = createJobService({ dataRoot: root, workers: 1, startLater: true, staleTempSweepMs: 0, onError: (e) => errors.push(e) });
    try {
      const early = await jobs.submit({ yaml: smallPipeline('early') });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await jobs.get(early.id))?.status).toBe('queued');
      expect(await jobs.readiness()).toEqual({ ready: false, reason: 'starting' });
      jobs.start();
      jobs.start();
      expect(must(await jobs.wait(early.id, 20_000)).status).toBe('completed');
      await jobs.ready();
      expect(await jobs.readiness()).toEqual({ ready: true });
    } finally {
      await jobs.shutdown();
    }
    expect(await jobs.readiness()).toEqual({ ready: false, reason: 'shutting down' });
    expect(errors).toEqual([]);
  }, 30_000);

  it('warms up beside a job already running, not behind it', async () => {
    const jobs = createJobService({ dataRoot: root, workers: 1, startLater: true, staleTempSweepMs: 0 });
    try {
      // The only worker takes this job (as one taken back from the queue at a restart).
      const long = await jobs.submit({ yaml: slowPipeline('beside') });
      jobs.start();
      await jobs.ready();
      // No rehearsal waited for that worker: the warm-up is over while the job still runs.
      expect(['queued', 'running']).toContain((await jobs.get(long.id))?.status);
    } finally {
      await jobs.shutdown({ graceMs: 0 });
    }
  }, 60_000);

  it('a shutdown cancels with a reason: cancelled: the server stopped (queued and running jobs)', async () => {
    const jobs = createJobService({ dataRoot: root, workers: 1, staleTempSweepMs: 0 });
    const running = await jobs.submit({ yaml: slowPipeline('stop-running') });
    const queued = await jobs.submit({ yaml: smallPipeline('stop-queued') });
    await untilStatus(jobs, running.id, 'running');
    const changes: JobRecord[] = [];
    const waits = [running, queued].map((j) => jobs.wait(j.id, 20_000).then((r) => changes.push(must(r))));
    await jobs.shutdown({ graceMs: 0 });
    await Promise.all(waits);
    for (const job of changes) {
      expect(job).toMatchObject({ status: 'cancelled', errorCode: 'JOB_SERVER_STOPPED', error: 'cancelled: the server stopped' });
    }
    expect(changes).toHaveLength(2);
  }, 60_000);
});
