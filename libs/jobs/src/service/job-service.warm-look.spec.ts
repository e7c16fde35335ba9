/**
 * A look sent while the workers rehearse the warm-up (right after start-up) waits for them, then
 * runs as soon as the rehearsal gives them back, not when its own timeout passes.
 */
import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from '../pool/worker-pool';
import { createJobService, type JobService } from './job-service';
import { createDataRoot, removeDataRoot, smallPipeline } from './__fixtures__/fixtures';

/** A pool whose warm-up rehearsal takes `ms` longer, so a look can arrive during it. */
function slowRehearsal(ms: number): (options: WorkerPoolOptions) => WorkerPool {
  return (options) => {
    const pool = createWorkerPool(options);
    return Object.assign(Object.create(pool) as WorkerPool, {
      warm: (async (engine, rehearsal, threads) => {
        if (rehearsal !== undefined) await new Promise((resolve) => setTimeout(resolve, ms));
        return pool.warm(engine, rehearsal, threads);
      }) satisfies WorkerPool['warm'],
    });
  };
}

describe('job service: a look during the warm-up rehearsal', () => {
  let root: string;
  let jobs: JobService;
  const errors: Error[] = [];

  beforeAll(async () => {
    root = await createDataRoot();
    jobs = createJobService({ dataRoot: root, workers: 1, onError: (e) => errors.push(e) }, { createPool: slowRehearsal(3_000) });
  }, 60_000);
  afterAll(async () => {
    await jobs.shutdown();
    removeDataRoot(root);
  });
  afterEach(() => expect(errors).toEqual([]));

  it('runs once the rehearsal ends, well before its own timeout', async () => {
    const warmed = jobs.ready();
    // The engines open first; then the one worker rehearses for 3 s more.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const t0 = Date.now();
    const rows = await jobs.preview({ yaml: smallPipeline('look') }, 'out', { limit: 1, timeoutMs: 40_000 });
    expect(rows.rows).toHaveLength(1);
    // Before the fix it waited for its 40 s timeout (JOB_LOOK_TIMEOUT).
    expect(Date.now() - t0).toBeLessThan(20_000);
    await warmed;
  }, 90_000);
});
