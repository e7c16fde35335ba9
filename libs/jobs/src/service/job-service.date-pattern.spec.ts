import * as fs from 'node:fs';
import * as path from 'node:path';
import { createJobService, type JobService } from './job-service';
import { createDataRoot, must, removeDataRoot, smallPipeline } from './__fixtures__/fixtures';

/**
 * A `dateFormat` of 28 adjacent day fields and a literal, on a value of 56 digits that ends in
 * another letter: the danfo reader used to try every split of the digits between the fields
 * (2 s at 24 fields, twice as long per extra field), freezing its worker.
 */
const pipeline = (backend: string): string => `version: "3.0"
pipeline:
  name: hostile-date-pattern
  assets:
    - asset_ref: raw
      source: { input: { format: csv, path: digits.csv, options: { dateFormat: "${'%d'.repeat(28)}x" } } }
    - asset_ref: out
      source: { output: { from: raw, format: csv, path: out/${backend}.csv, mode: overwrite } }
`;

describe('job service: a hostile date pattern', () => {
  let root: string;
  let jobs: JobService;
  const errors: Error[] = [];

  beforeAll(async () => {
    root = await createDataRoot();
    fs.writeFileSync(path.join(root, 'digits.csv'), `v\n${'1'.repeat(56)}y\n`);
    jobs = createJobService({ dataRoot: root, workers: 1, onError: (e) => errors.push(e) });
    // The worker's first danfo job loads danfo (seconds on a loaded machine), outside the bound below.
    const warm = await jobs.submit({ yaml: smallPipeline('warm'), backend: 'danfo' });
    expect(must(await jobs.wait(warm.id, 30_000)).status).toBe('completed');
  }, 60_000);
  afterAll(async () => {
    await jobs.shutdown();
    removeDataRoot(root);
  });
  afterEach(() => expect(errors).toEqual([]));

  it.each(['danfo', 'duckdb'])('completes promptly on %s, writing the value as text', async (backend) => {
    const { id } = await jobs.submit({ yaml: pipeline(backend), backend });
    const t0 = Date.now();
    const job = must(await jobs.wait(id, 30_000));
    expect(job.status).toBe('completed');
    // Generous for a loaded machine: the read takes milliseconds; it took about 30 s before.
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(fs.readFileSync(path.join(root, `out/${backend}.csv`), 'utf8')).toBe(`v\n${'1'.repeat(56)}y\n`);
  }, 60_000);
});
