import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempRoot, type TempRoot } from '@pipeline/engine-core/testing';
import { memoryLimitBytes, resolveDuckDbSettings, openDataRoot, valueLimits } from '@pipeline/engine-core';
import { DuckDbDatabase, LockedDuckDb, translateDuckDbError } from './duckdb-database';
import { valueLimitSql } from './value-budget';

describe('DuckDB database', () => {
  let root: TempRoot;
  let db: DuckDbDatabase;
  beforeEach(async () => {
    root = makeTempRoot();
    root.write('in/a.csv', 'x\n1\n');
    db = await DuckDbDatabase.open(openDataRoot(root.dir), resolveDuckDbSettings({ threads: 1, memoryLimit: '256MB' }));
  });
  afterEach(async () => {
    await db.close();
    root.cleanup();
  });

  const attempt = (sql: string): Promise<string> =>
    db.run(sql).then(
      () => 'ok',
      (e: { code?: string }) => e.code ?? 'unknown',
    );

  it('reads inside the data root', async () => {
    expect(await db.rows(`SELECT * FROM read_csv('${path.join(root.dir, 'in/a.csv')}')`)).toEqual([['1']]);
  });

  it('enforces the data root itself, even for SQL the engine would never build', async () => {
    const outside = `${root.dir}-x`;
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'b.csv'), 'y\n2\n');
    try {
      expect(await attempt(`SELECT * FROM read_csv('${path.join(outside, 'b.csv')}')`)).toBe('E_PATH_OUTSIDE_ROOT');
      expect(await attempt(`SELECT * FROM read_csv('${root.dir}/../${path.basename(outside)}/b.csv')`)).toBe('E_PATH_OUTSIDE_ROOT');
      expect(await attempt(`COPY (SELECT 1) TO '${path.join(outside, 'c.csv')}'`)).toBe('E_PATH_OUTSIDE_ROOT');
      expect(fs.existsSync(path.join(outside, 'c.csv'))).toBe(false);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('locks its configuration: no access, threads or memory changes, no extensions', async () => {
    expect(await attempt('SET enable_external_access = true')).not.toBe('ok');
    expect(await attempt(`SET allowed_directories = ['/']`)).not.toBe('ok');
    expect(await attempt('SET threads = 8')).not.toBe('ok');
    expect(await attempt(`SET memory_limit = '100GB'`)).not.toBe('ok');
    expect(await attempt('INSTALL httpfs')).not.toBe('ok');
    expect(await db.rows(`SELECT current_setting('threads'), current_setting('TimeZone')`)).toEqual([['1', 'UTC']]);
  });

  it('gives every connection of a shared instance the same locked settings, UTC included', async () => {
    const shared = await LockedDuckDb.open(openDataRoot(root.dir), resolveDuckDbSettings({ threads: 1, memoryLimit: '256MB' }));
    try {
      for (let i = 0; i < 2; i++) {
        const conn = await shared.connect();
        expect(await conn.rows(`SELECT current_setting('TimeZone'), current_setting('enable_external_access'), current_setting('lock_configuration')`)).toEqual([
          ['UTC', false, true],
        ]);
        await expect(conn.run(`SET TimeZone = 'America/New_York'`)).rejects.toThrow(/locked/);
        await expect(conn.run(`SELECT * FROM read_csv('${root.dir}-elsewhere/x.csv')`)).rejects.toMatchObject({ code: 'E_PATH_OUTSIDE_ROOT' });
        await conn.close();
      }
      expect(shared.openConnections).toBe(0);
    } finally {
      shared.close();
    }
    await expect(shared.connect()).rejects.toMatchObject({ code: 'E_BACKEND_CLOSED' });
  });

  it("holds its value limits for the first statement that reads them, also in a view's, on every connection", async () => {
    const shared = await LockedDuckDb.open(openDataRoot(root.dir), resolveDuckDbSettings({ threads: 1, memoryLimit: '256MB' }));
    const { valueBytes, foldElements } = valueLimits(memoryLimitBytes('256MB'));
    try {
      const conn = await shared.connect();
      expect(await conn.rows('SELECT 1')).toEqual([[1]]);
      expect(await conn.rows(`SELECT ${valueLimitSql('valueBytes')}`)).toEqual([[String(valueBytes)]]);
      await conn.close();
      const other = await shared.connect();
      await other.run(`CREATE TEMP VIEW v AS SELECT ${valueLimitSql('foldElements')} AS n`);
      expect(await other.rows('SELECT n FROM v')).toEqual([[String(foldElements)]]);
      await other.close();
    } finally {
      shared.close();
    }
  });

  describe('a connection kept between runs (take, handBack)', () => {
    let shared: LockedDuckDb;
    beforeEach(async () => {
      shared = await LockedDuckDb.open(openDataRoot(root.dir), resolveDuckDbSettings({ threads: 1, memoryLimit: '256MB' }));
    });
    afterEach(() => shared.close());

    const objects = async (conn: DuckDbDatabase): Promise<unknown[][]> =>
      conn.rows(`SELECT view_name FROM duckdb_views() WHERE NOT internal UNION ALL SELECT table_name FROM duckdb_tables()`);

    it('keeps a connection that only read and hands the same one to the next run', async () => {
      const first = await shared.take();
      expect(await first.rows(`SELECT * FROM read_csv('${path.join(root.dir, 'in/a.csv')}')`)).toEqual([['1']]);
      await first.run(`COPY (SELECT 1 AS x) TO '${path.join(root.dir, 'o.csv')}' (FORMAT csv)`);
      await first.rows(`DESCRIBE SELECT ${valueLimitSql('valueBytes')}`);
      await shared.handBack(first);
      expect([shared.openConnections, shared.idleConnections]).toEqual([1, 1]);
      const second = await shared.take();
      expect(second).toBe(first);
      expect(shared.idleConnections).toBe(0);
      expect(await objects(second)).toEqual([]);
      await shared.handBack(second);
    });

    it.each([
      ['a temporary view', `CREATE TEMP VIEW v_1 AS SELECT 1 AS x`],
      ['a temporary table', `CREATE TEMP TABLE t_1 AS SELECT 1 AS x`],
      ['a variable', `SET VARIABLE leftover = 42`],
    ])('closes a connection on which a run created %s: the next run sees nothing of it', async (_what, sql) => {
      const first = await shared.take();
      await first.run(sql);
      await shared.handBack(first);
      expect([shared.openConnections, shared.idleConnections]).toEqual([0, 0]);
      const second = await shared.take();
      expect(second).not.toBe(first);
      expect(await objects(second)).toEqual([]);
      expect(await second.rows(`SELECT getvariable('leftover')`)).toEqual([[null]]);
      await shared.handBack(second);
    });

    it('closes a connection whose statement failed', async () => {
      const first = await shared.take();
      await expect(first.run(`SELECT CAST('x' AS INTEGER)`)).rejects.toMatchObject({ code: 'E_TYPE' });
      await shared.handBack(first);
      expect(shared.openConnections).toBe(0);
      const second = await shared.take();
      expect(second).not.toBe(first);
      await shared.handBack(second);
    });

    it('closes a connection that was interrupted; the next run is not interrupted', async () => {
      const first = await shared.take();
      const controller = new AbortController();
      const running = first.run(`SELECT count(*) FROM range(100000000000) t(i) WHERE i % 7 = 3`, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await expect(running).rejects.toMatchObject({ code: 'E_CANCELLED' });
      await shared.handBack(first);
      expect(shared.openConnections).toBe(0);
      const second = await shared.take();
      expect(second).not.toBe(first);
      expect(await second.rows('SELECT count(*) FROM range(1000)')).toEqual([['1000']]);
      await shared.handBack(second);
    });

    it('keeps one idle connection at most, and closes it with the instance', async () => {
      const a = await shared.take();
      const b = await shared.take();
      await a.rows('SELECT 1');
      await b.rows('SELECT 2');
      await shared.handBack(a);
      await shared.handBack(b);
      expect([shared.openConnections, shared.idleConnections]).toEqual([1, 1]);
      shared.close();
      expect([shared.openConnections, shared.idleConnections]).toEqual([0, 0]);
      await expect(shared.take()).rejects.toMatchObject({ code: 'E_BACKEND_CLOSED' });
    });
  });

  it('serialises statements and refuses work after close', async () => {
    const results = await Promise.all([db.rows('SELECT 1'), db.rows('SELECT 2'), db.rows('SELECT 3')]);
    expect(results.map((r) => Number(r[0][0]))).toEqual([1, 2, 3]);
    await db.close();
    expect(await attempt('SELECT 1')).toBe('E_BACKEND_CLOSED');
  });

  it('maps DuckDB error classes to engine codes and hides the data root', () => {
    expect(translateDuckDbError(new Error('Conversion Error: bad'), 'a').code).toBe('E_TYPE');
    expect(translateDuckDbError(new Error('Out of Range Error: overflow'), 'a').code).toBe('E_VALUE');
    expect(translateDuckDbError(new Error('Out of Range Error: Overflow in multiplication of INT64 (2 * 3)!'), 'a').message).toBe(
      'asset "a": value out of range: Overflow in multiplication of INT64 (2 * 3)!',
    );
    const depth = translateDuckDbError(
      new Error('Binder Error: Max expression depth limit of 1000 exceeded. Use "SET max_expression_depth TO x" to increase the maximum expression depth.'),
      'a',
    );
    expect(depth.message).toBe('asset "a": E-EXPR-001: Max expression depth limit of 1000 exceeded.');
    expect(translateDuckDbError(new Error("Conversion Error: Could not convert string 'x' to INT32. Consider using TRY_CAST."), 'a').message).toBe(
      "asset \"a\": E-TYPE-001: cannot convert a value: Could not convert string 'x' to INT32.",
    );
    expect(translateDuckDbError(new Error('INTERRUPT Error: Interrupted!'), 'a').code).toBe('E_CANCELLED');
    expect(translateDuckDbError(new Error('Error: Permission Error: no'), 'a').code).toBe('E_PATH_OUTSIDE_ROOT');
    expect(translateDuckDbError(new Error('Invalid Input Error: CSV Error on Line: 3'), 'a').code).toBe('E_READ_FAILED');
    expect(translateDuckDbError(new Error('Invalid Input Error: invalid perl operator: (?='), 'a')).toMatchObject({
      code: 'E_BAD_PATTERN',
      message: 'asset "a": invalid regular expression: invalid perl operator: (?=',
    });
    expect(translateDuckDbError(new Error('Invalid Input Error: pattern too large - compile failed'), 'a').code).toBe('E_BAD_PATTERN');
    expect(translateDuckDbError(new Error('Catalog Error: x'), 'a').code).toBe('E_EXECUTION');
    const hidden = translateDuckDbError(new Error('IO Error: cannot open "/srv/data/x.csv"'), 'raw', '/srv/data/');
    expect(hidden.message).toBe('asset "raw": E-IO-001: IO Error: cannot open "x.csv"');
  });
});
