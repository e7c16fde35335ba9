import type { Plan } from '@pipeline/planner';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../execute-plan';
import { bindSource, type BoundSource, type Column, requireTransform } from '@pipeline/engine-core';
import { unobservedOrder } from '@pipeline/engine-duckdb';

const COLUMNS: Record<string, Column[]> = {
  sales: [
    { name: 'customer_id', type: 'long' },
    { name: 'amount', type: 'double' },
  ],
  customers: [
    { name: 'customer_id', type: 'long' },
    { name: 'region', type: 'string' },
    { name: 'score', type: 'double' },
  ],
};

/** A plan of the two inputs, a join `j` of them, then `steps` (asset entries) and an output of `last`. */
function joinPlan(steps: string[], last: string): Plan {
  return plan(joinYaml(steps, last));
}

function joinYaml(steps: string[], last: string): string {
  return [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      ...['sales', 'customers'].flatMap((n) => [`    - asset_ref: ${n}`, `      source: { input: { format: csv, path: ${n}.csv } }`]),
      '    - asset_ref: j',
      '      source: { join: { left: sales, right: [ { name: customers, type: inner, on: ["sales.customer_id = customers.customer_id"] } ] } }',
      ...steps.map((s) => `    - ${s}`),
      '    - asset_ref: out',
    `      source: { output: { from: ${last}, format: csv, path: out.csv, mode: overwrite } }`,
  ].join('\n');
}

function boundPlan(p: Plan): Map<string, BoundSource> {
  const columns = new Map<string, readonly Column[]>(Object.entries(COLUMNS));
  const bound = new Map<string, BoundSource>();
  for (const step of p.steps) {
    if (step.source.kind === 'input' || step.source.kind === 'output') continue;
    const b = bindSource(step.ref, requireTransform(step.ref, step.source), step.upstream.map((asset) => ({ asset, columns: columns.get(asset) ?? [] })));
    bound.set(step.ref, b);
    columns.set(step.ref, b.columns);
  }
  return bound;
}

const unordered = (steps: string[], last: string): string[] => {
  const p = joinPlan(steps, last);
  return [...unobservedOrder(p, boundPlan(p))].sort();
};

const GROUP = 'asset_ref: g\n      source: { group_by: { from: w, by: [region], agg: ["sum(amount) AS revenue"] } }';
const WHERE = 'asset_ref: w\n      source: { where: { from: j, filter: "amount > 0" } }';

describe('unobservedOrder', () => {
  it('an output observes the order of what it writes, and row-wise steps pass that on', () => {
    expect(unordered([], 'j')).toEqual([]);
    expect(unordered([WHERE], 'w')).toEqual([]);
    expect(unordered([WHERE, GROUP], 'g')).toEqual([]);
  });

  it('an orderBy over every group key makes the order of the rows before the group unobservable', () => {
    const sorted = 'asset_ref: o\n      source: { order_by: { from: g, columns: [ { column: revenue, direction: desc }, region ] } }';
    const top = 'asset_ref: t\n      source: { limit: { from: o, count: 5 } }';
    expect(unordered([WHERE, GROUP, sorted, top], 't')).toEqual(['customers', 'g', 'j', 'sales', 'w']);
  });

  it('an orderBy that leaves ties between groups does not', () => {
    const byRevenue = 'asset_ref: o\n      source: { order_by: { from: g, columns: [revenue] } }';
    expect(unordered([WHERE, GROUP, byRevenue], 'o')).toEqual([]);
  });

  it('a group by a double key shows one of the equal keys: its input order is observed', () => {
    const byScore = 'asset_ref: g\n      source: { group_by: { from: w, by: [score], agg: ["count(*) AS n"] } }';
    const sorted = 'asset_ref: o\n      source: { order_by: { from: g, columns: [score] } }';
    expect(unordered([WHERE, byScore, sorted], 'o')).toEqual(['g']);
  });

  it.each([
    ['limit', 'asset_ref: x\n      source: { limit: { from: j, count: 5 } }'],
    ['distinct', 'asset_ref: x\n      source: { distinct: { from: j } }'],
    ['sample', 'asset_ref: x\n      source: { sample: { from: j, fraction: 0.5, seed: 1 } }'],
    ['union', 'asset_ref: x\n      source: { union: { sources: [j, j] } }'],
  ])('%s observes its input order', (_kind, entry) => {
    const grouped = 'asset_ref: g\n      source: { group_by: { from: x, by: [region], agg: ["count(*) AS n"] } }';
    const sorted = 'asset_ref: o\n      source: { order_by: { from: g, columns: [region] } }';
    expect(unordered([entry, grouped, sorted], 'o')).toEqual(['g', 'x']);
  });

  it('a row-wise step holding a window expression observes its input order', () => {
    const select = 'asset_ref: w\n      source: { select: { from: j, columns: [region, amount] } }';
    const sorted = 'asset_ref: o\n      source: { order_by: { from: g, columns: [region] } }';
    const p = joinPlan([select, GROUP, sorted], 'o');
    const bound = boundPlan(p);
    const w = bound.get('w') as BoundSource;
    bound.set('w', { ...w, transform: { ...w.transform, items: [{ expr: { kind: 'window' } }] } } as never);
    expect([...unobservedOrder(p, bound)].sort()).toEqual(['g', 'w']);
  });

  it('an asset with several consumers is unordered only when none of them observes its order', () => {
    const sorted = 'asset_ref: o\n      source: { order_by: { from: g, columns: [region] } }';
    const second = 'asset_ref: out2\n      source: { output: { from: w, format: csv, path: w.csv, mode: overwrite } }';
    expect(unordered([WHERE, GROUP, sorted], 'o')).toEqual(['customers', 'g', 'j', 'sales', 'w']);
    expect(unordered([WHERE, GROUP, sorted, second], 'o')).toEqual(['g']);
  });
});

describe('a join whose order nothing observes', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    // Several customers rows per id, so that DuckDB's join order differs from the sorted one.
    root.write('sales.csv', 'customer_id,amount\n1,10\n2,20\n1,5\n3,7\n2,1\n4,9\n');
    root.write('customers.csv', 'customer_id,region,score\n1,north,0.5\n2,south,1.5\n1,west,2\n2,north,3\n3,east,1\n');
  });
  afterEach(() => root.cleanup());

  it('gives the same rows on both backends', async () => {
    const yaml = joinYaml([
      'asset_ref: w\n      source: { where: { from: j, filter: "amount > 0" } }',
      'asset_ref: g\n      source: { group_by: { from: w, by: [region], agg: ["sum(amount) AS total", "count(*) AS n"] } }',
      'asset_ref: o\n      source: { order_by: { from: g, columns: [ { column: total, direction: desc }, region ] } }',
    ], 'o');
    const outputs: string[] = [];
    for (const backend of ['duckdb', 'danfo'] as const) {
      await executePlan(plan(yaml), { dataRoot: root.dir, backend });
      outputs.push(root.read('out.csv'));
    }
    expect(outputs[0]).toBe('region,total,n\nnorth,36,4\nsouth,21,2\nwest,15,2\neast,7,1\n');
    expect(outputs[1]).toBe(outputs[0]);
  });
});
