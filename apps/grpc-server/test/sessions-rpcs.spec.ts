import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { EMPLOYEES_CSV, employeesPipeline, failure, startHarness, type Harness } from './harness';
import { describeSessionContract } from './session-suite';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ maxSessions: 4 });
  h.write('employees.csv', EMPLOYEES_CSV);
});
afterAll(() => h.stop());

describe.each(['duckdb', 'danfo'])('a %s session', (backend) => {
  describeSessionContract(backend, () => h);
});

describe('session errors', () => {
  it('defaults to duckdb for "" and rejects an unknown backend', async () => {
    const { sessionId } = await h.client.createSession({ backend: '' });
    await h.client.closeSession({ sessionId });
    await expect(failure(h.client.createSession({ backend: 'flink' }))).resolves.toEqual({
      code: 'INVALID_ARGUMENT',
      details: 'unknown backend "flink" (expected duckdb, danfo, spark)',
    });
  });

  it('answers NOT_FOUND for unknown and closed sessions', async () => {
    const notFound = { code: 'NOT_FOUND', details: 'session not found' };
    await expect(failure(h.client.readInput({ sessionId: 'nope', assetName: 'raw', format: 'csv', path: 'employees.csv' }))).resolves.toEqual(notFound);
    const { sessionId } = await h.client.createSession({});
    const raw = await h.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv' });
    await h.client.closeSession({ sessionId });
    await expect(failure(h.client.closeSession({ sessionId }))).resolves.toEqual(notFound);
    await expect(failure(h.client.writeOutput({ sessionId, handleId: raw.handleId, format: 'csv', path: 'x.csv' }))).resolves.toEqual(notFound);
    await expect(failure(h.client.executePipeline({ sessionId, yaml: employeesPipeline() }))).resolves.toEqual(notFound);
  });

  it('answers NOT_FOUND for a handle of another session', async () => {
    const a = await h.client.createSession({});
    const b = await h.client.createSession({});
    const raw = await h.client.readInput({ sessionId: a.sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv' });
    const handleNotFound = { code: 'NOT_FOUND', details: 'handle not found' };
    await expect(
      failure(
        h.client.applyTransform({
          sessionId: b.sessionId,
          assetName: 'x',
          sourceJson: '{"where":{"from":"raw","filter":"salary > 1"}}',
          inputHandles: { raw: raw.handleId },
        }),
      ),
    ).resolves.toEqual(handleNotFound);
    await expect(failure(h.client.writeOutput({ sessionId: b.sessionId, handleId: raw.handleId, format: 'csv', path: 'x.csv' }))).resolves.toEqual(
      handleNotFound,
    );
    await h.client.closeSession({ sessionId: a.sessionId });
    await h.client.closeSession({ sessionId: b.sessionId });
  });

  it('rejects bad transformations with INVALID_ARGUMENT naming what is wrong', async () => {
    const { sessionId } = await h.client.createSession({});
    const raw = await h.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv' });
    const apply = (sourceJson: string, inputHandles: Record<string, string> = { raw: raw.handleId }) =>
      failure(h.client.applyTransform({ sessionId, assetName: 't', sourceJson, inputHandles }));
    expect(await apply('{"where":')).toEqual({ code: 'INVALID_ARGUMENT', details: expect.stringMatching(/^parse error: source_json is not valid JSON: /) });
    expect(await apply('{"joinn":{"from":"raw"}}')).toEqual({ code: 'INVALID_ARGUMENT', details: expect.stringMatching(/^V-005: asset "t": .*"joinn"/) });
    expect(await apply('{"where":{"from":"raw","filter":"salary >"}}')).toEqual({ code: 'INVALID_ARGUMENT', details: expect.stringMatching(/^V-009: asset "t": filter: /) });
    expect(await apply('{"where":{"from":"raw","filter":"salary > 1"}}', {})).toEqual({
      code: 'INVALID_ARGUMENT',
      details: 'asset "t": input_handles has no handle for "raw" (it names: nothing)',
    });
    expect(await apply('{"where":{"from":"raw","filter":"nosuch > 1"}}')).toEqual({ code: 'INVALID_ARGUMENT', details: expect.stringContaining('nosuch') });
    await h.client.closeSession({ sessionId });
  });

  it('answers NOT_FOUND naming the path for a missing input, INVALID_ARGUMENT for a path outside the data root', async () => {
    const { sessionId } = await h.client.createSession({});
    const missing = await failure(h.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'nowhere/missing.csv' }));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.details).toContain('nowhere/missing.csv');
    const outside = await failure(h.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: '../etc/passwd' }));
    expect(outside.code).toBe('INVALID_ARGUMENT');
    expect(outside.details).toContain('../etc/passwd');
    await h.client.closeSession({ sessionId });
  });

  it('refuses a write onto a folder (FAILED_PRECONDITION), outside the root or through a NUL (INVALID_ARGUMENT), and leaves the folder alone', async () => {
    h.write('folder/keep.txt', 'kept');
    const { sessionId } = await h.client.createSession({});
    const raw = await h.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv' });
    const write = (path: string) => failure(h.client.writeOutput({ sessionId, handleId: raw.handleId, format: 'csv', path, mode: 'overwrite' }));
    expect(await write('folder')).toEqual({ code: 'FAILED_PRECONDITION', details: 'asset "output": output path is a folder: folder' });
    expect(await write('../outside.csv')).toEqual({ code: 'INVALID_ARGUMENT', details: 'asset "output": path "../outside.csv" is outside the data root' });
    expect(await write('a\0b.csv')).toEqual({ code: 'INVALID_ARGUMENT', details: 'asset "output": path "a\\0b.csv" contains a NUL byte' });
    expect(h.read('folder/keep.txt')).toBe('kept');
    await h.client.closeSession({ sessionId });
  });

  it('refuses sessions beyond the maximum with RESOURCE_EXHAUSTED', async () => {
    const open = [];
    for (let i = 0; i < 4; i++) open.push((await h.client.createSession({})).sessionId);
    const f = await failure(h.client.createSession({}));
    expect(f.code).toBe('RESOURCE_EXHAUSTED');
    for (const sessionId of open) await h.client.closeSession({ sessionId });
    const again = await h.client.createSession({});
    await h.client.closeSession({ sessionId: again.sessionId });
  });
});

