/**
 * `pipeline jobs rows` and `pipeline preview --server` against the built server with a real Spark
 * Connect server: the rows of a Spark job's output (its part files, read back by the server) and a
 * preview computed on Spark print what the same pipeline gives on DuckDB.
 */
import { testSparkUrl } from '@pipeline/test-spark';
import { cleanEnv, filesUnder, removeTemp, runCli, sampleDataCopy, startServer, type ServerProcess } from './helpers';

interface Rows {
  readonly columns: readonly { name: string; type: string }[];
  readonly rows: readonly (readonly unknown[])[];
  readonly truncated: boolean;
}

let dir: string;
let server: ServerProcess;
beforeAll(async () => {
  dir = sampleDataCopy();
  server = await startServer(dir, { SPARK_REMOTE: testSparkUrl() });
}, 60_000);
afterAll(async () => {
  await server.stop();
  removeTemp(dir);
});

const byFirstCell = (rows: Rows['rows']): Rows['rows'] => [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe('pipeline jobs rows and preview --server on backend spark', () => {
  it('prints the rows of a Spark job\'s output as those of the DuckDB job of the same pipeline', async () => {
    const env = cleanEnv({ PIPELINE_SERVER: server.url });
    const rowsOf = async (backend: string): Promise<{ id: string; rows: Rows }> => {
      const submitted = await runCli(['submit', 'pipelines/employees.yaml', '--backend', backend], { cwd: dir, env });
      expect(submitted).toMatchObject({ status: 0 });
      const id = submitted.stdout.trim();
      const waited = await runCli(['jobs', 'wait', id], { cwd: dir, env, timeoutMs: 170_000 });
      expect(waited).toMatchObject({ status: 0, stderr: '', stdout: expect.stringContaining('status        completed') });
      const rows = await runCli(['jobs', 'rows', id, 'summary', '--json'], { cwd: dir, env });
      expect(rows).toMatchObject({ status: 0, stderr: '' });
      return { id, rows: JSON.parse(rows.stdout) as Rows };
    };
    // DuckDB first: its file is then replaced by Spark's directory (a file cannot overwrite a directory).
    const duck = await rowsOf('duckdb');
    const spark = await rowsOf('spark');
    expect(duck.rows.rows.length).toBeGreaterThan(0);
    expect(spark.rows.columns).toEqual(duck.rows.columns);
    // Groups come in no promised order on either backend.
    expect(byFirstCell(spark.rows.rows)).toEqual(byFirstCell(duck.rows.rows));
    const table = await runCli(['jobs', 'rows', spark.id, 'summary', '--limit', '1'], { cwd: dir, env });
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/^department:string +headcount:long +avg_salary:double\n.+\n1 row \(more not shown\)\n$/);
  });

  it('previews an asset on Spark, writing nothing', async () => {
    const env = cleanEnv({ PIPELINE_SERVER: server.url });
    const before = filesUnder(dir);
    const preview = (backend: string) => runCli(['preview', 'pipelines/employees.yaml', '--asset', 'slim', '--limit', '2', '--backend', backend, '--json'], { cwd: dir, env, timeoutMs: 170_000 });
    const spark = await preview('spark');
    expect(spark).toMatchObject({ status: 0, stderr: '' });
    const duck = JSON.parse((await preview('duckdb')).stdout) as Rows;
    const sparkRows = JSON.parse(spark.stdout) as Rows;
    expect(sparkRows.rows).toEqual(duck.rows);
    expect(sparkRows.truncated).toBe(true);
    // Spark's CSV reader types the salaries `integer` where DuckDB's says `long`: names compared here.
    expect(sparkRows.columns.map((c) => c.name)).toEqual(duck.columns.map((c) => c.name));
    expect(filesUnder(dir)).toEqual(before);
  });
});
