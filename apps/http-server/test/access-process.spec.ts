/**
 * Access control of the built bundle as a process: the tokens file re-read on SIGHUP, the
 * banner's warning on a non-loopback address without a token, and the access log lines the
 * process writes on stdout at the default level.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
// Inside the workspace, so that the bundle finds the external packages in node_modules.
const OUT = path.join(ROOT, 'tmp', `http-access-bundle-${process.pid}`);
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  const { build } = require('../build.cjs') as { build(outdir: string): Promise<unknown> };
  await build(OUT);
  dir = fs.mkdtempSync(path.join(ROOT, 'tmp', 'http-access-data-'));
}, 120_000);

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(OUT, { recursive: true, force: true });
  if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(OUT, 'main.js')], {
    cwd: OUT,
    env: { PATH: process.env['PATH'] ?? '', PORT: '0', DATA_ROOT: dir, WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (chunk) => (out += chunk));
  const waitFor = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => (pattern.test(out) ? resolve(out) : undefined);
      child.stdout?.on('data', check);
      check();
      child.on('exit', (code) => reject(new Error(`exited with ${code} before ${pattern}: ${out}`)));
    });
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.on('exit', resolve));
  };
  return { child, waitFor, out: () => out, stop };
}

const get = (url: string, token?: string, requestId?: string) =>
  fetch(url, { headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...(requestId === undefined ? {} : { 'x-request-id': requestId }) } });

it('re-reads the tokens file on SIGHUP: the new token works, the removed one is refused', async () => {
  const tokens = path.join(dir, 'tokens');
  fs.writeFileSync(tokens, 'first-token\nother-token\n');
  const server = start({ AUTH_TOKENS_FILE: tokens });
  const banner = await server.waitFor(/listening on (http:\/\/\S+)\n/);
  const url = /listening on (http:\/\/\S+)\n/.exec(banner)?.[1] ?? '';
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(banner).toContain(`  auth tokens     ${tokens}  [AUTH_TOKENS_FILE]`);
  expect(banner).not.toContain('warning');
  expect((await get(`${url}/api/jobs`, 'first-token')).status).toBe(200);
  expect((await get(`${url}/api/jobs`)).status).toBe(401);

  fs.writeFileSync(tokens, 'second-token\n');
  server.child.kill('SIGHUP');
  await server.waitFor(/"msg":"access tokens re-read"/);
  expect((await get(`${url}/api/jobs`, 'first-token')).status).toBe(401);
  expect((await get(`${url}/api/jobs`, 'second-token')).status).toBe(200);
  // A file gone: the previous tokens stay, the process lives on.
  fs.rmSync(tokens);
  server.child.kill('SIGHUP');
  await server.waitFor(/"msg":"access tokens not re-read: the previous tokens stay"/);
  expect((await get(`${url}/api/jobs`, 'second-token', 'last-call')).status).toBe(200);
  await server.waitFor(/"requestId":"last-call"/);

  // The access lines of the real process, at the default level: one per request.
  const lines = server
    .out()
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.map((line) => line['status'])).toEqual([200, 401, 401, 200, 200]);
  expect(lines.at(-1)).toMatchObject({ level: 30, method: 'GET', route: '/api/jobs', path: '/api/jobs', status: 200, requestId: 'last-call', durationMs: expect.any(Number) });
  expect(server.out()).not.toMatch(/first-token|second-token/);
  await server.stop();
}, 60_000);

it('refuses to start with an empty tokens file (exit 2, naming it)', async () => {
  const empty = path.join(dir, 'empty');
  fs.writeFileSync(empty, '\n');
  const server = start({ AUTH_TOKENS_FILE: empty });
  let err = '';
  server.child.stderr?.on('data', (chunk) => (err += chunk));
  const code = await new Promise((resolve) => server.child.on('exit', resolve));
  expect(code).toBe(2);
  expect(err).toBe(`http-server: AUTH_TOKENS_FILE "${empty}" holds no token (one token a line)\n`);
}, 60_000);

it('warns in the banner when it listens beyond loopback without a token, and not with one', async () => {
  const open = start({ HOST: '0.0.0.0' });
  expect(await open.waitFor(/listening on/)).toMatch(/\n {2}warning: listening on 0\.0\.0\.0 without an access token: anyone who reaches this address can run pipelines over the data root/);
  await open.stop();
  const guarded = start({ HOST: '0.0.0.0', AUTH_TOKEN: 'some-token' });
  const banner = await guarded.waitFor(/listening on/);
  expect(banner).toContain('  auth token      set (hidden)  [AUTH_TOKEN]');
  expect(banner).not.toContain('warning');
  await guarded.stop();
}, 60_000);