describe('session time-to-live', () => {
  it('expires an idle session: later calls answer NOT_FOUND', async () => {
    const short = await startHarness({ sessionTtlMs: 300 });
    try {
      short.write('employees.csv', EMPLOYEES_CSV);
      const { sessionId } = await short.client.createSession({});
      const raw = await short.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv' });
      expect(raw.rowCount).toBe(12);
      await new Promise((r) => setTimeout(r, 800));
      await expect(failure(short.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv' }))).resolves.toEqual({
        code: 'NOT_FOUND',
        details: 'session not found',
      });
    } finally {
      await short.stop();
    }
  });
});

describe('InspectSource', () => {
  const fields = [
    { name: 'id', dataType: 'long', nullable: true },
    { name: 'name', dataType: 'string', nullable: true },
    { name: 'department', dataType: 'string', nullable: true },
    { name: 'salary', dataType: 'long', nullable: true },
    { name: 'active', dataType: 'boolean', nullable: true },
  ];
  // Every field of a CSV file may hold nulls: nothing in the file says otherwise.

  it('reads the fields and exact row count of a csv file', async () => {
    const result = await h.client.inspectSource({ format: 'csv', path: 'employees.csv', options: { header: 'true' } });
    expect(result.rowCount).toBe(12);
    expect(result.fields).toEqual(fields);
  });

  it('reads parquet', async () => {
    const { sessionId } = await h.client.createSession({});
    const raw = await h.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv' });
    await h.client.writeOutput({ sessionId, handleId: raw.handleId, format: 'parquet', path: 'inspect/employees.parquet', mode: 'overwrite' });
    await h.client.closeSession({ sessionId });
    const parquet = await h.client.inspectSource({ format: 'parquet', path: 'inspect/employees.parquet' });
    expect(parquet.rowCount).toBe(12);
    expect(parquet.fields.map((f) => [f.name, f.dataType])).toEqual([
      ['id', 'long'],
      ['name', 'string'],
      ['department', 'string'],
      ['salary', 'long'],
      ['active', 'boolean'],
    ]);
  });

  it('names every contract type with its portable name: integer, long, double, decimal(p,s), date, timestamp, string, boolean', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const file = join(h.dataRoot, 'inspect/types.parquet').replaceAll("'", "''");
    mkdirSync(join(h.dataRoot, 'inspect'), { recursive: true });
    await connection.run(
      `COPY (SELECT i::INTEGER AS i, i::BIGINT AS l, i / 2 AS d, (i / 4)::DECIMAL(10,2) AS m, DATE '2024-01-02' + i::INTEGER AS day,
        TIMESTAMP '2024-01-02 03:04:05' AS at, 'x' || i AS s, i % 2 = 0 AS b FROM range(7) t(i)) TO '${file}' (FORMAT parquet)`,
    );
    connection.closeSync();
    instance.closeSync();
    const parquet = await h.client.inspectSource({ format: 'parquet', path: 'inspect/types.parquet' });
    expect(parquet.rowCount).toBe(7);
    expect(parquet.fields.map((f) => `${f.name}:${f.dataType}`)).toEqual([
      'i:integer',
      'l:long',
      'd:double',
      'm:decimal(10,2)',
      'day:date',
      'at:timestamp',
      's:string',
      'b:boolean',
    ]);
    h.write('inspect/inferred.csv', 'n,x,day,at,s,b\n1,1.5,2024-01-02,2024-01-02 03:04:05,a,true\n2,2.5,2024-01-03,2024-01-03 03:04:05,b,false\n');
    const csv = await h.client.inspectSource({ format: 'csv', path: 'inspect/inferred.csv' });
    expect(csv.rowCount).toBe(2);
    expect(csv.fields.map((f) => `${f.name}:${f.dataType}`)).toEqual(['n:long', 'x:double', 'day:date', 'at:timestamp', 's:string', 'b:boolean']);
  });

  it('answers NOT_FOUND naming the path of a missing file', async () => {
    const f = await failure(h.client.inspectSource({ format: 'csv', path: 'no/such.csv' }));
    expect(f.code).toBe('NOT_FOUND');
    expect(f.details).toContain('no/such.csv');
  });

  it('answers INVALID_ARGUMENT for an unknown format or a file that is not of its format', async () => {
    expect((await failure(h.client.inspectSource({ format: 'xlsx', path: 'employees.csv' }))).code).toBe('INVALID_ARGUMENT');
    const f = await failure(h.client.inspectSource({ format: 'parquet', path: 'employees.csv' }));
    expect(f.code).toBe('INVALID_ARGUMENT');
    expect(f.details).toContain('employees.csv');
  });
});
