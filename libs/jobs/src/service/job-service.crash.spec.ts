import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from '../pool/worker-pool';
import type { WorkerCrashMode } from '../worker/protocol';
import { createJobService, type JobService } from './job-service';
import { createDataRoot, removeDataRoot, smallPipeline } from './__fixtures__/fixtures';

/**
 * A real pool whose job tasks make their worker really die when `pick` names a way for the
 * pipeline's name: the crash is the test's pool, never anything a request carries.
 */
function crashingPool(pick: (pipeline: string | undefined) => WorkerCrashMode | undefined): (options: WorkerPoolOptions) => WorkerPool {
  return (options) => {
    const pool = createWorkerPool(options);
    return Object.assign(Object.create(pool) as WorkerPool, {
      dispatch: ((task, onStarted, onProgress) => {
        const crash = pick(task.plan.name);
        return pool.dispatch(crash === undefined ? task : { ...task, crash }, onStarted, onProgress);
      }) satisfies WorkerPool['dispatch'],
    });
  };
}

describe('job service: a worker that dies', () => {
  let root: string;
  let jobs: JobService;
  const errors: Error[] = [];

  beforeAll(async () => {
    root = await createDataRoot();
    jobs = createJobService(
      { dataRoot: root, workers: 2, onError: (e) => errors.push(e) },
      { createPool: crashingPool((name) => (name === 'exit-doomed' ? 'exit' : name === 'uncaught-doomed' ? 'uncaught' : undefined)) },
    );
  });
  afterAll(async () => {
    await jobs.shutdown();
    removeDataRoot(root);
  });

  it.each(['exit', 'uncaught'] as const)('fails the job with a clear error on %s; other jobs are unaffected', async (mode) => {
    const before = await Promise.all([1, 2, 3].map(async (n) => jobs.submit({ yaml: smallPipeline(`${mode}-before-${n}`) })));
    const doomed = await jobs.submit({ yaml: smallPipeline(`${mode}-doomed`) });
    const after = await Promise.all([1, 2, 3].map(async (n) => jobs.submit({ yaml: smallPipeline(`${mode}-after-${n}`) })));

    const failed = await jobs.wait(doomed.id, 30_000);
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'JOB_WORKER_CRASHED' });
    expect(failed?.error).toMatch(new RegExp(`^job ${doomed.id}: the worker running it died \\(.+\\)$`));
    expect(failed?.error).toContain(mode === 'exit' ? 'worker exited with code: 70' : 'worker test hook: uncaught error');
    expect(failed?.startedAt).toBeDefined();

    const others = await Promise.all([...before, ...after].map((j) => jobs.wait(j.id, 30_000)));
    expect(others.map((j) => j?.status)).toEqual(others.map(() => 'completed'));
  }, 60_000);

  it('replaces dead workers: the pool is back to full size and serves again', async () => {
    const done = await Promise.all([1, 2, 3, 4].map(async (n) => jobs.wait((await jobs.submit({ yaml: smallPipeline(`revived-${n}`) })).id, 30_000)));
    expect(done.map((j) => j?.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(jobs.stats()).toMatchObject({ workers: 2, threads: 2 });
    expect(errors).toEqual([]);
  }, 30_000);

  it('fails a job whose worker runs out of memory, and keeps serving', async () => {
    const limited = createJobService(
      { dataRoot: root, workers: 1, workerResourceLimits: { maxOldGenerationSizeMb: 96 }, onError: (e) => errors.push(e) },
      { createPool: crashingPool((name) => (name === 'oom-doomed' ? 'oom' : undefined)) },
    );
    try {
      const doomed = await limited.submit({ yaml: smallPipeline('oom-doomed') });
      const queued = await limited.submit({ yaml: smallPipeline('oom-next') });
      const failed = await limited.wait(doomed.id, 60_000);
      expect(failed).toMatchObject({ status: 'failed', errorCode: 'JOB_WORKER_CRASHED' });
      expect(failed?.error).toMatch(/out of memory/i);
      expect((await limited.wait(queued.id, 30_000))?.status).toBe('completed');
    } finally {
      await limited.shutdown();
    }
    expect(errors).toEqual([]);
  }, 90_000);

  it('cannot be triggered by request content without the test pool', async () => {
    const plain = createJobService({ dataRoot: root, workers: 1 });
    try {
      const job = await plain.wait((await plain.submit({ yaml: smallPipeline('exit-doomed'), variables: { CRASH: 'exit' } })).id, 30_000);
      expect(job?.status).toBe('completed');
    } finally {
      await plain.shutdown();
    }
  }, 30_000);
});
