/**
 * The client against a real Spark Connect server (the run's shared test server, see
 * @pipeline/test-spark): values of every type, schemas, errors, interrupt, cancel, release,
 * and a server that is not there.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort, testSparkUrl } from '@pipeline/test-spark';
import { connectSpark, type SparkClient } from './client';
import { isSparkError } from './errors';
import { WriteOperation_SaveMode } from './generated/spark/connect/plan';
import { sparkTypeName } from './spark-type';

jest.setTimeout(120_000);

async function failure(promise: Promise<unknown>): Promise<Error & { code?: string; details?: Record<string, unknown> }> {
  try {
    await promise;
  } catch (e) {
    return e as Error & { code?: string };
  }
  throw new Error('expected a failure');
}

describe('Spark Connect client against a real Spark', () => {
  let spark: SparkClient;
  beforeAll(() => {
    spark = connectSpark(testSparkUrl());
  });
  afterAll(() => spark.close());

  it('reads every type back exactly, NULLs included, with its Spark type', async () => {
    const session = spark.session();
    // Timestamps with a zone are shown in the session's zone; pin it so the expected micros hold.
    await session.sql("SET spark.sql.session.timeZone = UTC");
    const columns = [
      ['CAST(-7 AS TINYINT)', 'tb', 'tinyint', -7],
      ['CAST(300 AS SMALLINT)', 'sm', 'smallint', 300],
      ['2147483647', 'i', 'int', 2147483647],
      ['CAST(4611686018427387905 AS BIGINT)', 'l', 'bigint', 4611686018427387905n],
      ['CAST(-9223372036854775808 AS BIGINT)', 'lmin', 'bigint', -9223372036854775808n],
      ['CAST(1.5 AS FLOAT)', 'f', 'float', 1.5],
      ['CAST(0.1 AS DOUBLE)', 'd', 'double', 0.1],
      ["CAST('NaN' AS DOUBLE)", 'nan', 'double', NaN],
      ["CAST('-Infinity' AS DOUBLE)", 'ninf', 'double', -Infinity],
      ["CAST('-12345678901234567890.0123456789' AS DECIMAL(38,10))", 'dec', 'decimal(38,10)', '-12345678901234567890.0123456789'],
      ['CAST(0.5 AS DECIMAL(5,3))', 'dec2', 'decimal(5,3)', '0.500'],
      ["'grüße, 世界 😀'", 's', 'string', 'grüße, 世界 😀'],
      ['true', 'b', 'boolean', true],
      ["DATE'1969-12-31'", 'dt', 'date', -1],
      ["DATE'2024-02-29'", 'dt2', 'date', 19782],
      ["TIMESTAMP'2024-02-29 12:34:56.789012'", 'ts', 'timestamp', 1709210096789012n],
      ["TIMESTAMP_NTZ'1969-12-31 23:59:59.999999'", 'ntz', 'timestamp_ntz', -1n],
      ["X'CAFE'", 'bin', 'binary', new Uint8Array([0xca, 0xfe])],
      ['array(1, NULL, 3)', 'arr', 'array<int>', [1, null, 3]],
      ["array(array('a'), array())", 'arr2', 'array<array<string>>', [['a'], []]],
      ["named_struct('x', 1, 'in', named_struct('y', 'z'), '__proto__', 2)", 'st', 'struct<x:int,in:struct<y:string>,__proto__:int>', { x: 1, in: { y: 'z' }, ['__proto__']: 2 }],
      ["map('k', 1, 'j', CAST(NULL AS INT))", 'm', 'map<string,int>', new Map<unknown, unknown>([['k', 1], ['j', null]])],
      ["map(1, array(DATE'1970-01-02'))", 'm2', 'map<int,array<date>>', new Map<unknown, unknown>([[1, [1]]])],
      ['NULL', 'n', 'void', null],
    ] as const;
    const select = columns.map(([sql, name]) => `${sql} AS \`${name}\``).join(', ');
    const result = await session.sql(`SELECT ${select} UNION ALL SELECT ${columns.map(([, name]) => `NULL AS \`${name}\``).join(', ')}`);
    expect(result.columns.map((c) => c.name)).toEqual(columns.map(([, name]) => name));
    expect(result.columns.map((c) => sparkTypeName(c.type))).toEqual(columns.map(([, , type]) => type));
    expect(result.rows).toHaveLength(2);
    const [values, empty] = result.rows;
    columns.forEach(([, name, , expected], i) => {
      expect({ name, value: values[i] }).toEqual({ name, value: expected });
    });
    expect(typeof values[3]).toBe('bigint');
    expect(empty).toEqual(columns.map(() => null));
    await session.release();
  });

  it('gives a query\'s schema without running it (AnalyzePlan)', async () => {
    const session = spark.session();
    const fields = await session.schemaOf(
      "SELECT CAST(1 AS DECIMAL(10,2)) AS d, array(named_struct('a', 1L)) AS `x y`, map('k', DATE'2024-01-01') AS m, raise_error('never run') AS boom",
    );
    expect(fields.map((f) => [f.name, sparkTypeName(f.type), f.nullable])).toEqual([
      ['d', 'decimal(10,2)', true],
      ['x y', 'array<struct<a:bigint>>', false],
      ['m', 'map<string,date>', false],
      ['boom', 'void', true],
    ]);
    // Running it does raise the error: the schema call did not run it.
    expect(await failure(session.sql("SELECT raise_error('ran')"))).toMatchObject({ code: 'SPARK_QUERY_FAILED' });
    await session.release();
  });

  it("reports a failed query with Spark's error class and SQLSTATE (ANSI mode: 1/0 fails)", async () => {
    const session = spark.session();
    const divide = await failure(session.sql('SELECT 1/0 AS x'));
    expect(isSparkError(divide)).toBe(true);
    expect(divide).toMatchObject({ code: 'SPARK_QUERY_FAILED', details: { errorClass: 'DIVIDE_BY_ZERO', sqlState: '22012' } });
    expect(divide.message).toMatch(/^spark query failed \[DIVIDE_BY_ZERO\] \(SQLSTATE 22012\): Division by zero/);

    const missing = await failure(session.schemaOf('SELECT * FROM no_such_table'));
    expect(missing).toMatchObject({ code: 'SPARK_QUERY_FAILED', details: { errorClass: 'TABLE_OR_VIEW_NOT_FOUND', sqlState: '42P01' } });
    expect(missing.message).toContain('`no_such_table` cannot be found');

    const syntax = await failure(session.sql('SELEC 1'));
    expect(syntax).toMatchObject({ code: 'SPARK_QUERY_FAILED', details: { errorClass: 'PARSE_SYNTAX_ERROR', sqlState: '42601' } });
    // The session is still usable after its errors.
    expect((await session.sql('SELECT 42 AS answer')).rows).toEqual([[42]]);
    await session.release();
  });

  // A query that keeps both cores busy for hours unless it is stopped (10^13 rows; the sum stays
  // far below 2^63, so ANSI mode never ends it with an overflow).
  const LONG_QUERY = 'SELECT sum(a.id % 7 + b.id % 5) FROM range(0, 100000000) a CROSS JOIN range(0, 100000) b';
  /** What `running` settles to within `ms`, or 'still running'. */
  const within = (running: Promise<unknown>, ms: number) =>
    Promise.race([running, new Promise((r) => setTimeout(() => r('still running'), ms).unref())]);

  // ExecutePlan has reached the server and the query runs once a few seconds have passed.
  const waitUntilRunning = () => new Promise((r) => setTimeout(r, 3_000));

  it('interrupts a running query: it ends within 5 s, cancelled, and the session goes on', async () => {
    const session = spark.session();
    const running = failure(session.sql(LONG_QUERY));
    await waitUntilRunning();
    try {
      const interrupted = await session.interrupt();
      const error = (await within(running, 5_000)) as Awaited<typeof running>;
      expect(error).toMatchObject({ code: 'SPARK_CANCELLED' });
      expect(interrupted).toContain(error.details?.['operationId']);
      expect((await session.sql('SELECT 1 AS one')).rows).toEqual([[1]]);
    } finally {
      await session.release();
    }
  });

  it('cancels a running query when its signal aborts, on the server too', async () => {
    const session = spark.session();
    const controller = new AbortController();
    const running = failure(session.sql(LONG_QUERY, { signal: controller.signal }));
    await waitUntilRunning();
    controller.abort();
    const error = await within(running, 5_000);
    expect(error).toMatchObject({ code: 'SPARK_CANCELLED', message: 'spark operation cancelled: the caller cancelled it' });
    // The server stopped it: within 5 s nothing of the session runs any more.
    const deadline = Date.now() + 5_000;
    let left = await session.interrupt();
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      left = await session.interrupt();
    }
    expect(left).toEqual([]);
    // An aborted signal fails a call at once.
    expect(await failure(session.sql('SELECT 1', { signal: AbortSignal.abort() }))).toMatchObject({ code: 'SPARK_CANCELLED' });
    await session.release();
  });

  it('keeps sessions apart and releases one on the server', async () => {
    const a = spark.session();
    const b = spark.session();
    await a.sql('CREATE TEMPORARY VIEW only_in_a AS SELECT 1 AS x');
    expect((await a.sql('SELECT x FROM only_in_a')).rows).toEqual([[1]]);
    expect(await failure(b.sql('SELECT x FROM only_in_a'))).toMatchObject({ details: { errorClass: 'TABLE_OR_VIEW_NOT_FOUND' } });

    await a.release();
    await a.release(); // idempotent
    expect(await failure(a.sql('SELECT 1'))).toMatchObject({ code: 'SPARK_SESSION_RELEASED', message: `spark session ${a.id} was released; open a new session` });
    // The server forgot it: the same id is refused, not silently reopened.
    const again = spark.session({ sessionId: a.id });
    const refused = await failure(again.sql('SELECT x FROM only_in_a'));
    expect(refused).toMatchObject({ code: 'SPARK_QUERY_FAILED', details: { errorClass: 'INVALID_HANDLE.SESSION_CLOSED' } });
    await b.release();
  });

  it('gives what a write observed on its way out (CollectMetrics), by name', async () => {
    const session = spark.session();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spark-connect-observed-'));
    try {
      const metric = (expression: string, name: string) => ({ alias: { expr: { expressionString: { expression } }, name: [name] } });
      const write = () =>
        session.execute({
          command: {
            writeOperation: {
              input: { collectMetrics: { input: { sql: { query: 'SELECT id FROM range(0, 1234)' } }, name: 'seen', metrics: [metric('count(1)', 'rows'), metric('max(id)', 'top')] } },
              source: 'parquet',
              path: `file://${path.join(dir, 'out')}`,
              mode: WriteOperation_SaveMode.SAVE_MODE_OVERWRITE,
              sortColumnNames: [],
              partitioningColumns: [],
              options: {},
            },
          },
        });
      // Spark 4.0 waits 100 ms for an observation's values and otherwise sends its name alone
      // (SPARK-54279; seen in a CI run on a loaded machine); the engine then counts the rows
      // itself (observed-write.spec). The values, once sent, must be these: the write (an
      // overwrite) is sent again, a few times at most, only when they did not come.
      let result = await write();
      for (let attempt = 1; attempt < 5 && Object.keys(result.observed.get('seen') ?? {}).length === 0; attempt++) result = await write();
      expect(result.observed.get('seen')).toEqual({ rows: 1234, top: 1233 });
      expect((await session.sql('SELECT 1 AS one')).observed.size).toBe(0);
    } finally {
      await session.release();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says "spark unavailable" quickly when nothing listens', async () => {
    const port = await freePort();
    const nowhere = connectSpark(`sc://127.0.0.1:${port}`);
    const started = Date.now();
    const error = await failure(nowhere.session().sql('SELECT 1'));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toMatchObject({ code: 'SPARK_UNAVAILABLE' });
    expect(error.message).toMatch(new RegExp(`^spark unavailable: .+ \\(127\\.0\\.0\\.1:${port}\\)$`));
    expect(await failure(nowhere.session().schemaOf('SELECT 1'))).toMatchObject({ code: 'SPARK_UNAVAILABLE' });
    nowhere.close();
  });
});
