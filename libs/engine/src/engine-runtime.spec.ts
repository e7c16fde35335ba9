/**
 * The engine runtime: one DuckDB database serves many plan runs, each on a connection of its own.
 * What one run creates is never seen by, never collides with and never outlives it (completed,
 * failed or cancelled); interrupting one run leaves the others running; hundreds of runs leave
 * nothing behind.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { EMPLOYEES_CSV, makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { failure } from './__fixtures__/failure';
import { LockedDuckDb, type DuckDbDatabase, isFatal } from '@pipeline/engine-duckdb';
import { rebuildEngineError } from '@pipeline/engine-core';
import { createEngineRuntime, executePlan, isCancelledError, type EngineRuntime } from './index';

const HEADER = `version: "3.0"\npipeline:\n  name: test\n  assets:\n`;

/**
 * A pipeline whose `raw` is read by two consumers (so it is stored as a temporary table) and whose
 * other assets are views; `FILTER` and `OUT` vary per run.
 */
const SHARED_ASSETS = `${HEADER}
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: picked
      source: { where: { from: raw, filter: "FILTER" } }
    - asset_ref: slim
      source: { select: { from: picked, columns: [id, name] } }
    - asset_ref: out
      source: { output: { from: slim, format: csv, path: OUT, mode: overwrite } }
    - asset_ref: all_rows
      source: { output: { from: raw, format: csv, path: OUT.all, mode: overwrite } }
`;

/** `template`'s plan with its `FILTER` and every `OUT` filled in. */
function filled(template: string, filter: string, out: string): ReturnType<typeof plan> {
  return plan(template.replace('FILTER', filter).replace(/OUT/g, out));
}

function sharedAssets(filter: string, out: string): ReturnType<typeof plan> {
  return filled(SHARED_ASSETS, filter, out);
}

/** A filter whose every asset is written into the output's one COPY: the run creates no object. */
const TINY = `${HEADER}
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: kept
      source: { where: { from: raw, filter: "FILTER" } }
    - asset_ref: out
      source: { output: { from: kept, format: csv, path: OUT, mode: overwrite } }
`;

function tiny(filter: string, out: string): ReturnType<typeof plan> {
  return filled(TINY, filter, out);
}

/** A group_by heavy enough to be running when it is cancelled. */
const HEAVY = `${HEADER}
    - asset_ref: raw
      source: { input: { format: parquet, path: big.parquet } }
    - asset_ref: heavy
      source: { group_by: { from: raw, by: [k], agg: ["median(x) AS m", "count(DISTINCT x) AS d", "stddev(x) AS s", "median(id) AS mi"] } }
    - asset_ref: out
      source: { output: { from: heavy, format: csv, path: out/heavy.csv, mode: overwrite } }
`;

async function writeBigParquet(root: TempRoot): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  await conn.run(
    `COPY (SELECT i AS id, i % 100000 AS k, (i * 7919) % 1000003 AS x FROM range(6000000) t(i)) TO '${path.join(root.dir, 'big.parquet')}' (FORMAT parquet)`,
  );
  conn.closeSync();
  instance.closeSync();
}

const OBJECTS_SQL = `SELECT view_name FROM duckdb_views() WHERE NOT internal UNION ALL SELECT table_name FROM duckdb_tables()`;

/** Names of the views and tables a connection can see (its own temporary ones and the shared ones). */
async function objectsOn(db: DuckDbDatabase): Promise<string[]> {
  return (await db.rows(OBJECTS_SQL)).map((r) => String(r[0]));
}

/**
 * Watches every connection the runtime's databases hand out: `objectsAtClose` records, for each
 * connection, the temporary objects it held when it was closed (they go with it: DuckDB's
 * temporary catalog is the connection's own); `tableMemory()` reads, on a connection of its own,
 * what the watched databases still hold for tables.
 */
function watchConnections(): { objectsAtClose: string[][]; tableMemory(): Promise<number>; restore(): void } {
  const objectsAtClose: string[][] = [];
  const databases = new Set<LockedDuckDb>();
  const original = LockedDuckDb.prototype.connect;
  const spy = jest.spyOn(LockedDuckDb.prototype, 'connect').mockImplementation(async function (this: LockedDuckDb, options) {
    databases.add(this);
    const db = await original.call(this, options);
    const close = db.close.bind(db);
    db.close = async () => {
      objectsAtClose.push(await objectsOn(db));
      return close();
    };
    return db;
  });
  const tableMemory = async (): Promise<number> => {
    let bytes = 0;
    for (const database of databases) {
      const probe = await original.call(database, {});
      try {
        bytes += Number((await probe.rows(`SELECT coalesce(sum(memory_usage_bytes), 0) FROM duckdb_memory() WHERE tag = 'IN_MEMORY_TABLE'`))[0][0]);
      } finally {
        await probe.close();
      }
    }
    return bytes;
  };
  return { objectsAtClose, tableMemory, restore: () => spy.mockRestore() };
}

