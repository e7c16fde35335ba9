/**
 * Whole-pipeline execution: the same pipelines on both backends give byte-identical files, DuckDB
 * streams through views and materialises only shared assets, a failing or cancelled run leaves no
 * output, a session's backend keeps every asset as a handle.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { EMPLOYEES_CSV, makeTempRoot, plan, type TempRoot, input } from '@pipeline/engine-core/testing';
import { failure } from './__fixtures__/failure';
import { isDanfoLoaded } from '@pipeline/engine-danfo';
import { createBackend, executePlan, isCancelledError, type BackendName } from './index';

const HEADER = `version: "3.0"\npipeline:\n  name: test\n  assets:\n`;

/** A pipeline from `- asset_ref: ...` lines (indented by four spaces). */
function yaml(assets: string): string {
  return HEADER + assets;
}

const EXAMPLE = yaml(`
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: active
      source: { where: { from: raw, filter: "status = 'active'" } }
    - asset_ref: slim
      source: { select: { from: active, columns: [department, salary] } }
    - asset_ref: by_dept
      source: { group_by: { from: slim, by: [department], agg: ["count(*) AS n", "avg(salary)", "sum(salary) AS total", "min(salary)", "max(salary) AS top"] } }
    - asset_ref: summary
      source: { output: { from: by_dept, format: OUTFORMAT, path: out/summary.OUTFORMAT, mode: overwrite } }
`);

