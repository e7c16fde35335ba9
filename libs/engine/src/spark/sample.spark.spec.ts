/**
 * `sample` on Spark: Spark's own seeded samplers through the Spark Connect Sample relation
 * (Bernoulli without replacement, Poisson with it). The rows differ from DuckDB's (each backend
 * draws its own way) but a seed gives the same rows on Spark every run, about the fraction of
 * them, in input order with repeats adjacent.
 */
import { plan } from '@pipeline/engine-core/testing';
import { sampleDataRoot } from '../__fixtures__/sample-data';
import { stepPipeline } from '../__fixtures__/step-pipeline';
import { executePlan } from '../index';
import { readSparkCsv, sparkConfig } from './__fixtures__/spark-output';

describe('sample on spark', () => {
  const root = sampleDataRoot();

  const run = async (step: string): Promise<string[]> => {
    const result = await executePlan(plan(stepPipeline(step)), { ...sparkConfig(root().dir), backend: 'spark' });
    const rows = readSparkCsv(`${root().dir}/out.csv`).trimEnd().split('\n').slice(1);
    expect(result.outputs[0]?.rowsWritten).toBe(rows.length);
    return rows;
  };
  const ids = (rows: readonly string[]): number[] => rows.map((r) => Number(r.split(',')[0]));

  it('with replacement: each row k ~ Poisson(fraction) times, repeats adjacent, in input order, the same for a seed', async () => {
    const first = await run('{ sample: { from: raw, fraction: 0.5, withReplacement: true, seed: 42 } }');
    expect(first.length).toBeGreaterThan(850);
    expect(first.length).toBeLessThan(1150);
    expect(await run('{ sample: { from: raw, fraction: 0.5, withReplacement: true, seed: 42 } }')).toEqual(first);
    expect(await run('{ sample: { from: raw, fraction: 0.5, withReplacement: true, seed: 9 } }')).not.toEqual(first);
    expect(ids(first)).toEqual([...ids(first)].sort((a, b) => a - b));
    const counts = new Map<number, number>();
    for (const id of ids(first)) counts.set(id, (counts.get(id) ?? 0) + 1);
    // Poisson(0.5): about 61% of rows drawn 0 times, 30% once, 8% twice, 1.4% three times or more.
    const histogram = [0, 0, 0, 0];
    for (let id = 1; id <= 2000; id++) histogram[Math.min(counts.get(id) ?? 0, 3)]++;
    expect(histogram[0]).toBeGreaterThan(1100);
    expect(histogram[0]).toBeLessThan(1330);
    expect(histogram[2]).toBeGreaterThan(100);
    expect(histogram[3]).toBeGreaterThan(5);
  });

  it('with replacement over bounds: the width is the mean', async () => {
    const rows = await run('{ sample: { from: raw, lowerBound: 0.2, upperBound: 0.3, withReplacement: true, seed: 1 } }');
    expect(rows.length).toBeGreaterThan(130);
    expect(rows.length).toBeLessThan(270);
  });

  it('without replacement: about the fraction, the same rows for a seed, in input order', async () => {
    const first = await run('{ sample: { from: raw, fraction: 0.25, seed: 42 } }');
    expect(first.length).toBeGreaterThan(400);
    expect(first.length).toBeLessThan(600);
    expect(await run('{ sample: { from: raw, fraction: 0.25, seed: 42 } }')).toEqual(first);
    expect(ids(first)).toEqual([...ids(first)].sort((a, b) => a - b));
    expect(new Set(first).size).toBe(first.length);
    expect(await run('{ sample: { from: raw, fraction: 0.25, seed: 7 } }')).not.toEqual(first);
  });

  it('disjoint bounds with one seed partition the input, as randomSplit does', async () => {
    const low = await run('{ sample: { from: raw, lowerBound: 0, upperBound: 0.5, seed: 3 } }');
    const high = await run('{ sample: { from: raw, lowerBound: 0.5, upperBound: 1, seed: 3 } }');
    expect(low.length + high.length).toBe(2000);
    expect(new Set([...low, ...high]).size).toBe(2000);
    expect(await run('{ sample: { from: raw, fraction: 1.0, seed: 3 } }')).toHaveLength(2000);
  });

  it('a sample read by two steps is cached once and read alike by both', async () => {
    const yaml = [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: raw',
      '      source: { input: { format: csv, path: data.csv } }',
      '    - asset_ref: s',
      '      source: { sample: { from: raw, fraction: 0.3, withReplacement: true, seed: 5 } }',
      '    - asset_ref: a',
      '      source: { where: { from: s, filter: "id > 0" } }',
      '    - asset_ref: b',
      '      source: { select: { from: s, columns: [id] } }',
      '    - asset_ref: out_a',
      '      source: { output: { from: a, format: csv, path: a.csv, mode: overwrite } }',
      '    - asset_ref: out_b',
      '      source: { output: { from: b, format: csv, path: b.csv, mode: overwrite } }',
    ].join('\n');
    await executePlan(plan(yaml), { ...sparkConfig(root().dir), backend: 'spark' });
    const a = readSparkCsv(`${root().dir}/a.csv`).trimEnd().split('\n').slice(1);
    expect(a.length).toBeGreaterThan(450);
    expect(a.length).toBeLessThan(750);
    expect(ids(a)).toEqual(ids(readSparkCsv(`${root().dir}/b.csv`).trimEnd().split('\n').slice(1)));
  });
});
