/** sample (seeded, reproducible on a backend) and the physical hints (no effect) on both backends. */
import { plan } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import { SAMPLE_DATA, sampleDataRoot } from '../__fixtures__/sample-data';
import { stepPipeline } from '../__fixtures__/step-pipeline';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];

const pipeline = (step: string): string => stepPipeline(step);

describe.each(BACKENDS)('sample and hints on %s', (backend) => {
  const root = sampleDataRoot();

  const run = async (step: string): Promise<string[]> => {
    await executePlan(plan(pipeline(step)), { dataRoot: root().dir, backend });
    return root().read('out.csv').trimEnd().split('\n').slice(1);
  };

  it('draws about the fraction, the same rows for the same seed, in input order', async () => {
    const first = await run('{ sample: { from: raw, fraction: 0.25, seed: 42 } }');
    expect(first.length).toBeGreaterThan(400);
    expect(first.length).toBeLessThan(600);
    expect(await run('{ sample: { from: raw, fraction: 0.25, seed: 42 } }')).toEqual(first);
    const ids = first.map((r) => Number(r.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(await run('{ sample: { from: raw, fraction: 0.25, seed: 7 } }')).not.toEqual(first);
  });

  it('splits rows between disjoint bounds: the two samples partition the input', async () => {
    const low = await run('{ sample: { from: raw, lowerBound: 0, upperBound: 0.5, seed: 3 } }');
    const high = await run('{ sample: { from: raw, lowerBound: 0.5, upperBound: 1, seed: 3 } }');
    expect(low.length + high.length).toBe(2000);
    expect(new Set([...low, ...high]).size).toBe(2000);
    expect(await run('{ sample: { from: raw, fraction: 1.0, seed: 3 } }')).toHaveLength(2000);
  });

  it('samples with replacement: each row k ~ Poisson(fraction) times, repeats adjacent, in input order, the same for a seed', async () => {
    const first = await run('{ sample: { from: raw, fraction: 0.5, withReplacement: true, seed: 42 } }');
    expect(first.length).toBeGreaterThan(850);
    expect(first.length).toBeLessThan(1150);
    expect(await run('{ sample: { from: raw, fraction: 0.5, withReplacement: true, seed: 42 } }')).toEqual(first);
    expect(await run('{ sample: { from: raw, fraction: 0.5, withReplacement: true, seed: 9 } }')).not.toEqual(first);
    const ids = first.map((r) => Number(r.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const counts = new Map<number, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    // Poisson(0.5): about 61% of rows drawn 0 times, 30% once, 8% twice, 1.4% three times or more.
    const histogram = [0, 0, 0, 0];
    for (let id = 1; id <= 2000; id++) histogram[Math.min(counts.get(id) ?? 0, 3)]++;
    expect(histogram[0]).toBeGreaterThan(1100);
    expect(histogram[0]).toBeLessThan(1330);
    expect(histogram[2]).toBeGreaterThan(100);
    expect(histogram[3]).toBeGreaterThan(5);
  });

  it('samples with replacement over bounds with the width as the mean', async () => {
    const rows = await run('{ sample: { from: raw, lowerBound: 0.2, upperBound: 0.3, withReplacement: true, seed: 1 } }');
    expect(rows.length).toBeGreaterThan(130);
    expect(rows.length).toBeLessThan(270);
  });

  it.each([
    '{ repartition: { from: raw, numPartitions: 8, columns: [v] } }',
    '{ coalesce: { from: raw, numPartitions: 1 } }',
    '{ hint: { from: raw, hints: [ { name: broadcast } ] } }',
  ])('passes every row through a hint: %s', async (step) => {
    expect(await run(step)).toEqual(SAMPLE_DATA.trimEnd().split('\n').slice(1));
  });
});
