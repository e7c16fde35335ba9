import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isJobsError } from '../errors';
import type { JobRecord } from '../job';
import { createJobService, type JobService } from './job-service';
import { createDataRoot, ISO_MS, must, removeDataRoot, slowPipeline, smallPipeline } from './__fixtures__/fixtures';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

async function rejected(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('job service: lifecycle on real pipelines', () => {
  let root: string;
  let jobs: JobService;
  const changes: JobRecord[] = [];
  const errors: Error[] = [];

  beforeAll(async () => {
    root = await createDataRoot();
    jobs = createJobService({
      dataRoot: root,
      workers: 2,
      onJobChange: (job) => changes.push(job),
      onError: (e) => errors.push(e),
    });
  });
  afterAll(async () => {
    await jobs.shutdown();
    removeDataRoot(root);
  });
  afterEach(() => expect(errors).toEqual([]));

  it('runs a job from queued through running to completed with timestamps, duration and outcome', async () => {
    const queued = await jobs.submit({ yaml: smallPipeline('life'), variables: { UNUSED: 'x' } });
    expect(queued.id).toMatch(UUID_V4);
    expect(queued.status).toBe('queued');
    expect(queued.createdAt).toMatch(ISO_MS);
    expect(queued.startedAt).toBeUndefined();
    expect(queued.request).toEqual({ yaml: smallPipeline('life'), variables: { UNUSED: 'x' } });

    const job = must(await jobs.wait(queued.id, 30_000));
    expect(job.status).toBe('completed');
    expect(job.error).toBeUndefined();
    expect(job.startedAt).toMatch(ISO_MS);
    expect(job.completedAt).toMatch(ISO_MS);
    expect(Date.parse(String(job.startedAt))).toBeGreaterThanOrEqual(Date.parse(job.createdAt));
    expect(job.durationMs).toBe(Date.parse(String(job.completedAt)) - Date.parse(String(job.startedAt)));
    expect(job.outcome?.outputs).toEqual([{ ref: 'out', path: expect.stringContaining('life.csv'), rowsWritten: 8, skipped: false }]);
    expect(job.outcome?.steps.map((s) => s.ref)).toEqual(['raw', 'adults', 'out']);
    expect(fs.readFileSync(path.join(root, 'out/life.csv'), 'utf8').trim().split('\n')).toHaveLength(9);

    // Every state the job went through, in order, each a legal step (progress repeats `running`).
    const statuses = changes.filter((c) => c.id === job.id).map((c) => c.status);
    expect(statuses.filter((s, i) => s !== statuses[i - 1])).toEqual(['queued', 'running', 'completed']);
    expect(job.progress).toBeUndefined();
    expect(await jobs.get(job.id)).toEqual(job);
  });

  it('ready resolves once the workers opened their engines (the same promise each time); jobs submitted before and after it run', async () => {
    const fresh = createJobService({ dataRoot: root, workers: 2, onError: (e) => errors.push(e) });
    try {
      const early = await fresh.submit({ yaml: smallPipeline('before-ready') });
      const ready = fresh.ready();
      expect(fresh.ready()).toBe(ready);
      await expect(ready).resolves.toBeUndefined();
      const late = await fresh.submit({ yaml: smallPipeline('after-ready') });
      expect(must(await fresh.wait(early.id, 30_000)).status).toBe('completed');
      expect(must(await fresh.wait(late.id, 30_000)).status).toBe('completed');
    } finally {
      await fresh.shutdown();
    }
  });

  it('ready rehearses in the service temp area and removes it there; the data root is left as it was', async () => {
    const tempBase = fs.mkdtempSync(path.join(os.tmpdir(), 'ready-spec-'));
    const listing = (dir: string): string[] => (fs.readdirSync(dir, { recursive: true }) as string[]).sort();
    const before = listing(root);
    const fresh = createJobService({ dataRoot: root, workers: 2, tempDirectory: tempBase, staleTempSweepMs: 0, onError: (e) => errors.push(e) });
    try {
      const [area] = fs.readdirSync(tempBase);
      // The rehearsal's folder shows up while the workers run it, then goes.
      let sawRehearsal = false;
      const watcher = setInterval(() => (sawRehearsal ||= fs.existsSync(path.join(tempBase, area, 'warm-up', 'warm-up.csv'))), 1);
      await fresh.ready();
      clearInterval(watcher);
      expect(sawRehearsal).toBe(true);
      expect(fs.readdirSync(path.join(tempBase, area))).toEqual([]);
      expect(listing(root)).toEqual(before);
      const job = must(await fresh.wait((await fresh.submit({ yaml: smallPipeline('after-rehearsal') })).id, 30_000));
      expect(job.status).toBe('completed');
    } finally {
      await fresh.shutdown();
      fs.rmSync(tempBase, { recursive: true, force: true });
    }
  });

  it('runs on the danfo backend too', async () => {
    const job = await jobs.wait((await jobs.submit({ yaml: smallPipeline('danfo'), backend: 'danfo' })).id, 30_000);
    expect(job).toMatchObject({ status: 'completed', request: { backend: 'danfo' } });
    expect(job?.outcome?.outputs[0].rowsWritten).toBe(8);
  });

  it('fails a job whose input is missing, with the engine message and code', async () => {
    const yaml = smallPipeline('missing').replace('people.csv', 'nope.csv');
    const job = must(await jobs.wait((await jobs.submit({ yaml })).id, 30_000));
    expect(job.status).toBe('failed');
    expect(job.error).toContain('nope.csv');
    expect(job.errorCode).toBe('E_FILE_NOT_FOUND');
    expect(job.startedAt).toMatch(ISO_MS);
    expect(job.durationMs).toBe(Date.parse(String(job.completedAt)) - Date.parse(String(job.startedAt)));
    expect(job.outcome).toBeUndefined();
  });

  it('substitutes variables before running', async () => {
    const yaml = smallPipeline('vars').replace('path: people.csv', 'path: "${SRC:nothing.csv}"');
    const job = await jobs.wait((await jobs.submit({ yaml, variables: { SRC: 'people.csv' } })).id, 30_000);
    expect(job?.status).toBe('completed');
  });

  it('keeps a variable named __proto__ as data, as validation does', async () => {
    const yaml = smallPipeline('proto').replace('path: people.csv', 'path: "${__proto__}"');
    const variables = JSON.parse('{"__proto__": "people.csv"}') as Record<string, string>;
    const job = await jobs.wait((await jobs.submit({ yaml, variables })).id, 30_000);
    expect(job?.status).toBe('completed');
  });

  it('validates first: an invalid pipeline is never queued', async () => {
    const before = (await jobs.list()).length;
    const yaml = smallPipeline('bad').replace('from: adults', 'from: nonexistent');
    const error = await rejected(jobs.submit({ yaml }));
    expect(isJobsError(error) && error.code).toBe('JOB_INVALID_PIPELINE');
    expect((error as Error).message).toMatch(/^V-001: /);
    const parse = await rejected(jobs.submit({ yaml: 'version: [' }));
    expect(isJobsError(parse) && parse.code).toBe('JOB_INVALID_PIPELINE');
    expect((parse as Error).message).toMatch(/^parse error: /);
    expect((await jobs.list()).length).toBe(before);
  });

  it('refuses a column the input\'s CSV header lacks before queueing it, as validate answers it', async () => {
    const before = (await jobs.list()).length;
    const yaml = smallPipeline('cols').replace('age >= 18', 'agee >= 18');
    const error = await rejected(jobs.submit({ yaml }));
    expect(isJobsError(error) && error.code).toBe('JOB_INVALID_PIPELINE');
    expect((error as Error).message).toMatch(/^V-009: E-COL-001: asset "adults": filter: column "agee" not found \(columns: .*\) \(did you mean "age"\?\)$/);
    expect((error as { details?: unknown }).details).toMatchObject({ asset: 'adults', field: 'filter', line: 11, validationCode: 'V-009' });
    expect((await jobs.list()).length).toBe(before);
    for (const backend of ['duckdb', 'danfo']) {
      const validated = await jobs.validate({ yaml, backend });
      expect(validated.ok ? '' : validated.error.message).toBe((error as Error).message);
    }
    expect((await jobs.validate({ yaml: smallPipeline('cols') })).ok).toBe(true);
  });

  it('rejects an unknown backend and malformed requests', async () => {
    const backend = await rejected(jobs.submit({ yaml: smallPipeline('x'), backend: 'flink' }));
    expect(backend).toMatchObject({ code: 'JOB_UNKNOWN_BACKEND', message: 'unknown backend "flink" (expected duckdb, danfo, spark)' });
    expect(await rejected(jobs.submit({ yaml: 42 } as never))).toMatchObject({
      code: 'JOB_INVALID_REQUEST',
      message: 'invalid request: yaml must be a string',
    });
    expect(await rejected(jobs.submit({ yaml: '', variables: { A: 1 } } as never))).toMatchObject({
      code: 'JOB_INVALID_REQUEST',
      message: 'invalid request: variable "A" must be a string',
    });
    expect(await rejected(jobs.submit(null as never))).toMatchObject({ code: 'JOB_INVALID_REQUEST' });
  });

  it('answers unknown ids with undefined', async () => {
    expect(await jobs.get('nope')).toBeUndefined();
    expect(await jobs.cancel('nope')).toBeUndefined();
    await expect(jobs.wait('nope', 10)).resolves.toBeUndefined();
  });

  it('says a terminal job is already terminal when cancelled', async () => {
    const job = must(await jobs.wait((await jobs.submit({ yaml: smallPipeline('term') })).id, 30_000));
    expect(await jobs.cancel(job.id)).toEqual({ outcome: 'already_terminal', job });
  });

  it('completes 200 small jobs submitted at once, listed in submission order', async () => {
    const ids = (await Promise.all(Array.from({ length: 200 }, (_, i) => jobs.submit({ yaml: smallPipeline(`many-${i % 20}`) })))).map((j) => j.id);
    const listed = (await jobs.list()).map((j) => j.id);
    expect(listed.slice(-200)).toEqual(ids);
    const done = await Promise.all(ids.map((id) => jobs.wait(id, 120_000)));
    expect(done.map((j) => j?.status)).toEqual(ids.map(() => 'completed'));
    expect(jobs.stats()).toMatchObject({ queued: 0, running: 0, workers: 2, queueCapacity: 1000, accepting: true });
  }, 120_000);

  it('wakes many waiters of one job with the same terminal record', async () => {
    const { id } = await jobs.submit({ yaml: smallPipeline('waiters') });
    const all = await Promise.all(Array.from({ length: 50 }, () => jobs.wait(id, 30_000)));
    expect(new Set(all.map((j) => j?.status))).toEqual(new Set(['completed']));
    expect(new Set(all).size).toBe(1);
  });
});

describe('job service: options', () => {
  it('rejects bad options and a missing worker file', async () => {
    const root = await createDataRoot();
    try {
      expect(thrown(() => createJobService({ dataRoot: root, workers: 0 }))).toMatchObject({ code: 'JOB_INVALID_OPTION' });
      expect(thrown(() => createJobService({ dataRoot: '' }))).toMatchObject({ code: 'JOB_INVALID_OPTION' });
      expect(thrown(() => createJobService({ dataRoot: root, workers: 1, queueCapacity: 0 }))).toMatchObject({
        code: 'JOB_INVALID_OPTION',
      });
      expect(thrown(() => createJobService({ dataRoot: root, workers: 1, workerFile: path.join(root, 'none.js') }))).toMatchObject({
        code: 'JOB_WORKER_FILE_MISSING',
        message: expect.stringContaining('none.js'),
      });
    } finally {
      removeDataRoot(root);
    }
  });
});

describe('job service: progress of a running job', () => {
  let root: string;
  let jobs: JobService;
  const changes: JobRecord[] = [];

  beforeAll(async () => {
    root = await createDataRoot({ withBig: true });
    jobs = createJobService({ dataRoot: root, workers: 1, onJobChange: (job) => changes.push(job), onError: (e) => changes.push(e as never) });
  });
  afterAll(async () => {
    await jobs.shutdown();
    removeDataRoot(root);
  });

  it('reports each asset the worker has done while the job runs, then drops the progress when it ends', async () => {
    const job = must(await jobs.wait((await jobs.submit({ yaml: slowPipeline('progress') })).id, 60_000));
    expect(job.status).toBe('completed');
    const seen = changes.filter((c) => c.id === job.id && c.progress !== undefined);
    // The input and the group are views, done at once; the output's COPY runs the whole query, so
    // their reports arrive while the job still runs.
    expect(seen.map((c) => [c.status, c.progress?.assetsDone, c.progress?.assetsTotal]).slice(0, 2)).toEqual([
      ['running', 1, 3],
      ['running', 2, 3],
    ]);
    expect(seen.every((c) => c.status === 'running' && c.progress?.rowsWritten === (c.progress?.assetsDone === 3 ? job.outcome?.outputs[0]?.rowsWritten : 0))).toBe(true);
    expect(job.progress).toBeUndefined();
    expect((await jobs.get(job.id))?.progress).toBeUndefined();
    // Every asset in plan order: when the group is done, the input and the group are done (each
    // with its time and start), the output runs since the group ended.
    const steps = seen[1]?.progress?.steps ?? [];
    expect(steps.map((s) => [s.ref, s.state])).toEqual([
      ['raw', 'done'],
      ['grouped', 'done'],
      ['out', 'running'],
    ]);
    expect(steps.every((s) => typeof s.startedAt === 'string' && s.startedAt >= (job.startedAt ?? ''))).toBe(true);
    expect(steps.slice(0, 2).every((s) => typeof s.ms === 'number' && s.ms >= 0)).toBe(true);
    expect(Date.parse(steps[2]?.startedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(steps[1]?.startedAt ?? '') + Math.floor(steps[1]?.ms ?? 0));
    // The output's last report: done, with the rows it staged.
    const last = seen.at(-1)?.progress?.steps.at(-1);
    if (seen.at(-1)?.progress?.assetsDone === 3) expect(last).toMatchObject({ ref: 'out', state: 'done', rows: job.outcome?.outputs[0]?.rowsWritten });
  }, 60_000);

  it('answers a held wait on the list once a job is submitted, not before', async () => {
    const { version, jobs: before } = await jobs.waitForList('', 0);
    let answered = false;
    const held = jobs.waitForList(version, 60_000).then((view) => {
      answered = true;
      return view;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    const submitted = Date.now();
    const job = await jobs.submit({ yaml: slowPipeline('list-wait') });
    const view = await held;
    // Woken by the submission, not by its timeout (which would also list the job).
    expect(Date.now() - submitted).toBeLessThan(15_000);
    expect(view.jobs.map((j) => j.id)).toEqual([...before.map((j) => j.id), job.id]);
    await jobs.wait(job.id, 60_000);
  }, 120_000);
});
