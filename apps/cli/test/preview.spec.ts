/**
 * `pipeline preview` (here and on a server) and `pipeline jobs rows`, run as a user runs them:
 * the built tool as a child process over a copy of sample-data (and the built server).
 */
import * as fs from 'node:fs';
import { cleanEnv, filesUnder, removeTemp, runCli, sampleDataCopy, startServer, type ServerProcess } from './helpers';

const SLIM_TABLE = [
  'name:string   department:string  salary:long',
  'Ada Lovelace  Engineering        98000',
  'Alan Turing   Engineering        105000',
  '2 rows (more not shown)',
  '',
].join('\n');

const SLIM_JSON = {
  columns: [
    { name: 'name', type: 'string' },
    { name: 'department', type: 'string' },
    { name: 'salary', type: 'long' },
  ],
  rows: [
    ['Ada Lovelace', 'Engineering', 98000],
    ['Alan Turing', 'Engineering', 105000],
  ],
  truncated: true,
};

let dir: string;
beforeEach(() => {
  dir = sampleDataCopy();
});
afterEach(() => removeTemp(dir));

describe('pipeline preview (local)', () => {
  it('prints the first rows of an asset and writes nothing', async () => {
    const before = filesUnder(dir);
    const result = await runCli(['preview', 'pipelines/employees.yaml', '--asset', 'slim', '--limit', '2'], { cwd: dir });
    expect(result).toEqual({ status: 0, stdout: SLIM_TABLE, stderr: '' });
    const json = await runCli(['preview', 'pipelines/employees.yaml', '--asset', 'slim', '--limit', '2', '--json'], { cwd: dir });
    expect(JSON.parse(json.stdout)).toEqual(SLIM_JSON);
    expect(filesUnder(dir)).toEqual(before);
  });

  it('names an unknown asset and a bad limit', async () => {
    const unknown = await runCli(['preview', 'pipelines/employees.yaml', '--asset', 'nope'], { cwd: dir });
    expect(unknown).toMatchObject({ status: 1, stderr: 'pipeline: the pipeline has no asset "nope" (its assets: raw, active, slim, by_dept, summary)\n' });
    const limit = await runCli(['preview', 'pipelines/employees.yaml', '--asset', 'slim', '--limit', '20000'], { cwd: dir });
    expect(limit.status).toBe(2);
    expect(limit.stderr).toContain('expected a whole number of rows from 0 to 10000');
  });
});

describe('pipeline preview --server and jobs rows', () => {
  let server: ServerProcess;
  beforeEach(async () => {
    server = await startServer(dir);
  });
  afterEach(async () => {
    await server.stop();
  });

  it('previews on the server, and reads back the rows of a completed job output', async () => {
    const env = cleanEnv({ PIPELINE_SERVER: server.url });
    const preview = await runCli(['preview', 'pipelines/employees.yaml', '--asset', 'slim', '--limit', '2'], { cwd: dir, env });
    expect(preview).toEqual({ status: 0, stdout: SLIM_TABLE, stderr: '' });

    const submitted = await runCli(['submit', 'pipelines/employees.yaml'], { cwd: dir, env });
    const id = submitted.stdout.trim();
    expect((await runCli(['jobs', 'wait', id], { cwd: dir, env })).status).toBe(0);
    const rows = await runCli(['jobs', 'rows', id, 'summary', '--json'], { cwd: dir, env });
    expect(rows.status).toBe(0);
    expect(JSON.parse(rows.stdout)).toMatchObject({
      columns: [
        { name: 'department', type: 'string' },
        { name: 'headcount', type: 'long' },
        { name: 'avg_salary', type: 'double' },
      ],
      truncated: false,
    });
    const unknown = await runCli(['jobs', 'rows', id, 'nope'], { cwd: dir, env });
    expect(unknown).toMatchObject({ status: 1, stderr: `pipeline: server answered 404: job ${id} has no output "nope" (its outputs: summary)\n` });
    expect(fs.existsSync(dir)).toBe(true);
  });
});
