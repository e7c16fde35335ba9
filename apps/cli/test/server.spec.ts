/**
 * The --server commands against the built HTTP server (a child process on port 0 over a copy of
 * sample-data): submit, jobs list/get/wait/cancel, run --server, and the errors a user meets.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { CLI, removeTemp, runCli, sampleDataCopy, startServer, cleanEnv, SLOW_PIPELINE, writeBigCsv, type ServerProcess } from './helpers';

let dir: string;
let server: ServerProcess;
beforeAll(async () => {
  dir = sampleDataCopy();
  fs.writeFileSync(path.join(dir, 'quality-error.yaml'), QUALITY_ERROR);
  // About three seconds of DuckDB work (terminal.spec.ts): long enough to be seen running.
  writeBigCsv(path.join(dir, 'big.csv'), 3_000_000);
  fs.writeFileSync(path.join(dir, 'slow.yaml'), SLOW_PIPELINE);
  server = await startServer(dir);
});
afterAll(async () => {
  await server?.stop();
  removeTemp(dir);
});

/** A quality suite of severity error whose volume check fails (employees.csv has 18 rows). */
const QUALITY_ERROR = [
  'version: "3.0"',
  'input:',
  '  - { name: emp, format: csv, path: employees.csv }',
  'output:',
  '  - { name: emp, format: csv, path: out/emp.csv, mode: overwrite }',
  'quality:',
  '  - suite: people',
  '    target: emp',
  '    severity: error',
  '    checks:',
  '      - { type: volume, rowCount: { min: 1000 } }',
  '',
].join('\n');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('pipeline validate --server', () => {
  it('prints the server\'s problems as file:line:column lines, the column check against its data root included', async () => {
    const original = fs.readFileSync(path.join(dir, 'pipelines/employees.yaml'), 'utf8');
    fs.writeFileSync(path.join(dir, 'salry.yaml'), original.replace('AVG(salary)', 'AVG(salry)').replace('from: active', 'from: actve'));
    const lines = original.split('\n');
    const at = (text: string, value: string) => {
      const line = lines.findIndex((l) => l.includes(text)) + 1;
      return `${line}:${(lines[line - 1] as string).indexOf(value) + 1}`;
    };
    const result = await runCli(['validate', 'salry.yaml', '--server', server.url], { cwd: dir, env: cleanEnv() });
    expect(result).toEqual({ status: 1, stdout: `salry.yaml:${at('from: active', 'active')}: V-001: asset "slim" references unknown asset "actve" (did you mean "active"?)\n`, stderr: '' });
    fs.writeFileSync(path.join(dir, 'salry.yaml'), original.replace('AVG(salary)', 'AVG(salry)'));
    const columns = await runCli(['validate', 'salry.yaml', '--server', server.url], { cwd: dir, env: cleanEnv() });
    expect(columns).toEqual({
      status: 1,
      stdout: `salry.yaml:${at('AVG(salary)', '"AVG(')}: V-009: E-COL-001: asset "by_dept": agg[1]: column "salry" not found (columns: name, department, salary) (did you mean "salary"?)\n`,
      stderr: '',
    });
    expect(await runCli(['validate', 'pipelines/employees.yaml', '--server', server.url], { cwd: dir, env: cleanEnv() })).toEqual({ status: 0, stdout: 'pipelines/employees.yaml: valid\n', stderr: '' });
  });
});

