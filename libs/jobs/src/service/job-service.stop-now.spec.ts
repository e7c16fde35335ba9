import { createJobService } from './job-service';
import { createDataRoot, must, removeDataRoot, slowPipeline, untilStatus } from './__fixtures__/fixtures';

describe('job service: a shutdown asked again with no grace (a second signal)', () => {
  let root: string;
  beforeAll(async () => {
    root = await createDataRoot({ withBig: true });
  }, 60_000);
  afterAll(() => removeDataRoot(root));

  it('ends the grace at once: running jobs are interrupted, and the same promise resolves once the workers are out of DuckDB', async () => {
    const errors: Error[] = [];
    const jobs = createJobService({ dataRoot: root, workers: 1, onError: (e) => errors.push(e) });
    const { id } = await jobs.submit({ yaml: slowPipeline('stop-now') });
    await untilStatus(jobs, id, 'running');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const graceful = jobs.shutdown({ graceMs: 60_000 });
    const started = Date.now();
    const now = jobs.shutdown({ graceMs: 0 });
    expect(now).toBe(graceful);
    await now;
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(must(await jobs.get(id)).status).toBe('cancelled');
    // The pool closed normally: no worker was left running inside DuckDB.
    expect(errors).toEqual([]);
    expect(jobs.stats().threads).toBe(0);
  }, 30_000);
});
