/**
 * Looks on the job workers: the rows of a completed job's output read back from the data root,
 * and previews that write nothing, keep no job, take a worker slot (JOB_QUEUE_FULL past the
 * line) and give it back when cancelled by their timeout or their caller.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createJobService, type JobService } from './job-service';
import { createDataRoot, must, removeDataRoot, slowPipeline, smallPipeline } from './__fixtures__/fixtures';

async function rejected(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (e) {
    return e as { code?: string; message: string };
  }
  throw new Error('expected a rejection');
}

/** Every file under `root`, relative and sorted. */
function listing(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[]).sort();
}

// people.csv: id i has age 5 + 5i; adults are 18 or older.
const ADULTS = [
  [3, 'p3', 20],
  [4, 'p4', 25],
];

jest.setTimeout(60_000);

describe('job service: rows of outputs and previews', () => {
  let root: string;
  let jobs: JobService;
  const errors: Error[] = [];

  beforeAll(async () => {
    root = await createDataRoot({ withBig: true });
    jobs = createJobService({ dataRoot: root, workers: 1, queueCapacity: 1, onError: (e) => errors.push(e) });
  });
  afterAll(async () => {
    await jobs.shutdown();
    removeDataRoot(root);
  });
  afterEach(() => expect(errors).toEqual([]));

  it('reads back the rows of a completed job output, typed, cut at the limit', async () => {
    const job = must(await jobs.wait((await jobs.submit({ yaml: smallPipeline('rows') })).id, 30_000));
    expect(job.status).toBe('completed');
    const rows = must2(await jobs.outputRows(job.id, 'out', { limit: 2 }));
    expect(rows.columns).toEqual([
      { name: 'id', type: 'long' },
      { name: 'name', type: 'string' },
      { name: 'age', type: 'long' },
    ]);
    expect(rows.rows).toEqual(ADULTS);
    expect(rows.truncated).toBe(true);
    const all = must2(await jobs.outputRows(job.id, 'out'));
    expect(all.rows).toHaveLength(8);
    expect(all.truncated).toBe(false);
  });

  it('names what is wrong: an unknown job, asset or non-output, a job not completed, a removed file, a bad limit', async () => {
    const job = must(await jobs.wait((await jobs.submit({ yaml: smallPipeline('gone') })).id, 30_000));
    expect(await jobs.outputRows('no-such-job', 'out')).toBeUndefined();
    expect(await rejected(jobs.outputRows(job.id, 'nope'))).toMatchObject({ code: 'JOB_OUTPUT_NOT_FOUND', message: `job ${job.id} has no output "nope" (its outputs: out)` });
    expect(await rejected(jobs.outputRows(job.id, 'adults'))).toMatchObject({ code: 'JOB_OUTPUT_NOT_FOUND' });
    expect(await rejected(jobs.outputRows(job.id, 'out', { limit: 10_001 }))).toMatchObject({ code: 'JOB_INVALID_OPTION', message: 'option limit must be an integer from 0 to 10000 (got 10001)' });
    expect(await rejected(jobs.outputRows(job.id, 'out', { limit: 1.5 }))).toMatchObject({ code: 'JOB_INVALID_OPTION' });
    fs.rmSync(path.join(root, 'out', 'gone.csv'));
    expect(await rejected(jobs.outputRows(job.id, 'out'))).toMatchObject({ code: 'JOB_OUTPUT_GONE', message: `output "out" of job ${job.id} is no longer in the data root (out/gone.csv)` });

    const failed = must(await jobs.wait((await jobs.submit({ yaml: smallPipeline('failed').replace('people.csv', 'missing.csv') })).id, 30_000));
    expect(failed.status).toBe('failed');
    expect(await rejected(jobs.outputRows(failed.id, 'out'))).toMatchObject({ code: 'JOB_NOT_COMPLETED', message: `job ${failed.id} is failed: its outputs can be read once it has completed` });
  });

  it.each(['duckdb', 'danfo'])('previews an asset on %s without writing anything or keeping a job', async (backend) => {
    const before = listing(root);
    const jobsBefore = (await jobs.list()).length;
    const rows = await jobs.preview({ yaml: smallPipeline('preview'), backend }, 'adults', { limit: 2 });
    expect(rows).toEqual({
      columns: [
        { name: 'id', type: 'long' },
        { name: 'name', type: 'string' },
        { name: 'age', type: 'long' },
      ],
      rows: ADULTS,
      truncated: true,
    });
    // The output's name previews what it writes.
    expect((await jobs.preview({ yaml: smallPipeline('preview'), backend }, 'out', { limit: 2 })).rows).toEqual(ADULTS);
    expect(listing(root)).toEqual(before);
    expect((await jobs.list()).length).toBe(jobsBefore);
  });

  it('validates a preview as a submit, and names an unknown asset', async () => {
    expect(await rejected(jobs.preview({ yaml: 'version: "3.0"\npipeline: {}' }, 'x'))).toMatchObject({ code: 'JOB_INVALID_PIPELINE' });
    expect(await rejected(jobs.preview({ yaml: smallPipeline('p') }, 'nope'))).toMatchObject({
      code: 'JOB_UNKNOWN_ASSET',
      message: 'the pipeline has no asset "nope" (its assets: raw, adults, out)',
    });
    expect(await rejected(jobs.preview({ yaml: smallPipeline('p') }, 'raw', { timeoutMs: 0 }))).toMatchObject({ code: 'JOB_INVALID_OPTION' });
    expect(await rejected(jobs.preview({ yaml: smallPipeline('p').replace('people.csv', 'missing.csv') }, 'raw'))).toMatchObject({
      code: 'JOB_LOOK_FAILED',
      details: { code: 'E_FILE_NOT_FOUND' },
    });
  });

  it('cancels a preview whose timeout passes, and gives its worker back', async () => {
    const started = Date.now();
    expect(await rejected(jobs.preview({ yaml: slowPipeline('slow') }, 'grouped', { timeoutMs: 200 }))).toMatchObject({
      code: 'JOB_LOOK_TIMEOUT',
      message: 'preview did not finish within 200 ms and was cancelled',
    });
    // The only worker is free again: a job runs at once (a slow preview left to run holds it for seconds).
    const job = must(await jobs.wait((await jobs.submit({ yaml: smallPipeline('after-timeout') })).id, 10_000));
    expect(job.status).toBe('completed');
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('cancels a preview whose caller goes away, refuses one past the line, and serves the waiting one after', async () => {
    const gone = new AbortController();
    const first = jobs.preview({ yaml: slowPipeline('slow') }, 'grouped', { signal: gone.signal });
    // The only worker is taken: the next look waits, the one after is refused.
    const waiting = jobs.preview({ yaml: smallPipeline('p') }, 'adults', { limit: 1 });
    expect(await rejected(jobs.preview({ yaml: smallPipeline('p') }, 'adults'))).toMatchObject({ code: 'JOB_QUEUE_FULL' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const abortedAt = Date.now();
    gone.abort(new Error('client went away'));
    expect(await rejected(first)).toMatchObject({ message: 'client went away' });
    expect((await waiting).rows).toEqual([ADULTS[0]]);
    // The worker stopped (a slow preview left to run holds it for seconds; generous bound).
    expect(Date.now() - abortedAt).toBeLessThan(4_000);
  });
});

function must2<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('job not found');
  return value;
}