describe('pipeline submit and jobs', () => {
  it('submit prints the job id; jobs wait, get and list show it completed with its outputs', async () => {
    const submitted = await runCli(['submit', 'pipelines/employees.yaml', '--server', server.url, '--var', 'MIN_SALARY=90000'], { cwd: dir });
    expect(submitted.stderr).toBe('');
    expect(submitted.status).toBe(0);
    const id = submitted.stdout.trim();
    expect(id).toMatch(UUID);

    const waited = await runCli(['jobs', 'wait', id, '--timeout', '30', '--server', server.url, '--json'], { cwd: dir });
    expect(waited.status).toBe(0);
    expect(JSON.parse(waited.stdout)).toEqual(
      expect.objectContaining({ id, status: 'completed', outputs: [{ asset: 'summary', path: 'out/employees_by_department.csv', rows_written: 3 }] }),
    );

    const got = await runCli(['jobs', 'get', id, '--server', server.url], { cwd: dir });
    expect(got.status).toBe(0);
    const lines = got.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`id            ${id}`);
    expect(lines[1]).toBe('status        completed');
    expect(lines).toContain('output        summary -> out/employees_by_department.csv (3 rows)');

    // PIPELINE_SERVER stands in for --server.
    const listed = await runCli(['jobs', 'list', '--json'], { cwd: dir, env: cleanEnv({ PIPELINE_SERVER: server.url }) });
    expect(JSON.parse(listed.stdout).jobs.map((j: { id: string }) => j.id)).toContain(id);
    const table = await runCli(['jobs', 'list', '--server', `${server.url}/`], { cwd: dir });
    expect(table.stdout.split('\n')[0]).toMatch(/^ID +STATUS +CREATED +DURATION$/);
    expect(table.stdout).toMatch(new RegExp(`\\n${id} +completed +\\S+ +\\d+ ms\\n`));
    expect(fs.readFileSync(path.join(dir, 'out/employees_by_department.csv'), 'utf8').split('\n')[0]).toBe('department,headcount,avg_salary');
  });

  it('jobs lineage prints the run events and each output column\'s input columns; --json the OpenLineage events', async () => {
    const submitted = await runCli(['submit', 'pipelines/employees.yaml', '--server', server.url, '--var', 'MIN_SALARY=90000'], { cwd: dir });
    const id = submitted.stdout.trim();
    expect((await runCli(['jobs', 'wait', id, '--timeout', '30', '--server', server.url], { cwd: dir })).status).toBe(0);
    const text = await runCli(['jobs', 'lineage', id, '--server', server.url], { cwd: dir });
    expect([text.status, text.stderr]).toEqual([0, '']);
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^START \S+ teckel\/employees-by-department: employees\.csv -> out\/employees_by_department\.csv$/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^COMPLETE \S+ teckel\/employees-by-department: employees\.csv -> out\/employees_by_department\.csv$/),
      '  out/employees_by_department.csv department <- employees.csv.department (DIRECT IDENTITY)',
      '  out/employees_by_department.csv headcount <- (no input column)',
      '  out/employees_by_department.csv avg_salary <- employees.csv.salary (DIRECT AGGREGATION)',
    ]);
    const json = await runCli(['jobs', 'lineage', id, '--server', server.url, '--json'], { cwd: dir });
    const events = (JSON.parse(json.stdout) as { events: { eventType: string; run: { runId: string } }[] }).events;
    expect(events.map((e) => [e.eventType, e.run.runId])).toEqual([
      ['START', id],
      ['COMPLETE', id],
    ]);
  });

  it('--json submit answers {job_id, status}; cancelling a finished job is the server\'s 409, exit 1', async () => {
    const submitted = JSON.parse((await runCli(['submit', 'pipelines/teckel-top-earners.yaml', '--server', server.url, '--json'], { cwd: dir })).stdout);
    expect(submitted).toEqual({ job_id: expect.stringMatching(UUID), status: 'queued' });
    await runCli(['jobs', 'wait', submitted.job_id, '--server', server.url], { cwd: dir });
    const cancel = await runCli(['jobs', 'cancel', submitted.job_id, '--server', server.url], { cwd: dir });
    expect(cancel).toEqual({ status: 1, stdout: '', stderr: 'pipeline: server answered 409: job is already completed\n' });
  });

  it('run --server submits and follows the job to its end with the same display', async () => {
    const result = await runCli(['run', 'pipelines/employees.yaml', '--server', server.url, '--backend', 'danfo'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^job [0-9a-f-]{36} (queued: 5 assets|running: assets [0-5]\/5.*)$/);
    expect(lines.slice(-2)).toEqual([
      expect.stringMatching(/^completed: 5\/5 assets, 5 rows written in \d+\.\d\ds$/),
      '  summary -> out/employees_by_department.csv (5 rows)',
    ]);
    const failed = await runCli(['run', 'pipelines/employees.yaml', '--server', server.url, '--var', 'INPUT=gone.csv', '--json'], { cwd: dir });
    expect(failed.status).toBe(1);
    expect(JSON.parse(failed.stdout)).toEqual(expect.objectContaining({ status: 'failed', error: expect.stringContaining('gone.csv') }));
  });

  it('jobs wait and jobs get print the quality results and exit 1 when an error-severity check failed', async () => {
    const id = (await runCli(['submit', 'quality-error.yaml', '--server', server.url], { cwd: dir })).stdout.trim();
    const waited = await runCli(['jobs', 'wait', id, '--timeout', '30', '--server', server.url], { cwd: dir });
    expect(waited.status).toBe(1);
    expect(waited.stdout).toContain('\nquality       fail  people: volume rowCount: 18 rows, expected >= 1000\n');
    const got = await runCli(['jobs', 'get', id, '--server', server.url], { cwd: dir });
    expect(got.status).toBe(1);
    expect(got.stdout).toBe(waited.stdout);
    const json = await runCli(['jobs', 'get', id, '--server', server.url, '--json'], { cwd: dir });
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout).quality).toEqual([expect.objectContaining({ check: 'volume rowCount', status: 'fail', severity: 'error' })]);
    // A job with no quality checks: no quality row, exit 0.
    const plain = (await runCli(['submit', 'pipelines/employees.yaml', '--server', server.url], { cwd: dir })).stdout.trim();
    const done = await runCli(['jobs', 'wait', plain, '--timeout', '30', '--server', server.url], { cwd: dir });
    expect(done.status).toBe(0);
    expect(done.stdout).not.toContain('quality');
  });

  it('jobs watch ID prints each change of the job (queued or running, progress, completed) and ends with it', async () => {
    const id = (await runCli(['submit', 'slow.yaml', '--server', server.url], { cwd: dir })).stdout.trim();
    const watched = await runCli(['jobs', 'watch', id, '--server', server.url], { cwd: dir });
    expect(watched.stderr).toBe('');
    expect(watched.status).toBe(0);
    const lines = watched.stdout.trimEnd().split('\n');
    const statuses = lines.map((l) => new RegExp(`^\\d\\d:\\d\\d:\\d\\d  ${id}  (\\w+)`).exec(l)?.[1]);
    expect(statuses.at(-1)).toBe('completed');
    expect(statuses).toContain('running');
    expect(lines.at(-1)).toMatch(/ completed {2}3000000 rows written in \d+ ms$/);
    // Each line is a change: no two alike in a row.
    for (let i = 1; i < lines.length; i++) expect(lines[i]?.slice(10)).not.toBe(lines[i - 1]?.slice(10));
  });

  it('jobs watch (every job) prints the jobs there are, then new ones; Ctrl-C ends it with 0 and nothing on stderr', async () => {
    const before = (await runCli(['submit', 'pipelines/employees.yaml', '--server', server.url], { cwd: dir })).stdout.trim();
    await runCli(['jobs', 'wait', before, '--server', server.url], { cwd: dir });
    const child = spawn(process.execPath, [CLI, 'jobs', 'watch', '--server', server.url, '--json'], { cwd: dir, env: cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const waiters = new Set<() => void>();
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      for (const check of waiters) check();
    });
    const seen = (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!pattern.test(stdout)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await seen(new RegExp(`"id":"${before}","status":"completed"`));
    const id = (await runCli(['submit', 'pipelines/teckel-top-earners.yaml', '--server', server.url], { cwd: dir })).stdout.trim();
    await seen(new RegExp(`"id":"${id}","status":"completed"`));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
    const jobs = stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { id: string; status: string });
    expect(jobs.filter((j) => j.id === id).at(-1)?.status).toBe('completed');
    // The job that had ended before: printed once, as it was.
    expect(jobs.filter((j) => j.id === before).map((j) => j.status)).toEqual(['completed']);
  });

  it('unknown jobs, a missing --server and an unreachable server are clear errors', async () => {
    const unknown = await runCli(['jobs', 'get', '00000000-0000-4000-8000-000000000000', '--server', server.url], { cwd: dir });
    expect(unknown).toEqual({ status: 1, stdout: '', stderr: 'pipeline: server answered 404: job not found\n' });
    const json = await runCli(['jobs', 'wait', 'nope', '--server', server.url, '--json'], { cwd: dir });
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ error: { code: 'CLI_SERVER_ERROR', message: 'server answered 404: job not found', status: 404, error: 'job not found' } });
    expect(await runCli(['jobs', 'list'], { cwd: dir })).toEqual({
      status: 2,
      stdout: '',
      stderr: 'pipeline: this command needs --server URL (or PIPELINE_SERVER)\n',
    });
    const port = await freePort();
    const closed = await runCli(['submit', 'pipelines/employees.yaml', '--server', `http://127.0.0.1:${port}`], { cwd: dir });
    expect(closed).toEqual({ status: 1, stdout: '', stderr: `pipeline: cannot reach the server at http://127.0.0.1:${port}: ECONNREFUSED\n` });
    const notUrl = await runCli(['jobs', 'list', '--server', 'localhost'], { cwd: dir });
    expect(notUrl.status).toBe(2);
  });
});

/** A port nothing listens on (bound once by the system, then released). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
