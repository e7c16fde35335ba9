/**
 * The --server commands against a built HTTP server started with an access token: the token goes
 * with `--token` or PIPELINE_TOKEN; without it, or with a wrong one, the 401 says what to do.
 */
import { removeTemp, runCli, sampleDataCopy, startServer, cleanEnv, type ServerProcess } from './helpers';

const TOKEN = 'cli-token-9c3d';
let dir: string;
let server: ServerProcess;
beforeAll(async () => {
  dir = sampleDataCopy();
  server = await startServer(dir, { AUTH_TOKEN: TOKEN });
});
afterAll(async () => {
  await server?.stop();
  removeTemp(dir);
});

describe('a server with an access token', () => {
  it('takes the token from --token or PIPELINE_TOKEN for submit, jobs and run --server', async () => {
    const submitted = await runCli(['submit', 'pipelines/employees.yaml', '--server', server.url, '--token', TOKEN], { cwd: dir });
    expect(submitted.stderr).toBe('');
    expect(submitted.status).toBe(0);
    const id = submitted.stdout.trim();
    const env = cleanEnv({ PIPELINE_SERVER: server.url, PIPELINE_TOKEN: TOKEN });
    const waited = await runCli(['jobs', 'wait', id, '--timeout', '30', '--json'], { cwd: dir, env });
    expect(JSON.parse(waited.stdout)).toEqual(expect.objectContaining({ id, status: 'completed' }));
    expect((await runCli(['jobs', 'list', '--json'], { cwd: dir, env })).status).toBe(0);
    const ran = await runCli(['run', 'pipelines/employees.yaml', '--json'], { cwd: dir, env });
    expect(ran.stderr).toBe('');
    expect(JSON.parse(ran.stdout)).toEqual(expect.objectContaining({ status: 'completed' }));
  });

  it('says how to give the token when it is missing, and that it was refused when wrong', async () => {
    expect(await runCli(['jobs', 'list', '--server', server.url], { cwd: dir })).toEqual({
      status: 1,
      stdout: '',
      stderr: 'pipeline: server answered 401: unauthorized (the server wants an access token: give it with --token or PIPELINE_TOKEN)\n',
    });
    expect(await runCli(['submit', 'pipelines/employees.yaml', '--server', server.url, '--token', 'wrong'], { cwd: dir })).toEqual({
      status: 1,
      stdout: '',
      stderr: 'pipeline: server answered 401: unauthorized (the server refused the token of --token / PIPELINE_TOKEN)\n',
    });
    const spaced = await runCli(['jobs', 'list', '--server', server.url, '--token', 'has space'], { cwd: dir });
    expect(spaced.status).toBe(2);
    expect(spaced.stderr).toContain('--token: a token is printable ASCII without spaces');
  });
});
