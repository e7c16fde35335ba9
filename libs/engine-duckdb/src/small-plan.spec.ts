import { openDataRoot } from '@pipeline/engine-core';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { LockedDuckDb } from './duckdb-database';
import { createSharedDatabaseRuntime } from './shared-database-runtime';
import { isSmallPlan } from './small-plan';

const HEADER = `version: "3.0"\npipeline:\n  name: t\n  assets:\n`;

const filterPlan = (input: string, out: string) =>
  plan(`${HEADER}
    - asset_ref: raw
      source: { input: { format: csv, path: ${input} } }
    - asset_ref: kept
      source: { where: { from: raw, filter: "age >= 18" } }
    - asset_ref: out
      source: { output: { from: kept, format: csv, path: ${out}, mode: overwrite } }
`);

const joinPlan = (out: string) =>
  plan(`${HEADER}
    - asset_ref: a
      source: { input: { format: csv, path: people.csv } }
    - asset_ref: b
      source: { input: { format: csv, path: people.csv } }
    - asset_ref: both
      source: { join: { left: a, right: [{ name: b, type: inner, on: ["a.id = b.id"] }] } }
    - asset_ref: slim
      source: { select: { from: both, columns: ["a.id"] } }
    - asset_ref: out
      source: { output: { from: slim, format: csv, path: ${out}, mode: overwrite } }
`);

const PEOPLE = 'id,name,age\n1,a,12\n2,b,30\n3,c,45\n';

describe('isSmallPlan', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('people.csv', PEOPLE);
  });
  afterEach(() => root.cleanup());

  it('is true for inputs up to the limit together, false past it', () => {
    const data = openDataRoot(root.dir);
    expect(isSmallPlan(filterPlan('people.csv', 'o.csv'), data, PEOPLE.length)).toBe(true);
    expect(isSmallPlan(filterPlan('people.csv', 'o.csv'), data, PEOPLE.length - 1)).toBe(false);
  });

  it('is false for a plan that joins, however small its inputs', () => {
    expect(isSmallPlan(joinPlan('o.csv'), openDataRoot(root.dir))).toBe(false);
  });

  it('is false when an input cannot be looked at (missing, a folder, outside the root)', () => {
    root.write('dir/x.csv', PEOPLE);
    const data = openDataRoot(root.dir);
    expect(isSmallPlan(filterPlan('missing.csv', 'o.csv'), data)).toBe(false);
    expect(isSmallPlan(filterPlan('dir', 'o.csv'), data)).toBe(false);
    expect(isSmallPlan(filterPlan('../outside.csv', 'o.csv'), data)).toBe(false);
  });
});

describe('the job runtime on a many-thread configuration', () => {
  let root: TempRoot;
  let opened: number[];
  beforeEach(() => {
    root = makeTempRoot();
    root.write('people.csv', PEOPLE);
    opened = [];
    const open = LockedDuckDb.open.bind(LockedDuckDb);
    jest.spyOn(LockedDuckDb, 'open').mockImplementation((dataRoot, settings) => {
      opened.push(settings.threads);
      return open(dataRoot, settings);
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    root.cleanup();
  });

  it('runs small plans on one one-thread database and the others on one of the configured threads', async () => {
    const runtime = createSharedDatabaseRuntime({ dataRoot: root.dir, duckdb: { threads: 2, memoryLimit: '256MB' } });
    try {
      await runtime.run(filterPlan('people.csv', 'o1.csv'), {});
      await runtime.run(filterPlan('people.csv', 'o2.csv'), {});
      await runtime.run(joinPlan('o3.csv'), {});
      await runtime.run(filterPlan('people.csv', 'o4.csv'), {});
      expect(opened).toEqual([1, 2]);
      // The filters' connection only read: the one-thread database keeps it for the next small plan.
      expect(runtime.stats()).toEqual({ databaseOpen: true, databasesOpened: 2, openConnections: 0, idleConnections: 1 });
      expect(root.read('o1.csv')).toBe('id,name,age\n2,b,30\n3,c,45\n');
      expect(root.read('o4.csv')).toBe(root.read('o1.csv'));
      expect(root.read('o3.csv').trim().split('\n')).toHaveLength(4);
    } finally {
      await runtime.close();
    }
    expect(runtime.stats()).toMatchObject({ databaseOpen: false });
  });

  it('keeps every run on the configured threads when small plans are turned off', async () => {
    const runtime = createSharedDatabaseRuntime({ dataRoot: root.dir, duckdb: { threads: 2, memoryLimit: '256MB' } }, { smallPlanBytes: -1 });
    try {
      await runtime.run(filterPlan('people.csv', 'o1.csv'), {});
      expect(opened).toEqual([2]);
    } finally {
      await runtime.close();
    }
  });

  it('opens the one-thread database ahead of the first job', async () => {
    const runtime = createSharedDatabaseRuntime({ dataRoot: root.dir, duckdb: { threads: 2, memoryLimit: '256MB' } });
    try {
      await runtime.prepare();
      await runtime.run(filterPlan('people.csv', 'o1.csv'), {});
      expect(opened).toEqual([1]);
    } finally {
      await runtime.close();
    }
  });
});