/**
 * The objects a run of `sharedAssets` creates under its name prefix: the table of `raw` (read
 * twice) and the view of `picked`; `slim`, read only by an output, is written into the output's COPY.
 */
const runObjects = (prefix: string): string[] => [`${prefix}t_1`, `${prefix}v_2`];

describe('engine runtime', () => {
  let root: TempRoot;
  let runtime: EngineRuntime;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('employees.csv', EMPLOYEES_CSV);
    runtime = createEngineRuntime({ dataRoot: root.dir, duckdb: { threads: 1, memoryLimit: '256MB' } });
  });
  afterEach(async () => {
    await runtime.close();
    root.cleanup();
  });

  it('runs many plans on one database and writes what a fresh database writes', async () => {
    const p = sharedAssets("status = 'active'", 'out/a.csv');
    await executePlan(p, { dataRoot: root.dir });
    const fresh = [root.read('out/a.csv'), root.read('out/a.csv.all')];
    for (let i = 0; i < 5; i++) {
      const result = await runtime.executePlan(p);
      expect(result.outputs.map((o) => [o.ref, o.rowsWritten])).toEqual([
        ['out', 4],
        ['all_rows', 6],
      ]);
      expect([root.read('out/a.csv'), root.read('out/a.csv.all')]).toEqual(fresh);
    }
    expect(runtime.stats()).toEqual({ activeRuns: 0, databaseOpen: true, databasesOpened: 1, openConnections: 0, idleConnections: 0 });
  });

  it('keeps runs with the same asset names apart, also when they run at the same time', async () => {
    const watch = watchConnections();
    try {
      const filters = ["status = 'active'", "department = 'eng'", 'salary > 90000', "name = 'Eve'"];
      const runs = filters.map((f, i) => runtime.executePlan(sharedAssets(f, `out/r${i}.csv`)));
      const results = await Promise.all(runs);
      expect(results.map((r) => r.outputs[0].rowsWritten)).toEqual([4, 3, 2, 1]);
      expect(root.read('out/r1.csv')).toBe('id,name\n1,Alice\n2,Bob\n6,Frank\n');
      expect(root.read('out/r3.csv')).toBe('id,name\n5,Eve\n');
      // Each run's objects had names of its own, and went with its connection.
      const held = watch.objectsAtClose.map((names) => [...names].sort());
      const prefixes = held.map((names) => /^(r\d+_\d+_)/.exec(names[0] ?? '')?.[1] ?? '');
      expect(new Set(prefixes).size).toBe(4);
      expect(held).toEqual(prefixes.map((p) => runObjects(p).sort()));
      expect(await watch.tableMemory()).toBe(0);
    } finally {
      watch.restore();
    }
    expect(runtime.stats().openConnections).toBe(0);
    expect(runtime.stats().databasesOpened).toBe(1);
  });

  it("does not show one run's temporary objects to another connection of the same database", async () => {
    const db = await LockedDuckDb.open({ real: root.dir }, { threads: 1, memoryLimit: '256MB' });
    try {
      const a = await db.connect();
      const b = await db.connect();
      await a.run('CREATE TEMP VIEW v_1 AS SELECT 1 AS x');
      await a.run('CREATE TEMP TABLE t_1 AS SELECT 1 AS x');
      expect(await objectsOn(b)).toEqual([]);
      await b.run('CREATE TEMP VIEW v_1 AS SELECT 2 AS x');
      expect(await a.rows('SELECT x FROM v_1')).toEqual([[1]]);
      expect(await b.rows('SELECT x FROM v_1')).toEqual([[2]]);
      await a.close();
      await b.close();
      expect(db.openConnections).toBe(0);
    } finally {
      db.close();
    }
  });

  it('a failed run leaves no object and the next run with the same names succeeds', async () => {
    const watch = watchConnections();
    try {
      // The cast fails while the output streams, after every view and the shared table exist.
      const bad = plan(
        SHARED_ASSETS.replace('FILTER', 'CAST(name AS INT) > 0').replace(/OUT/g, 'out/bad.csv'),
      );
      const err = await failure(runtime.executePlan(bad));
      expect(err.code).toBe('E_TYPE');
      expect(watch.objectsAtClose).toHaveLength(1);
      expect(await watch.tableMemory()).toBe(0);
      expect(root.exists('out/bad.csv')).toBe(false);
      const ok = await runtime.executePlan(sharedAssets("status = 'active'", 'out/bad.csv'));
      expect(ok.outputs[0].rowsWritten).toBe(4);
      expect(watch.objectsAtClose).toHaveLength(2);
      expect(await watch.tableMemory()).toBe(0);
    } finally {
      watch.restore();
    }
    expect(runtime.stats()).toMatchObject({ openConnections: 0, databasesOpened: 1 });
  });

  it('a missing input fails that run only', async () => {
    const err = await failure(runtime.executePlan(plan(SHARED_ASSETS.replace('employees.csv', 'nope.csv').replace('FILTER', 'true').replace(/OUT/g, 'o.csv'))));
    expect(err).toEqual({ code: 'E_FILE_NOT_FOUND', message: expect.stringContaining('asset "raw"') });
    expect((await runtime.executePlan(sharedAssets('true', 'o.csv'))).outputs[0].rowsWritten).toBe(6);
  });

  it('interrupting one run leaves the runs on other connections running, and the cancelled run leaves nothing', async () => {
    await writeBigParquet(root);
    const watch = watchConnections();
    try {
      const controller = new AbortController();
      const heavy = runtime.executePlan(plan(HEAVY), { signal: controller.signal }).then(
        () => undefined,
        (e: unknown) => e,
      );
      let abortedAt = 0;
      setTimeout(() => {
        abortedAt = Date.now();
        controller.abort();
      }, 300);
      // Tiny runs on the same database before, during and after the interrupt.
      const tiny: number[] = [];
      const tinyStarted = Date.now();
      while (Date.now() - tinyStarted < 900) {
        const r = await runtime.executePlan(sharedAssets("status = 'active'", 'out/tiny.csv'));
        tiny.push(r.outputs[0].rowsWritten);
      }
      const err = await heavy;
      const settled = Date.now();
      expect(abortedAt).toBeGreaterThan(0);
      expect(isCancelledError(err)).toBe(true);
      expect(settled - abortedAt).toBeLessThan(1000);
      expect(tiny.length).toBeGreaterThan(3);
      expect(new Set(tiny)).toEqual(new Set([4]));
      expect(root.exists('out/heavy.csv')).toBe(false);
      expect(watch.objectsAtClose).toHaveLength(tiny.length + 1);
      expect(await watch.tableMemory()).toBe(0);
    } finally {
      watch.restore();
    }
    // The database that served the cancelled run keeps serving.
    const light = plan(HEAVY.replace(/agg: \[.*\]/, 'agg: ["count(*) AS n"]'));
    expect((await runtime.executePlan(light)).outputs[0].rowsWritten).toBe(100000);
    expect(runtime.stats()).toMatchObject({ openConnections: 0, databasesOpened: 1 });
  }, 30_000);

  describe('the connection a run leaves clean is the next run\'s', () => {
    /** Counts the connections the runtime's databases open, and lets a test look through each. */
    function spyConnects(): { opened: DuckDbDatabase[]; restore(): void } {
      const opened: DuckDbDatabase[] = [];
      const original = LockedDuckDb.prototype.connect;
      const spy = jest.spyOn(LockedDuckDb.prototype, 'connect').mockImplementation(async function (this: LockedDuckDb, options) {
        const db = await original.call(this, options);
        opened.push(db);
        return db;
      });
      return { opened, restore: () => spy.mockRestore() };
    }

    it('runs that create nothing share one connection, which holds no object of theirs', async () => {
      const spy = spyConnects();
      try {
        for (let i = 0; i < 3; i++) expect((await runtime.executePlan(tiny("status = 'active'", `out/k${i}.csv`))).outputs[0].rowsWritten).toBe(4);
        expect(spy.opened).toHaveLength(1);
        expect(runtime.stats()).toMatchObject({ openConnections: 0, idleConnections: 1 });
        expect(await objectsOn(spy.opened[0])).toEqual([]);
      } finally {
        spy.restore();
      }
      expect(root.read('out/k2.csv')).toBe(root.read('out/k0.csv'));
    });

    it('a run that created objects closes its connection: the next run sees none of them', async () => {
      const spy = spyConnects();
      try {
        await runtime.executePlan(tiny('true', 'out/a.csv'));
        await runtime.executePlan(sharedAssets('true', 'out/b.csv'));
        expect(runtime.stats()).toMatchObject({ openConnections: 0, idleConnections: 0 });
        await runtime.executePlan(tiny('true', 'out/c.csv'));
        expect(spy.opened).toHaveLength(2);
        expect(await objectsOn(spy.opened[1])).toEqual([]);
      } finally {
        spy.restore();
      }
    });

    it('a failed run closes its connection; the next run gets a fresh one and succeeds', async () => {
      const spy = spyConnects();
      try {
        await runtime.executePlan(tiny('true', 'out/a.csv'));
        const err = await failure(runtime.executePlan(tiny('CAST(name AS INT) > 0', 'out/bad.csv')));
        expect(err.code).toBe('E_TYPE');
        expect(runtime.stats()).toMatchObject({ openConnections: 0, idleConnections: 0 });
        expect((await runtime.executePlan(tiny("status = 'active'", 'out/c.csv'))).outputs[0].rowsWritten).toBe(4);
        expect(spy.opened).toHaveLength(2);
        expect(root.exists('out/bad.csv')).toBe(false);
      } finally {
        spy.restore();
      }
    });

    it('a cancelled run closes its connection; the next run is not interrupted', async () => {
      await writeBigParquet(root);
      const spy = spyConnects();
      try {
        await runtime.executePlan(tiny('true', 'out/a.csv'));
        const controller = new AbortController();
        const heavy = runtime.executePlan(plan(HEAVY), { signal: controller.signal });
        setTimeout(() => controller.abort(), 300);
        expect(isCancelledError(await heavy.then(() => undefined, (e: unknown) => e))).toBe(true);
        expect(runtime.stats()).toMatchObject({ openConnections: 0, idleConnections: 0 });
        expect((await runtime.executePlan(tiny("status = 'active'", 'out/c.csv'))).outputs[0].rowsWritten).toBe(4);
        expect(spy.opened).toHaveLength(2);
        expect(root.exists('out/heavy.csv')).toBe(false);
      } finally {
        spy.restore();
      }
    }, 30_000);
  });

  it('prepare opens the database ahead of the first run, which then uses it', async () => {
    expect(runtime.stats()).toEqual({ activeRuns: 0, databaseOpen: false, databasesOpened: 0, openConnections: 0, idleConnections: 0 });
    await runtime.prepare();
    // Its warm-up connection only read: kept for the first run.
    expect(runtime.stats()).toEqual({ activeRuns: 0, databaseOpen: true, databasesOpened: 1, openConnections: 0, idleConnections: 1 });
    const result = await runtime.executePlan(sharedAssets("status = 'active'", 'out/p.csv'));
    expect(result.outputs.map((o) => o.rowsWritten)).toEqual([4, 6]);
    expect(runtime.stats()).toEqual({ activeRuns: 0, databaseOpen: true, databasesOpened: 1, openConnections: 0, idleConnections: 0 });
  });

  it('prepare never rejects: a data root that is gone fails the first run instead, with its error', async () => {
    const gone = createEngineRuntime({ dataRoot: path.join(root.dir, 'missing'), duckdb: { threads: 1, memoryLimit: '256MB' } });
    try {
      await expect(gone.prepare()).resolves.toBeUndefined();
      expect(gone.stats().databaseOpen).toBe(false);
      const err = await failure(gone.executePlan(sharedAssets('true', 'o.csv')));
      expect(err.code).toBe('E_PATH_OUTSIDE_ROOT');
      expect(err.message).toContain('the data root does not exist');
    } finally {
      await gone.close();
    }
  });

  it('an already aborted signal runs nothing and opens nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await failure(runtime.executePlan(sharedAssets('true', 'o.csv'), { signal: controller.signal }));
    expect(err.code).toBe('E_CANCELLED');
    expect(runtime.stats()).toEqual({ activeRuns: 0, databaseOpen: false, databasesOpened: 0, openConnections: 0, idleConnections: 0 });
  });

  it('500 runs leave no object, no connection and no DuckDB memory behind', async () => {
    const opened: Promise<LockedDuckDb>[] = [];
    const open = LockedDuckDb.open.bind(LockedDuckDb);
    const openSpy = jest.spyOn(LockedDuckDb, 'open').mockImplementation((...args) => {
      const db = open(...args);
      opened.push(db);
      return db;
    });
    const watch = watchConnections();
    // libs/engine/scripts/runtime-soak.cjs runs the same loop 2,000+ times and reports RSS.
    const RUNS = 500;
    const memorySql = `SELECT coalesce(sum(memory_usage_bytes), 0) FROM duckdb_memory()`;
    let memoryAfterFirst = 0;
    try {
      const p = sharedAssets("status = 'active'", 'out/soak.csv');
      for (let i = 0; i < RUNS; i++) {
        await runtime.executePlan(p);
        if (i === 0) memoryAfterFirst = await probe(memorySql);
      }
      // Every run's connection, and the probe's.
      expect(watch.objectsAtClose).toHaveLength(RUNS + 1);
      expect(await watch.tableMemory()).toBe(0);
    } finally {
      watch.restore();
      openSpy.mockRestore();
    }
    expect(opened).toHaveLength(1);
    expect(runtime.stats()).toEqual({ activeRuns: 0, databaseOpen: true, databasesOpened: 1, openConnections: 0, idleConnections: 0 });
    // What DuckDB holds after 500 runs is what it held after one (temporary tables were freed).
    expect(await probe(memorySql)).toBeLessThanOrEqual(memoryAfterFirst + 1024 * 1024);
    expect(await probe(`SELECT count(*) FROM (${OBJECTS_SQL})`)).toBe(0);

    /** Runs one query on a new connection of the runtime's database. */
    async function probe(sql: string): Promise<number> {
      const conn = await (await opened[0]).connect();
      try {
        return Number((await conn.rows(sql))[0][0]);
      } finally {
        await conn.close();
      }
    }
  }, 120_000);

  it('runs danfo plans on a fresh backend each time', async () => {
    const result = await runtime.executePlan(sharedAssets("status = 'active'", 'out/d.csv'), { backend: 'danfo' });
    expect(result.outputs[0].rowsWritten).toBe(4);
    expect(runtime.stats().databasesOpened).toBe(0);
    expect((await failure(runtime.executePlan(sharedAssets('true', 'o.csv'), { backend: 'spark' }))).code).toBe('E_UNKNOWN_BACKEND');
  });

  it('opens a new database when the data root now resolves elsewhere', async () => {
    const other = makeTempRoot();
    const link = path.join(other.dir, 'link');
    try {
      other.write('b/employees.csv', EMPLOYEES_CSV);
      fs.symlinkSync(root.dir, link);
      const linked = createEngineRuntime({ dataRoot: link });
      try {
        await linked.executePlan(sharedAssets('true', 'o.csv'));
        expect(root.exists('o.csv')).toBe(true);
        fs.unlinkSync(link);
        fs.symlinkSync(path.join(other.dir, 'b'), link);
        await linked.executePlan(sharedAssets('true', 'o.csv'));
        expect(other.exists('b/o.csv')).toBe(true);
        expect(linked.stats()).toMatchObject({ databasesOpened: 2, openConnections: 0, idleConnections: 0 });
      } finally {
        await linked.close();
      }
    } finally {
      other.cleanup();
    }
  });

  it('close waits for running plans, then refuses new ones', async () => {
    const running = runtime.executePlan(sharedAssets('true', 'o.csv'));
    const closed = runtime.close();
    expect((await running).outputs[0].rowsWritten).toBe(6);
    await closed;
    expect(runtime.stats()).toEqual({ activeRuns: 0, databaseOpen: false, databasesOpened: 1, openConnections: 0, idleConnections: 0 });
    expect((await failure(runtime.executePlan(sharedAssets('true', 'o.csv')))).code).toBe('E_BACKEND_CLOSED');
  });

  it('refuses bad DuckDB settings when it is created', () => {
    expect(() => createEngineRuntime({ dataRoot: root.dir, duckdb: { threads: 0 } })).toThrow(/threads/);
  });

  it('treats only fatal DuckDB errors as the end of the database', () => {
    expect(isFatal(rebuildEngineError('E_EXECUTION', 'x', { duckdb: 'FATAL Error: Failed: database has been invalidated' }))).toBe(true);
    expect(isFatal(rebuildEngineError('E_EXECUTION', 'database has been invalidated because of a previous fatal error', {}))).toBe(true);
    expect(isFatal(rebuildEngineError('E_TYPE', 'Conversion Error: x', { duckdb: 'Conversion Error: x' }))).toBe(false);
    expect(isFatal(new Error('FATAL Error'))).toBe(false);
  });
});
