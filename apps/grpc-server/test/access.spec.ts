/**
 * Access control and the access log over the wire: with a token every call but the health checks
 * needs `authorization: Bearer <token>` metadata (UNAUTHENTICATED `unauthorized` otherwise), and
 * every call gets one access log line. The built bundle re-reads its tokens file on SIGHUP.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Metadata, createChannel, createClient } from 'nice-grpc';
import { HealthDefinition } from 'nice-grpc-server-health';
import { createAccessControl, createRecordingLogger } from '@pipeline/server-kit';
import { PipelineServiceDefinition } from '../src/generated/pipeline/v1/pipeline';
import { EMPLOYEES_CSV, employeesPipeline, failure, startHarness, type Harness } from './harness';

const TOKEN = 'grpc-token-7d41';
const withToken = (token: string) => ({ metadata: Metadata({ authorization: `Bearer ${token}` }) });

describe('with an access token', () => {
  let h: Harness;
  const { logger, lines } = createRecordingLogger('grpc-server');

  beforeAll(async () => {
    h = await startHarness({}, { access: createAccessControl({ token: TOKEN }), logger });
    h.write('employees.csv', EMPLOYEES_CSV);
  });
  afterAll(() => h?.stop());

  it('refuses calls without a token, with a wrong one and with another scheme', async () => {
    for (const options of [{}, withToken('wrong'), withToken(`${TOKEN}x`), { metadata: Metadata({ authorization: TOKEN }) }]) {
      expect(await failure(h.client.listJobs({}, options))).toEqual({ code: 'UNAUTHENTICATED', details: 'unauthorized' });
      expect(await failure(h.client.validatePipeline({ yaml: employeesPipeline() }, options))).toEqual({ code: 'UNAUTHENTICATED', details: 'unauthorized' });
      expect(await failure(h.client.createSession({}, options))).toEqual({ code: 'UNAUTHENTICATED', details: 'unauthorized' });
    }
  });

  it('runs a job with the token', async () => {
    const { jobId } = await h.client.submitJob({ yaml: employeesPipeline() }, withToken(TOKEN));
    const job = await h.client.waitForJob({ jobId, timeoutSeconds: 30 }, { metadata: Metadata({ authorization: `bearer ${TOKEN}` }) });
    expect(job.status).toBe('completed');
    expect(h.read('out/summary.csv')).toContain('engineering');
  });

  it('answers both health services without a token', async () => {
    expect((await h.client.health({})).status).toBe('ok');
    const health = createClient(HealthDefinition, h.channel);
    expect((await health.check({ service: '' })).status).toBe(1); // SERVING
  });

  it('logs one line per call: method, status, duration and request id', async () => {
    const id = `grpc-access-${Date.now()}`;
    await failure(h.client.getJob({ jobId: 'nope' }, { metadata: Metadata({ authorization: `Bearer ${TOKEN}`, 'x-request-id': `${id}-found` }) }));
    await failure(h.client.listJobs({}, { metadata: Metadata({ 'x-request-id': `${id}-refused` }) }));
    await h.client.health({}, { metadata: Metadata({ 'x-request-id': `${id}-health` }) });
    const line = (suffix: string) => lines.filter((l) => l['msg'] === 'request' && l['requestId'] === `${id}-${suffix}`);
    expect(line('found')).toEqual([
      expect.objectContaining({ level: 30, method: '/pipeline.v1.PipelineService/GetJob', status: 'NOT_FOUND', durationMs: expect.any(Number) }),
    ]);
    expect(line('refused')).toEqual([expect.objectContaining({ level: 30, method: '/pipeline.v1.PipelineService/ListJobs', status: 'UNAUTHENTICATED' })]);
    expect(line('health')).toEqual([expect.objectContaining({ method: '/pipeline.v1.PipelineService/Health', status: 'OK' })]);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });
});

describe('without an access token', () => {
  it('stays open, as before', async () => {
    const h = await startHarness();
    try {
      expect(await h.client.listJobs({})).toEqual({ jobs: [] });
      expect(await h.client.listJobs({}, withToken('anything'))).toEqual({ jobs: [] });
    } finally {
      await h.stop();
    }
  });
});

describe('the built bundle', () => {
  const { build } = require('../build.cjs') as { build(outdir: string): Promise<unknown> };
  const ROOT = join(__dirname, '..', '..', '..');
  let outdir: string;
  let dir: string;
  const children: ChildProcessWithoutNullStreams[] = [];

  beforeAll(async () => {
    outdir = mkdtempSync(join(ROOT, 'tmp', 'grpc-access-bundle-'));
    dir = mkdtempSync(join(tmpdir(), 'grpc-access-'));
    await build(outdir);
  }, 120_000);
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  function start(args: string[], env: Record<string, string> = {}) {
    const child = spawn(process.execPath, [join(outdir, 'main.js'), '--port', '0', '--data-root', dir, '--workers', '1', ...args], {
      env: { PATH: process.env['PATH'] ?? '', ...env },
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const waitFor = (pattern: RegExp) =>
      new Promise<string>((resolve, reject) => {
        const check = () => (pattern.test(out) ? resolve(out) : undefined);
        child.stdout.on('data', check);
        check();
        child.on('exit', (code) => reject(new Error(`exited with ${code} before ${pattern}: ${out}`)));
      });
    return { child, waitFor, out: () => out };
  }

  it('re-reads its tokens file on SIGHUP: the new token works, the removed one is refused', async () => {
    const tokens = join(dir, 'tokens');
    writeFileSync(tokens, 'first-token\n');
    const server = start(['--auth-tokens-file', tokens]);
    const banner = await server.waitFor(/listening on (\S+):(\d+)\n/);
    expect(banner).toContain(`  auth tokens     ${tokens}  [--auth-tokens-file]`);
    expect(banner).toContain('  host            127.0.0.1  [default]');
    expect(banner).not.toContain('warning');
    const port = /listening on \S+:(\d+)\n/.exec(banner)?.[1];
    const channel = createChannel(`127.0.0.1:${port}`);
    const client = createClient(PipelineServiceDefinition, channel);
    try {
      expect(await client.listJobs({}, withToken('first-token'))).toEqual({ jobs: [] });
      writeFileSync(tokens, 'second-token\n');
      server.child.kill('SIGHUP');
      await server.waitFor(/"msg":"access tokens re-read"/);
      expect(await failure(client.listJobs({}, withToken('first-token')))).toEqual({ code: 'UNAUTHENTICATED', details: 'unauthorized' });
      expect(await client.listJobs({}, withToken('second-token'))).toEqual({ jobs: [] });
      // The access lines of the real process, at the default level; the last one is written after
      // its answer has gone out, so it may reach stdout a moment after the client has it.
      await server.waitFor(/(?:"msg":"request"[\s\S]*){3}/);
      const logged = server
        .out()
        .split('\n')
        .filter((l) => l.includes('"msg":"request"'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(logged.map((l) => l['status'])).toEqual(['OK', 'UNAUTHENTICATED', 'OK']);
      expect(logged[1]).toMatchObject({ method: '/pipeline.v1.PipelineService/ListJobs', requestId: expect.any(String), durationMs: expect.any(Number) });
    } finally {
      channel.close();
    }
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.on('exit', resolve));
  }, 60_000);

  it('warns in the banner when it listens beyond loopback without a token', async () => {
    const server = start([], { HOST: '0.0.0.0' });
    const banner = await server.waitFor(/listening on/);
    expect(banner).toMatch(/\n {2}warning: listening on 0\.0\.0\.0 without an access token: anyone who reaches this address can run pipelines/);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.on('exit', resolve));
  }, 60_000);
});