describe('executePlan', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('employees.csv', EMPLOYEES_CSV);
  });
  afterEach(() => root.cleanup());

  it('loads danfojs-node only when a danfo backend is created', async () => {
    await executePlan(plan(EXAMPLE.replace(/OUTFORMAT/g, 'csv')), { dataRoot: root.dir });
    expect(isDanfoLoaded()).toBe(false);
    await (await createBackend('danfo', { dataRoot: root.dir })).close();
    expect(isDanfoLoaded()).toBe(true);
  });

  it('runs the example pipeline to parquet on DuckDB', async () => {
    const result = await executePlan(plan(EXAMPLE.replace(/OUTFORMAT/g, 'parquet')), { dataRoot: root.dir });
    expect(result.outputs).toEqual([{ ref: 'summary', path: 'out/summary.parquet', rowsWritten: 3, skipped: false }]);
    expect(result.steps.map((s) => s.ref)).toEqual(['raw', 'active', 'slim', 'by_dept', 'summary']);
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    const reader = await conn.runAndReadAll(
      `SELECT * FROM read_parquet('${path.join(root.dir, 'out/summary.parquet')}') ORDER BY department`,
    );
    expect(reader.columnNames()).toEqual(['department', 'n', 'avg(salary)', 'total', 'min(salary)', 'top']);
    expect(reader.getRowsJson()).toEqual([
      ['eng', '2', 107500, 215000, 95000, 120000],
      ['hr', '1', 65000.5, 65000.5, 65000.5, 65000.5],
      ['sales', '1', null, null, null, null],
    ]);
    conn.closeSync();
    instance.closeSync();
    expect(root.files()).toEqual(['employees.csv', 'out/summary.parquet']);
  });

  describe('parity: both backends write the same bytes', () => {
    const PIPELINES: Record<string, string> = {
      example: EXAMPLE.replace(/OUTFORMAT/g, 'csv'),
      exampleJson: EXAMPLE.replace(/OUTFORMAT/g, 'json'),
      expressions: yaml(`
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: shaped
      source:
        select:
          from: raw
          columns:
            - id
            - "upper(name) AS who"
            - "salary / 12 AS monthly"
            - "round(salary / 7, 2) AS r"
            - "CASE WHEN salary IS NULL THEN 'unpaid' WHEN salary > 100000 THEN 'high' ELSE 'normal' END AS band"
            - "coalesce(salary, 0) + id AS padded"
            - "concat(department, '/', status) AS tag"
            - "date_add(hired, 30) AS review"
            - "date_diff(hired, DATE '2017-01-01') AS days"
            - "year(hired) * 100 + month(hired) AS ym"
            - "name LIKE '%a%' AS has_a"
            - "name RLIKE '^[A-D]' AS early"
            - "CAST(salary AS integer) AS whole"
            - "TRY_CAST(name AS integer) AS nothing"
            - "id % 2 = 0 OR salary > 90000 AS flag"
            - "length(name) AS len"
            - "substring(name, 2, 3) AS mid"
    - asset_ref: out
      source: { output: { from: shaped, format: csv, path: out/shaped.csv, mode: overwrite } }
    - asset_ref: outj
      source: { output: { from: shaped, format: json, path: out/shaped.json, mode: overwrite } }
`),
      aggregates: yaml(`
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: stats
      source:
        group_by:
          from: raw
          by: [status]
          agg:
            - "count(*) AS n"
            - "count(salary) AS paid"
            - "count(DISTINCT department) AS depts"
            - "sum(id) AS ids"
            - "avg(salary)"
            - "min(name) AS first"
            - "max(hired) AS latest"
            - "median(id) AS mid"
            - "var_pop(id) AS vp"
            - "round(stddev(salary), 4) AS sd"
    - asset_ref: ordered
      source: { where: { from: stats, filter: "n >= 0" } }
    - asset_ref: out
      source: { output: { from: ordered, format: csv, path: out/stats.csv, mode: overwrite } }
`),
      nulls: yaml(`
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: unknown
      source: { where: { from: raw, filter: "NOT (salary > 80000) OR salary IS NULL AND department = 'eng'" } }
    - asset_ref: out
      source: { output: { from: unknown, format: csv, path: out/nulls.csv, mode: overwrite } }
`),
    };

    it.each(Object.keys(PIPELINES))('%s', async (key) => {
      const files: Record<Exclude<BackendName, 'spark'>, Record<string, string>> = { duckdb: {}, danfo: {} };
      for (const backend of ['duckdb', 'danfo'] as const) {
        fs.rmSync(path.join(root.dir, 'out'), { recursive: true, force: true });
        await executePlan(plan(PIPELINES[key]), { dataRoot: root.dir, backend });
        for (const f of fs.readdirSync(path.join(root.dir, 'out'))) files[backend][f] = root.read(`out/${f}`);
      }
      expect(Object.keys(files.duckdb).length).toBeGreaterThan(0);
      // group_by row order is not defined; compare its rows as sets, everything else byte for byte.
      const normalise = (text: string): string => (key === 'aggregates' || key.startsWith('example') ? text.split('\n').sort().join('\n') : text);
      for (const f of Object.keys(files.duckdb)) expect(normalise(files.danfo[f])).toBe(normalise(files.duckdb[f]));
    });

    it('the expressions pipeline gives these exact rows', async () => {
      await executePlan(plan(PIPELINES.expressions), { dataRoot: root.dir, backend: 'danfo' });
      expect(root.read('out/shaped.csv').split('\n').slice(0, 3)).toEqual([
        'id,who,monthly,r,band,padded,tag,review,days,ym,has_a,early,whole,nothing,flag,len,mid',
        '1,ALICE,10000.0,17142.86,high,120001.0,eng/active,2019-03-31,789,201903,false,true,120000,,true,5,lic',
        '2,BOB,7916.666666666667,13571.43,normal,95002.0,eng/active,2020-08-14,1291,202007,false,true,95000,,true,3,ob',
      ]);
    });
  });

  it('DuckDB materialises only assets read by several consumers', async () => {
    const p = plan(
      yaml(`
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: active
      source: { where: { from: raw, filter: "status = 'active'" } }
    - asset_ref: inactive
      source: { where: { from: raw, filter: "status <> 'active'" } }
    - asset_ref: a
      source: { output: { from: active, format: csv, path: a.csv, mode: overwrite } }
    - asset_ref: b
      source: { output: { from: inactive, format: json, path: b.json, mode: overwrite } }
`),
    );
    const result = await executePlan(p, { dataRoot: root.dir });
    expect(result.steps.map((s) => [s.ref, s.materialized])).toEqual([
      ['raw', true],
      ['active', false],
      ['inactive', false],
      ['a', undefined],
      ['b', undefined],
    ]);
    expect(result.outputs.map((o) => [o.ref, o.rowsWritten])).toEqual([
      ['a', 4],
      ['b', 2],
    ]);
  });

  it('keeps every asset as a handle of a session backend', async () => {
    for (const name of ['duckdb', 'danfo'] as const) {
      const backend = await createBackend(name, { dataRoot: root.dir });
      try {
        const result = await executePlan(plan(EXAMPLE.replace(/OUTFORMAT/g, 'csv')), { dataRoot: root.dir, backend });
        expect(Object.keys(result.handles ?? {})).toEqual(['raw', 'active', 'slim', 'by_dept']);
        expect(result.handles?.active.rowCount).toBe(4);
        const again = await backend.readInput('again', input('employees.csv'));
        expect(backend.describe(result.handles?.slim.id ?? '').columns.map((c) => c.name)).toEqual(['department', 'salary']);
        expect(again.rowCount).toBe(6);
      } finally {
        await backend.close();
      }
    }
  });

  it.each(['duckdb', 'danfo'] as const)('%s: a failing pipeline leaves none of its outputs', async (backend) => {
    const p = plan(
      yaml(`
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: good
      source: { output: { from: raw, format: csv, path: out/good.csv, mode: overwrite } }
    - asset_ref: bad
      source: { select: { from: raw, columns: ["CAST(name AS integer) AS n"] } }
    - asset_ref: never
      source: { output: { from: bad, format: csv, path: out/bad.csv, mode: overwrite } }
`),
    );
    const err = await failure(executePlan(p, { dataRoot: root.dir, backend }));
    expect(err.code).toBe('E_TYPE');
    expect(err.message).toMatch(/^asset "(bad|never)": /);
    expect(root.files()).toEqual(['employees.csv']);
  });

  it.each(['duckdb', 'danfo'] as const)('%s: runtime errors name the asset', async (backend) => {
    const missing = await failure(
      executePlan(
        plan(yaml(`
    - asset_ref: raw
      source: { input: { format: csv, path: data/x.csv } }
    - asset_ref: out
      source: { output: { from: raw, format: csv, path: o.csv } }
`)),
        { dataRoot: root.dir, backend },
      ),
    );
    expect(missing).toEqual({ code: 'E_FILE_NOT_FOUND', message: 'asset "raw": E-IO-001: file not found: data/x.csv' });

    root.write('ragged.csv', 'a,b\n1,2\n3\n');
    const ragged = await failure(
      executePlan(
        plan(yaml(`
    - asset_ref: raw
      source: { input: { format: csv, path: ragged.csv } }
    - asset_ref: out
      source: { output: { from: raw, format: csv, path: o.csv } }
`)),
        { dataRoot: root.dir, backend },
      ),
    );
    expect(ragged.code).toBe('E_READ_FAILED');
    expect(ragged.message).toMatch(/^asset "raw": /);
    expect(ragged.message).not.toContain(root.dir);

    root.write('o.csv', 'x\n');
    const exists = await failure(
      executePlan(
        plan(yaml(`
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: out
      source: { output: { from: raw, format: csv, path: o.csv, mode: error } }
`)),
        { dataRoot: root.dir, backend },
      ),
    );
    expect(exists).toEqual({ code: 'E_OUTPUT_EXISTS', message: 'asset "out": E-IO-002: output already exists: o.csv (mode error)' });
  });

  it('cancels a long DuckDB query within a second and leaves no output', async () => {
    const big = path.join(root.dir, 'big.parquet');
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    await conn.run(
      `COPY (SELECT i AS id, i % 100000 AS k, (i * 7919) % 1000003 AS x FROM range(6000000) t(i)) TO '${big}' (FORMAT parquet)`,
    );
    conn.closeSync();
    instance.closeSync();
    const p = plan(
      yaml(`
    - asset_ref: raw
      source: { input: { format: parquet, path: big.parquet } }
    - asset_ref: heavy
      source: { group_by: { from: raw, by: [k], agg: ["median(x) AS m", "count(DISTINCT x) AS d", "stddev(x) AS s", "median(id) AS mi"] } }
    - asset_ref: out
      source: { output: { from: heavy, format: csv, path: out/heavy.csv, mode: overwrite } }
`),
    );
    const controller = new AbortController();
    const started = Date.now();
    let abortedAt = 0;
    setTimeout(() => {
      abortedAt = Date.now();
      controller.abort();
    }, 400);
    const err = await executePlan(p, { dataRoot: root.dir, duckdb: { threads: 1 } }, { signal: controller.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const settled = Date.now();
    expect(abortedAt).toBeGreaterThan(0);
    expect(isCancelledError(err)).toBe(true);
    expect((err as { code: string }).code).toBe('E_CANCELLED');
    expect(settled - abortedAt).toBeLessThan(1000);
    expect(settled - started).toBeLessThan(3000);
    expect(root.files()).toEqual(['big.parquet', 'employees.csv']);
  });

  it('cancels a danfo run between chunks', async () => {
    const rows = ['a,b'];
    for (let i = 0; i < 100_000; i++) rows.push(`${i},${i % 7}`);
    root.write('many.csv', `${rows.join('\n')}\n`);
    const backend = await createBackend('danfo', { dataRoot: root.dir });
    try {
      const many = await backend.readInput('many', input('many.csv'));
      const controller = new AbortController();
      const pending = backend.apply('f', { kind: 'where', from: 'many', filter: { kind: 'boolean', value: true, span: { start: 0, end: 4 } } }, { many: many.id }, { signal: controller.signal });
      setImmediate(() => controller.abort());
      const err = await pending.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isCancelledError(err)).toBe(true);
    } finally {
      await backend.close();
    }
  });

  describe('a runtime error names the asset whose expression failed, not the output it streams into', () => {
    const chain = (filter: string, extra = ''): string =>
      yaml(`
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: fine
      source: { where: { from: raw, filter: "salary > 0" } }
    - asset_ref: s
      source: { where: { from: fine, filter: "${filter}" } }
    - asset_ref: after
      source: { select: { from: s, columns: [id, salary] } }${extra}
    - asset_ref: out
      source: { output: { from: after, format: csv, path: out/o.csv, mode: overwrite } }
`);

    it.each(['duckdb', 'danfo'] as BackendName[])('%s: an overflow in a filter is blamed on that filter', async (backend) => {
      const err = await failure(executePlan(plan(chain('id * 9223372036854775807 > 1')), { dataRoot: root.dir, backend }));
      expect(err.code).toBe('E_VALUE');
      expect(err.message).toMatch(/^asset "s": filter: /);
      expect(err.message).toMatch(/out of range|overflow/i);
      expect(err.message).not.toMatch(/out"|Error:|\bSET\b|LINE \d/);
      expect(root.files()).toEqual(['employees.csv']);
    });

    it('duckdb: also when a later asset is stored as a table (shared, or ending a long chain of views)', async () => {
      const wheres = Array.from({ length: 20 }, (_, i) => `
    - asset_ref: w${i + 1}
      source: { where: { from: ${i === 0 ? 'after' : `w${i}`}, filter: "id > 0" } }`).join('');
      const long = await failure(executePlan(plan(chain('id * 9223372036854775807 > 1', wheres).replace('from: after, format', 'from: w20, format')), { dataRoot: root.dir }));
      expect(long).toMatchObject({ code: 'E_VALUE', message: expect.stringMatching(/^asset "s": filter: value out of range: /) });
      const shared = `
    - asset_ref: other
      source: { output: { from: after, format: csv, path: out/p.csv, mode: overwrite } }`;
      const twice = await failure(executePlan(plan(chain('id * 9223372036854775807 > 1', shared)), { dataRoot: root.dir }));
      expect(twice).toMatchObject({ code: 'E_VALUE', message: expect.stringMatching(/^asset "s": filter: value out of range: /) });
      const own = await failure(executePlan(plan(chain('id > 0', shared).replace('columns: [id, salary]', 'columns: ["id * 9223372036854775807 AS x"]')), { dataRoot: root.dir }));
      expect(own).toMatchObject({ code: 'E_VALUE', message: expect.stringMatching(/^asset "after": columns: value out of range: /) });
      expect(root.files()).toEqual(['employees.csv']);
    });

    it('duckdb: an overflow in a select column is blamed on that select', async () => {
      const p = plan(
        yaml(`
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: big
      source: { select: { from: raw, columns: ["id * 9223372036854775807 AS x"] } }
    - asset_ref: later
      source: { where: { from: big, filter: "x > 0" } }
    - asset_ref: out
      source: { output: { from: later, format: csv, path: out/o.csv, mode: overwrite } }
`),
      );
      const err = await failure(executePlan(p, { dataRoot: root.dir }));
      expect(err).toMatchObject({ code: 'E_VALUE', message: expect.stringMatching(/^asset "big": columns: value out of range: /) });
    });
  });

  describe.each(['duckdb', 'danfo'] as BackendName[])('%s: an output path written as a folder', (backend) => {
    const toPath = (out: string): string =>
      yaml(`
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: o
      source: { output: { from: raw, format: csv, path: "${out}", mode: overwrite } }
`);

    it.each(['newdir/', 'a/newdir/', 'newdir/.', 'existing/'])('%p fails and writes nothing', async (out) => {
      fs.mkdirSync(path.join(root.dir, 'existing'));
      const err = await failure(executePlan(plan(toPath(out)), { dataRoot: root.dir, backend }));
      expect(err).toEqual({ code: 'E_PATH_OUTSIDE_ROOT', message: `asset "o": output path "${out}" names a folder` });
      expect(root.files()).toEqual(['employees.csv']);
      expect(fs.readdirSync(root.dir).sort()).toEqual(['employees.csv', 'existing']);
    });

    it('an existing folder named without a slash is refused too', async () => {
      fs.mkdirSync(path.join(root.dir, 'existing'));
      const err = await failure(executePlan(plan(toPath('existing')), { dataRoot: root.dir, backend }));
      expect(err).toEqual({ code: 'E_WRITE_FAILED', message: 'asset "o": output path is a folder: existing' });
    });
  });

  it('runs a chain of 1,500 where assets on DuckDB, past its expression depth limit (views are stored as a table every 16 steps)', async () => {
    const n = 1500;
    const assets = ['    - asset_ref: a0\n      source: { input: { format: csv, path: employees.csv } }'];
    for (let i = 1; i <= n; i++) assets.push(`    - asset_ref: a${i}\n      source: { where: { from: a${i - 1}, filter: "id > ${i % 2}" } }`);
    assets.push(`    - asset_ref: out\n      source: { output: { from: a${n}, format: csv, path: long.csv, mode: overwrite } }`);
    const result = await executePlan(plan(yaml(`${assets.join('\n')}\n`)), { dataRoot: root.dir });
    expect(result.outputs).toEqual([{ ref: 'out', path: 'long.csv', rowsWritten: 5, skipped: false }]);
    const materialized = result.steps.filter((s) => s.materialized === true).length;
    expect(materialized).toBeGreaterThan(0);
    expect(materialized).toBeLessThan(n / 10);
  }, 60_000);

  it('an already aborted signal runs nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await failure(executePlan(plan(EXAMPLE.replace(/OUTFORMAT/g, 'csv')), { dataRoot: root.dir }, { signal: controller.signal }));
    expect(err.code).toBe('E_CANCELLED');
    expect(root.files()).toEqual(['employees.csv']);
  });

  // 25 fresh databases: seconds on a loaded machine; the test checks what is left behind, not speed.
  it('releases DuckDB resources across many runs and honours a spill folder in the data root', async () => {
    const before = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`pipeline-duckdb-${process.pid}-`));
    const p = plan(EXAMPLE.replace(/OUTFORMAT/g, 'csv'));
    for (let i = 0; i < 25; i++) await executePlan(p, { dataRoot: root.dir });
    const after = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`pipeline-duckdb-${process.pid}-`));
    expect(after).toEqual(before);
    const spill = path.join(root.dir, '.tmp');
    await executePlan(p, { dataRoot: root.dir, duckdb: { threads: 2, memoryLimit: '256MB', tempDirectory: spill } });
    expect(fs.readdirSync(spill)).toEqual([]);
  }, 60_000);
});
