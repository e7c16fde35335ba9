import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultDuckdbMemoryLimit, defaultDuckdbThreads } from './defaults';
import { createJobService, type JobService } from './job-service';
import { createDataRoot, removeDataRoot, slowPipeline, untilStatus } from './__fixtures__/fixtures';

/** Every file (not folder) below `dir`, relative to it; [] when it does not exist. */
function filesBelow(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  try {
    return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
  } catch {
    return []; // DuckDB removed a file while it was listed
  }
}

/** A group-by over 3M rows into 3M groups (numbers only, so DuckDB can spill it). */
function spillingPipeline(name: string): string {
  return slowPipeline(name).replace(', "MAX(name) AS top"', '');
}

/** A group-by over 3M rows into 3M groups that must fail while it aggregates (a cast of every `name`). */
function failingPipeline(name: string): string {
  return slowPipeline(name).replace('"MAX(name) AS top"', '"SUM(CAST(name AS INTEGER)) AS top"');
}

describe('job service: thread and memory defaults, the temp area and its spill folders', () => {
  let root: string;
  let tempBase: string;
  beforeAll(async () => {
    root = await createDataRoot({ withBig: true });
  }, 60_000);
  afterAll(() => removeDataRoot(root));
  beforeEach(() => {
    tempBase = fs.mkdtempSync(path.join(os.tmpdir(), 'spill-spec-'));
  });
  afterEach(() => fs.rmSync(tempBase, { recursive: true, force: true }));

  it('gives every worker database every core, and a memory limit that is a bounded share of the machine', () => {
    const cores = os.availableParallelism();
    expect([defaultDuckdbThreads(1), defaultDuckdbThreads(4), defaultDuckdbThreads(256)]).toEqual([cores, cores, cores]);
    const mb = (text: string): number => Number(/^(\d+)MB$/.exec(text)?.[1]);
    const quarter = Math.floor(os.totalmem() / 4 / (1024 * 1024));
    expect(mb(defaultDuckdbMemoryLimit(1))).toBe(Math.min(2048, Math.max(256, quarter)));
    expect(mb(defaultDuckdbMemoryLimit(2))).toBe(Math.min(2048, Math.max(256, Math.floor(quarter / 2))));
    expect(defaultDuckdbMemoryLimit(100_000)).toBe('256MB');
  });

  it('spills into its own temp area under a tight memory limit; no spill file outlives a completed, failed or cancelled job; shutdown removes the area', async () => {
    const jobs: JobService = createJobService({ dataRoot: root, workers: 1, tempDirectory: tempBase, engine: { duckdb: { threads: 1, memoryLimit: '128MB' } } });
    const areas = fs.readdirSync(tempBase);
    expect(areas).toEqual([expect.stringMatching(/^pipeline-jobs-/)]);
    const area = path.join(tempBase, areas[0]);
    let seen = 0;
    const watcher = setInterval(() => (seen = Math.max(seen, filesBelow(area).length)), 2);
    try {
      const done = await jobs.submit({ yaml: spillingPipeline('spill-done') });
      expect(await jobs.wait(done.id, 120_000)).toMatchObject({ status: 'completed' });
      expect(filesBelow(area)).toEqual([]);

      const failed = await jobs.submit({ yaml: failingPipeline('spill-failed') });
      expect((await jobs.wait(failed.id, 120_000))?.status).toBe('failed');
      expect(filesBelow(area)).toEqual([]);

      const cancelled = await jobs.submit({ yaml: spillingPipeline('spill-cancelled') });
      await untilStatus(jobs, cancelled.id, 'running', 60_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await jobs.cancel(cancelled.id);
      expect((await jobs.wait(cancelled.id, 60_000))?.status).toBe('cancelled');
      expect(filesBelow(area)).toEqual([]);
      // The spill folder is DuckDB's, inside the area; nothing was written next to the area.
      expect(seen).toBeGreaterThan(0);
      expect(fs.readdirSync(tempBase)).toEqual([areas[0]]);
    } finally {
      clearInterval(watcher);
      await jobs.shutdown();
    }
    expect(fs.readdirSync(tempBase)).toEqual([]);
  }, 240_000);
});
