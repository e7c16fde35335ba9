/**
 * The Backend interface on both implementations: every kind, format and mode with exact expected
 * files, inspect, errors and handle life cycle. Each test gets a fresh data root.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import {
  EMPLOYEES_CSV,
  makeTempRoot,
  type TempRoot,
  groupBy,
  input,
  output,
  select,
  where,
} from '@pipeline/engine-core/testing';
import type { Backend, HandleInfo, BackendName } from '@pipeline/engine-core';
import { createBackend } from './create-backend';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
  return 'resolved';
}

describe.each(BACKENDS)('%s backend', (name) => {
  let root: TempRoot;
  let backend: Backend;
  beforeEach(async () => {
    root = makeTempRoot();
    root.write('employees.csv', EMPLOYEES_CSV);
    backend = await createBackend(name, { dataRoot: root.dir });
  });
  afterEach(async () => {
    await backend.close();
    root.cleanup();
  });

  const read = (ref: string, p = 'employees.csv', format: 'csv' | 'json' | 'parquet' = 'csv', options: Record<string, string> = {}) =>
    backend.readInput(ref, input(p, format, options));

  it('reads a CSV into a handle with portable types', async () => {
    const raw = await read('raw');
    expect(raw).toEqual({
      id: expect.any(String),
      ref: 'raw',
      rowCount: 6,
      columns: [
        { name: 'id', dataType: 'long' },
        { name: 'name', dataType: 'string' },
        { name: 'department', dataType: 'string' },
        { name: 'salary', dataType: 'double' },
        { name: 'status', dataType: 'string' },
        { name: 'hired', dataType: 'date' },
      ],
    });
    expect(backend.describe(raw.id)).toEqual(raw);
  });

  it('applies where, select and group_by, and writes CSV', async () => {
    const raw = await read('raw');
    const active = await backend.apply('active', where('raw', "status = 'active' AND salary > 60000"), { raw: raw.id });
    expect(active.rowCount).toBe(3);
    const slim = await backend.apply('slim', select('active', 'name', 'salary * 2 AS double_pay', 'year(hired) AS y'), { active: active.id });
    expect(slim.columns).toEqual([
      { name: 'name', dataType: 'string' },
      { name: 'double_pay', dataType: 'double' },
      { name: 'y', dataType: 'long' },
    ]);
    await backend.write(slim.id, 'out', output('out/slim.csv'));
    expect(root.read('out/slim.csv')).toBe('name,double_pay,y\nAlice,240000.0,2019\nBob,190000.0,2020\nEve,130001.0,2017\n');

    const grouped = await backend.apply(
      'by_dept',
      groupBy('raw', ['department'], ['count(*) AS n', 'count(salary)', 'avg(salary)', 'sum(id) AS ids', 'max(hired) AS last']),
      { raw: raw.id },
    );
    expect(grouped.columns.map((c) => `${c.name}:${c.dataType}`)).toEqual([
      'department:string',
      'n:long',
      'count(salary):long',
      'avg(salary):double',
      'ids:long',
      'last:date',
    ]);
    const sorted = await backend.apply('sorted', where('by_dept', 'n > 0'), { by_dept: grouped.id });
    const result = await backend.write(sorted.id, 'out', output('out/g.csv'));
    expect(result).toEqual({ rowsWritten: 3, skipped: false, path: 'out/g.csv' });
    const lines = root.read('out/g.csv').trimEnd().split('\n');
    expect(lines[0]).toBe('department,n,count(salary),avg(salary),ids,last');
    expect(lines.slice(1).sort()).toEqual([
      'eng,3,2,107500.0,9,2022-02-14',
      'hr,1,1,65000.5,5,2017-05-30',
      'sales,2,1,70000.0,7,2021-11-02',
    ]);
  });

  it('keeps NULL out of a where (only true rows pass) and groups NULLs together', async () => {
    const raw = await read('raw');
    const high = await backend.apply('high', where('raw', 'salary > 0'), { raw: raw.id });
    expect(high.rowCount).toBe(4);
    const notHigh = await backend.apply('low', where('raw', 'NOT (salary > 0)'), { raw: raw.id });
    expect(notHigh.rowCount).toBe(0);
    const bySalaryNull = await backend.apply('g', groupBy('raw', ['salary IS NULL AS missing'], ['count(*) AS n']), { raw: raw.id });
    await backend.write(bySalaryNull.id, 'o', output('g.csv'));
    expect(root.read('g.csv').trimEnd().split('\n').slice(1).sort()).toEqual(['false,4', 'true,2']);
  });

  it('writes JSON lines, and a JSON array with multiLine', async () => {
    const raw = await read('raw');
    const two = await backend.apply('two', where('raw', 'id <= 2'), { raw: raw.id });
    await backend.write(two.id, 'o', output('o.json', 'json'));
    expect(root.read('o.json')).toBe(
      '{"id":1,"name":"Alice","department":"eng","salary":120000.0,"status":"active","hired":"2019-03-01"}\n' +
        '{"id":2,"name":"Bob","department":"eng","salary":95000.0,"status":"active","hired":"2020-07-15"}\n',
    );
    await backend.write(two.id, 'o', output('arr.json', 'json', 'overwrite', { multiLine: 'true' }));
    const arr = JSON.parse(root.read('arr.json')) as { id: number }[];
    expect(arr.map((r) => r.id)).toEqual([1, 2]);
  });

  it('reads JSON lines, JSON arrays and pretty-printed documents', async () => {
    root.write('lines.json', '{"a":1,"b":"x","c":1.5,"d":"2024-01-02"}\n{"a":2,"b":null,"c":2,"d":"2024-01-03","e":true}\n');
    root.write('array.json', '[{"a":1},{"a":2,"b":"y"}]');
    root.write('pretty.json', '{\n  "a": 1\n}\n{\n  "a": 2\n}\n');
    const lines = await read('l', 'lines.json', 'json');
    expect(lines.columns).toEqual([
      { name: 'a', dataType: 'long' },
      { name: 'b', dataType: 'string' },
      { name: 'c', dataType: 'double' },
      { name: 'd', dataType: 'date' },
      { name: 'e', dataType: 'boolean' },
    ]);
    expect(lines.rowCount).toBe(2);
    const array = await read('a', 'array.json', 'json');
    expect(array.rowCount).toBe(2);
    expect(array.columns.map((c) => c.name)).toEqual(['a', 'b']);
    expect((await read('p', 'pretty.json', 'json')).rowCount).toBe(2);
    await backend.write(lines.id, 'o', output('back.csv'));
    expect(root.read('back.csv')).toBe('a,b,c,d,e\n1,x,1.5,2024-01-02,\n2,,2.0,2024-01-03,true\n');
  });

  it('honours CSV options: separator, quote, null marker, no header, comments, date format, gzip', async () => {
    root.write('semi.csv', "# exported\nk;v;when\n1;'a;b';03/01/2024\nNA;'it''s';04/01/2024\n");
    const semi = await read('s', 'semi.csv', 'csv', { sep: ';', quote: "'", nullValue: 'NA', comment: '#', dateFormat: 'dd/MM/yyyy' });
    expect(semi.columns).toEqual([
      { name: 'k', dataType: 'long' },
      { name: 'v', dataType: 'string' },
      { name: 'when', dataType: 'date' },
    ]);
    await backend.write(semi.id, 'o', output('semi-out.csv', 'csv', 'overwrite', { sep: '|', nullValue: '-', dateFormat: 'yyyy/MM/dd' }));
    expect(root.read('semi-out.csv')).toBe("k|v|when\n1|a;b|2024/01/03\n-|it's|2024/01/04\n");

    root.write('nohead.csv', '1,2\n3,4\n');
    const noHead = await read('n', 'nohead.csv', 'csv', { header: 'false' });
    expect(noHead.columns).toEqual([
      { name: 'column0', dataType: 'long' },
      { name: 'column1', dataType: 'long' },
    ]);
    const text = await read('t', 'nohead.csv', 'csv', { header: 'false', inferSchema: 'false' });
    expect(text.columns.map((c) => c.dataType)).toEqual(['string', 'string']);

    root.write('z.csv.gz', zlib.gzipSync(Buffer.from('a,b\n1,x\n2,y\n')));
    const gz = await read('z', 'z.csv.gz');
    expect(gz.rowCount).toBe(2);
    await backend.write(gz.id, 'o', output('copy.csv.gz'));
    expect(zlib.gunzipSync(fs.readFileSync(path.join(root.dir, 'copy.csv.gz'))).toString()).toBe('a,b\n1,x\n2,y\n');
  });

  it('writes and reads dates and timestamps in the given patterns, CSV and JSON', async () => {
    root.write('t.csv', 'd,t\n2024-01-02,2024-01-02 03:04:05\n');
    const t = await read('t', 't.csv');
    const patterns = { dateFormat: 'dd/MM/yyyy', timestampFormat: 'yyyy/MM/dd HH:mm' };
    await backend.write(t.id, 'o', output('p.json', 'json', 'overwrite', patterns));
    expect(root.read('p.json')).toBe('{"d":"02/01/2024","t":"2024/01/02 03:04"}\n');
    await backend.write(t.id, 'o', output('p.csv', 'csv', 'overwrite', patterns));
    expect(root.read('p.csv')).toBe('d,t\n02/01/2024,2024/01/02 03:04\n');
    for (const [file, format] of [['p.json', 'json'], ['p.csv', 'csv']] as const) {
      const back = await read('back', file, format, patterns);
      expect(back.columns.map((c) => c.dataType)).toEqual(['date', 'timestamp']);
    }
  });

  it('reads CSV dates by pattern without backtracking: a hostile pattern ends promptly, fields keep their digits as DuckDB reads', async () => {
    // 27 adjacent day fields and a literal: the danfo reader used to try every split of the digits (10-16 s).
    root.write('h.csv', `v\n${'1'.repeat(54)}y\n`);
    const started = Date.now();
    const hostile = await read('h', 'h.csv', 'csv', { dateFormat: `${'%d'.repeat(27)}x` });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hostile.columns).toEqual([{ name: 'v', dataType: 'string' }]);
    root.write('m.csv', 'v\n12/2024\n');
    const kept = await read('m', 'm.csv', 'csv', { dateFormat: '%d%m/%Y' });
    expect(kept.columns).toEqual([{ name: 'v', dataType: 'string' }]);
    expect(await code(read('l', 'm.csv', 'csv', { dateFormat: '%d'.repeat(51) }))).toBe('E_BAD_OPTION');
  });

  it('quotes what needs quoting and writes empty strings as "" so they do not read back as NULL', async () => {
    root.write('q.csv', 'a,b\n"x,y","say ""hi"""\n"",\n"multi\nline",z\n');
    const q = await read('q', 'q.csv');
    await backend.write(q.id, 'o', output('q-out.csv'));
    expect(root.read('q-out.csv')).toBe('a,b\n"x,y","say ""hi"""\n,\n"multi\nline",z\n');
  });

  describe('modes', () => {
    let small: HandleInfo;
    beforeEach(async () => {
      const raw = await read('raw');
      small = await backend.apply('small', select('raw', 'id', 'name'), { raw: raw.id });
      small = await backend.apply('two', where('small', 'id <= 2'), { small: small.id });
    });

    it('overwrite replaces, error refuses, ignore skips', async () => {
      root.write('o.csv', 'old\n');
      expect(await backend.write(small.id, 'out', output('o.csv', 'csv', 'overwrite'))).toEqual({ rowsWritten: 2, skipped: false, path: 'o.csv' });
      expect(root.read('o.csv')).toBe('id,name\n1,Alice\n2,Bob\n');
      root.write('e.csv', 'old\n');
      await expect(backend.write(small.id, 'out', output('e.csv', 'csv', 'error'))).rejects.toThrow(
        'asset "out": E-IO-002: output already exists: e.csv (mode error)',
      );
      expect(root.read('e.csv')).toBe('old\n');
      expect(await backend.write(small.id, 'out', output('e.csv', 'csv', 'ignore'))).toEqual({ rowsWritten: 0, skipped: true, path: 'e.csv' });
      expect(root.read('e.csv')).toBe('old\n');
      expect(await backend.write(small.id, 'out', output('new.csv', 'csv', 'error'))).toMatchObject({ rowsWritten: 2 });
      expect(await backend.write(small.id, 'out', output('new2.csv', 'csv', 'ignore'))).toMatchObject({ rowsWritten: 2, skipped: false });
      expect(root.files().filter((f) => f.includes('.tmp'))).toEqual([]);
    });

    it('append to CSV keeps one header, to JSON lines adds lines, to a JSON array keeps one array', async () => {
      await backend.write(small.id, 'out', output('a.csv', 'csv', 'append'));
      expect(await backend.write(small.id, 'out', output('a.csv', 'csv', 'append'))).toMatchObject({ rowsWritten: 2 });
      expect(root.read('a.csv')).toBe('id,name\n1,Alice\n2,Bob\n1,Alice\n2,Bob\n');
      root.write('nonl.csv', 'id,name\n9,Zed');
      await backend.write(small.id, 'out', output('nonl.csv', 'csv', 'append'));
      expect(root.read('nonl.csv')).toBe('id,name\n9,Zed\n1,Alice\n2,Bob\n');

      await backend.write(small.id, 'out', output('a.json', 'json', 'append'));
      await backend.write(small.id, 'out', output('a.json', 'json', 'append'));
      expect(root.read('a.json').trimEnd().split('\n')).toHaveLength(4);

      root.write('arr.json', '[{"id":7,"name":"Old"}]');
      expect(await backend.write(small.id, 'out', output('arr.json', 'json', 'append'))).toMatchObject({ rowsWritten: 2 });
      const all = JSON.parse(root.read('arr.json')) as { id: number; name: string }[];
      expect(all).toEqual([
        { id: 7, name: 'Old' },
        { id: 1, name: 'Alice' },
        { id: 2, name: 'Bob' },
      ]);
    });

    it.each(['csv', 'json', 'parquet'] as const)('every mode on %s (read back for rows)', async (format) => {
      if (name === 'danfo' && format === 'parquet') return;
      const file = `m/out.${format}`;
      const count = async (): Promise<number> => (await backend.readInput('back', input(file, format))).rowCount;
      expect(await backend.write(small.id, 'o', output(file, format, 'error'))).toMatchObject({ rowsWritten: 2, skipped: false });
      const before = fs.readFileSync(path.join(root.dir, file));
      expect(await code(backend.write(small.id, 'o', output(file, format, 'error')))).toBe('E_OUTPUT_EXISTS');
      expect(await backend.write(small.id, 'o', output(file, format, 'ignore'))).toMatchObject({ rowsWritten: 0, skipped: true });
      expect(fs.readFileSync(path.join(root.dir, file))).toEqual(before);
      expect(await backend.write(small.id, 'o', output(file, format, 'append'))).toMatchObject({ rowsWritten: 2 });
      expect(await count()).toBe(4);
      expect(await backend.write(small.id, 'o', output(file, format, 'overwrite'))).toMatchObject({ rowsWritten: 2 });
      expect(await count()).toBe(2);
      expect(root.files().filter((f) => f.startsWith('m/'))).toEqual([file]);
    });

    it('append follows the existing layout: JSON lines stay lines, gzip stays readable', async () => {
      root.write('l.json', '{"id":5,"name":"Old"}\n');
      await backend.write(small.id, 'o', output('l.json', 'json', 'append', { multiLine: 'true' }));
      expect(root.read('l.json')).toBe('{"id":5,"name":"Old"}\n{"id":1,"name":"Alice"}\n{"id":2,"name":"Bob"}\n');
      await backend.write(small.id, 'o', output('z.csv.gz', 'csv', 'append'));
      await backend.write(small.id, 'o', output('z.csv.gz', 'csv', 'append'));
      expect(zlib.gunzipSync(fs.readFileSync(path.join(root.dir, 'z.csv.gz'))).toString()).toBe(
        'id,name\n1,Alice\n2,Bob\n1,Alice\n2,Bob\n',
      );
    });

    it('append refuses a CSV whose columns differ', async () => {
      root.write('other.csv', 'x,y,z\n1,2,3\n');
      await expect(backend.write(small.id, 'out', output('other.csv', 'csv', 'append'))).rejects.toThrow(
        'asset "out": cannot append: the rows have columns (id, name) but the existing file has (x, y, z)',
      );
      expect(root.read('other.csv')).toBe('x,y,z\n1,2,3\n');
    });

    it('append refuses a CSV with the same columns in another order (rows are appended by position)', async () => {
      root.write('swapped.csv', 'name,id\nZed,9\n');
      await expect(backend.write(small.id, 'out', output('swapped.csv', 'csv', 'append'))).rejects.toThrow(
        'asset "out": cannot append: the rows have columns (id, name) but the existing file has (name, id)',
      );
      expect(root.read('swapped.csv')).toBe('name,id\nZed,9\n');
    });

    it('append keeps a gzip-compressed JSON array file one array', async () => {
      fs.writeFileSync(path.join(root.dir, 'arr.json.gz'), zlib.gzipSync('[{"id":7,"name":"Old"}]\n'));
      expect(await backend.write(small.id, 'out', output('arr.json.gz', 'json', 'append'))).toMatchObject({ rowsWritten: 2 });
      const all = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(root.dir, 'arr.json.gz'))).toString()) as unknown[];
      expect(all).toEqual([
        { id: 7, name: 'Old' },
        { id: 1, name: 'Alice' },
        { id: 2, name: 'Bob' },
      ]);
    });
  });

  describe('inspect', () => {
    it('reports fields, types, nullability and the exact row count of CSV and JSON', async () => {
      expect(await backend.inspect(input('employees.csv'))).toEqual({
        fields: [
          { name: 'id', dataType: 'long', nullable: true },
          { name: 'name', dataType: 'string', nullable: true },
          { name: 'department', dataType: 'string', nullable: true },
          { name: 'salary', dataType: 'double', nullable: true },
          { name: 'status', dataType: 'string', nullable: true },
          { name: 'hired', dataType: 'date', nullable: true },
        ],
        rowCount: 6,
      });
      root.write('t.json', '{"t":"2024-01-02 03:04:05","ok":true}\n{"t":"2024-01-03 00:00:00","ok":false}\n');
      expect(await backend.inspect(input('t.json', 'json'))).toEqual({
        fields: [
          { name: 't', dataType: 'timestamp', nullable: true },
          { name: 'ok', dataType: 'boolean', nullable: true },
        ],
        rowCount: 2,
      });
    });
  });

  describe('errors', () => {
    it('names a missing file', async () => {
      await expect(read('raw', 'data/x.csv')).rejects.toThrow('asset "raw": E-IO-001: file not found: data/x.csv');
      expect(await code(backend.inspect(input('nope.csv')))).toBe('E_FILE_NOT_FOUND');
      fs.mkdirSync(path.join(root.dir, 'folder'));
      expect(await code(read('raw', 'folder'))).toBe('E_READ_FAILED');
    });

    it('refuses paths outside the data root: .., absolute, symbolic link', async () => {
      const outside = `${root.dir}-outside`;
      fs.mkdirSync(outside);
      try {
        fs.writeFileSync(path.join(outside, 'x.csv'), 'a\n1\n');
        fs.symlinkSync(path.join(outside, 'x.csv'), path.join(root.dir, 'link.csv'));
        await expect(read('raw', '../x.csv')).rejects.toThrow('asset "raw": path "../x.csv" is outside the data root');
        expect(await code(read('raw', path.join(outside, 'x.csv')))).toBe('E_PATH_OUTSIDE_ROOT');
        expect(await code(read('raw', 'link.csv'))).toBe('E_PATH_OUTSIDE_ROOT');
        const raw = await read('raw');
        expect(await code(backend.write(raw.id, 'out', output('../escape.csv')))).toBe('E_PATH_OUTSIDE_ROOT');
        expect(fs.existsSync(path.join(root.dir, '..', 'escape.csv'))).toBe(false);
      } finally {
        fs.rmSync(outside, { recursive: true, force: true });
      }
    });

    it('checks columns against the upstream before running', async () => {
      const raw = await read('raw');
      await expect(backend.apply('f', where('raw', 'salry > 1'), { raw: raw.id })).rejects.toThrow(
        'asset "f": E-COL-001: filter: column "salry" not found (columns: id, name, department, salary, status, hired)',
      );
      expect(await code(backend.apply('s', select('raw', 'nme'), { raw: raw.id }))).toBe('E_COLUMN_NOT_FOUND');
      expect(await code(backend.apply('g', groupBy('raw', ['dept'], ['count(*)']), { raw: raw.id }))).toBe('E_COLUMN_NOT_FOUND');
      expect(await code(backend.apply('g', groupBy('raw', ['department'], ['sum(salry)']), { raw: raw.id }))).toBe('E_COLUMN_NOT_FOUND');
    });

    it('runs RLIKE patterns a backtracking matcher could hang on (RE2 semantics), with the same rows on both', async () => {
      const raw = await read('raw');
      // `.*` fourteen times then `=`: once refused as "could backtrack", now linear.
      const none = await backend.apply('s', where('raw', `name RLIKE '${'.*'.repeat(14)}='`), { raw: raw.id });
      expect(none.rowCount).toBe(0);
      const some = await backend.apply('t', where('raw', "name RLIKE '^(\\w+)+[aeiou]$'"), { raw: raw.id });
      await backend.write(some.id, 't', output('t.csv'));
      expect(root.read('t.csv').trimEnd().split('\n').map((l) => l.split(',')[1])).toEqual(['name', 'Alice', 'Eve']);
    });

    it('matches in linear time: a*b over a 150,000-character value, and a 3,000-character value as its own pattern', async () => {
      // Issue 16 items 3 and 6: the first ran for minutes on a backtracking matcher, the second
      // was refused on danfo only (longer than the old guard's limit).
      const long = 'a'.repeat(150_000);
      const mixed = 'ab'.repeat(1_500);
      root.write('long.csv', `id,name\n1,${long}\n2,${mixed}\n3,x\n`);
      const raw = await read('raw', 'long.csv');
      expect((await backend.apply('a', where('raw', "name RLIKE 'a*b'"), { raw: raw.id })).rowCount).toBe(1);
      expect((await backend.apply('n', where('raw', "name RLIKE 'a*c'"), { raw: raw.id })).rowCount).toBe(0);
      const self = await backend.apply('s', where('raw', 'length(name) < 5000 AND name RLIKE name'), { raw: raw.id });
      await backend.write(self.id, 's', output('s.csv'));
      expect(root.read('s.csv')).toBe(`id,name\n2,${mixed}\n3,x\n`);
    });

    it('refuses a pattern RE2 cannot compile before any row runs, naming asset, field, column and pattern', async () => {
      const raw = await read('raw');
      const refused = backend.apply('s', where('raw', "name RLIKE '(a)\\1'"), { raw: raw.id });
      await expect(refused).rejects.toMatchObject({
        code: 'E_BAD_PATTERN',
        message: 'asset "s": filter: invalid regular expression \'(a)\\1\': invalid escape sequence: `\\1` (RLIKE on column "name")',
        details: { asset: 's', field: 'filter', column: 'name', pattern: '(a)\\1' },
      });
    });

    it('reports type errors and misplaced aggregates', async () => {
      const raw = await read('raw');
      await expect(backend.apply('f', where('raw', 'name > 5'), { raw: raw.id })).rejects.toThrow(
        "asset \"f\": E-EXPR-001: filter: cannot compare string with integer: name > 5",
      );
      expect(await code(backend.apply('f', where('raw', 'salary'), { raw: raw.id }))).toBe('E_TYPE');
      expect(await code(backend.apply('s', select('raw', 'upper(salary)'), { raw: raw.id }))).toBe('E_TYPE');
      expect(await code(backend.apply('s', select('raw', 'sum(salary)'), { raw: raw.id }))).toBe('E_AGGREGATE');
      expect(await code(backend.apply('g', groupBy('raw', ['department'], ['name']), { raw: raw.id }))).toBe('E_AGGREGATE');
      expect(await code(backend.apply('s', select('raw', 'id', 'id'), { raw: raw.id }))).toBe('E_DUPLICATE_COLUMN');
      const cast = await code(
        backend.apply('s', select('raw', 'CAST(name AS integer) AS n'), { raw: raw.id }).then((h) => backend.write(h.id, 'o', output('c.csv'))),
      );
      expect(cast).toBe('E_TYPE');
      expect(root.exists('c.csv')).toBe(false);
    });

    it('refuses unknown handles, wrong source kinds and missing input handles', async () => {
      const raw = await read('raw');
      expect(await code(backend.apply('f', where('raw', 'id > 1'), { raw: 'nope' }))).toBe('E_BAD_HANDLE');
      expect(await code(backend.apply('f', where('raw', 'id > 1'), {}))).toBe('E_BAD_SOURCE');
      expect(await code(backend.apply('f', input('employees.csv'), { raw: raw.id }))).toBe('E_BAD_SOURCE');
      expect(await code(backend.write('nope', 'o', output('o.csv')))).toBe('E_BAD_HANDLE');
      expect(() => backend.describe('nope')).toThrow('handle not found: nope');
      await backend.release(raw.id);
      expect(await code(backend.release(raw.id))).toBe('E_BAD_HANDLE');
      expect(await code(backend.apply('f', where('raw', 'id > 1'), { raw: raw.id }))).toBe('E_BAD_HANDLE');
      await backend.close();
      expect(await code(read('raw'))).toBe('E_BACKEND_CLOSED');
      await backend.close();
    });

    it('refuses bad options', async () => {
      expect(await code(read('raw', 'employees.csv', 'csv', { separator: ';' }))).toBe('E_BAD_OPTION');
      expect(await code(read('raw', 'employees.csv', 'csv', { header: 'maybe' }))).toBe('E_BAD_OPTION');
    });

    it('leaves no file behind when a write fails', async () => {
      const raw = await read('raw');
      const bad = await backend.apply('bad', select('raw', 'CAST(name AS integer) AS n'), { raw: raw.id }).catch(() => undefined);
      if (bad !== undefined) await backend.write(bad.id, 'o', output('deep/new/o.csv')).catch(() => undefined);
      expect(root.files()).toEqual(['employees.csv']);
    });
  });
});

describe('parquet', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('employees.csv', EMPLOYEES_CSV);
  });
  afterEach(() => root.cleanup());

  it('DuckDB writes, appends, reads and inspects parquet', async () => {
    const duck = await createBackend('duckdb', { dataRoot: root.dir });
    try {
      const raw = await duck.readInput('raw', input('employees.csv'));
      expect(await duck.write(raw.id, 'o', output('e.parquet', 'parquet', 'overwrite', { compression: 'zstd' }))).toMatchObject({ rowsWritten: 6 });
      expect(await duck.write(raw.id, 'o', output('e.parquet', 'parquet', 'append'))).toMatchObject({ rowsWritten: 6 });
      const back = await duck.readInput('back', input('e.parquet', 'parquet'));
      expect(back.rowCount).toBe(12);
      expect(back.columns).toEqual(raw.columns);
      const inspected = await duck.inspect(input('e.parquet', 'parquet'));
      expect(inspected.rowCount).toBe(12);
      expect(inspected.fields.map((f) => `${f.name}:${f.dataType}:${f.nullable}`)).toEqual([
        'id:long:true',
        'name:string:true',
        'department:string:true',
        'salary:double:true',
        'status:string:true',
        'hired:date:true',
      ]);
      const ids = await duck.apply('ids', select('raw', 'id'), { raw: raw.id });
      expect(await code(duck.write(ids.id, 'o', output('e.parquet', 'parquet', 'append')))).toBe('E_SCHEMA_MISMATCH');
      await expect(duck.write(raw.id, 'o', output('e.parquet', 'parquet', 'error'))).rejects.toThrow(/output already exists/);
      expect(root.files()).toEqual(['e.parquet', 'employees.csv']);
    } finally {
      await duck.close();
    }
  });

  it('danfo refuses parquet clearly and leaves no file', async () => {
    const duck = await createBackend('duckdb', { dataRoot: root.dir });
    const raw = await duck.readInput('raw', input('employees.csv'));
    await duck.write(raw.id, 'o', output('e.parquet', 'parquet'));
    await duck.close();
    const danfo = await createBackend('danfo', { dataRoot: root.dir });
    try {
      await expect(danfo.readInput('p', input('e.parquet', 'parquet'))).rejects.toThrow(
        'asset "p": the danfo backend cannot read parquet (use the duckdb backend)',
      );
      const csv = await danfo.readInput('raw', input('employees.csv'));
      await expect(danfo.write(csv.id, 'out', output('o/x.parquet', 'parquet'))).rejects.toThrow(
        'asset "out": the danfo backend cannot write parquet (use the duckdb backend)',
      );
      expect(root.files()).toEqual(['e.parquet', 'employees.csv']);
    } finally {
      await danfo.close();
    }
  });
});
