import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Metadata, createChannel, createClient } from 'nice-grpc';
import { PipelineServiceDefinition } from '../src/generated/pipeline/v1/pipeline';
import { EMPLOYEES_CSV, employeesPipeline } from './harness';

// The deployable bundle on its own: build it into a temporary folder with build.cjs, start
// `node main.js` with flags and environment, use it (jobs need jobs-worker.js, danfo sessions
// danfo-session-worker.js, reflection pipeline.binpb beside main.js), then stop it with SIGTERM.
// The folder sits inside the workspace so the external packages resolve from node_modules.

const { build } = require('../build.cjs') as { build(outdir: string): Promise<{ dependencies: Record<string, string> }> };

const ROOT = join(__dirname, '..', '..', '..');
let outdir: string;
let dataRoot: string;
let child: ChildProcessWithoutNullStreams | undefined;

beforeAll(async () => {
  outdir = mkdtempSync(join(ROOT, 'tmp', 'grpc-bundle-'));
  dataRoot = mkdtempSync(join(tmpdir(), 'grpc-bundle-data-'));
  writeFileSync(join(dataRoot, 'employees.csv'), EMPLOYEES_CSV);
  await build(outdir);
}, 120_000);

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataRoot, { recursive: true, force: true });
});

/** Resolves with the stdout text once `pattern` appears in it. */
function waitForOutput(proc: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    let errors = '';
    proc.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    proc.stdout.on('data', (d: Buffer) => {
      text += d.toString();
      if (pattern.test(text)) resolve(text);
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code} before it was ready: ${errors}`)));
  });
}

describe('the built bundle', () => {
  it('holds main.js, both worker bundles, the descriptor set and a manifest of its runtime packages', () => {
    for (const file of ['main.js', 'jobs-worker.js', 'danfo-session-worker.js', 'pipeline.binpb', 'package.json']) {
      expect(existsSync(join(outdir, file))).toBe(true);
    }
    const manifest = JSON.parse(readFileSync(join(outdir, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies)).toEqual(expect.arrayContaining(['@duckdb/node-api', 'danfojs-node', 'piscina']));
    // The job worker's spark backend speaks Spark Connect through nice-grpc, so it is a runtime package too.
    expect(manifest.dependencies).toHaveProperty('nice-grpc');
    // Without the workspace's overrides, `npm install` in the folder would fetch a native TensorFlow.
    const rootManifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8'));
    expect(manifest.overrides).toEqual(rootManifest.overrides);
  });

  it('starts with node, prints its configuration, serves jobs and danfo sessions, and stops on SIGTERM', async () => {
    child = spawn(process.execPath, [join(outdir, 'main.js'), '--port', '0', '--host', '127.0.0.1'], {
      env: { ...process.env, DATA_ROOT: dataRoot, WORKERS: '1', SESSION_TTL: '5m', MAX_SESSIONS: '7' },
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const banner = await waitForOutput(child, /listening on 127\.0\.0\.1:\d+\n/);
    const port = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(banner)?.[1]);
    expect(port).toBeGreaterThan(0);
    expect(banner).toMatch(/^grpc-server \d+\.\d+\.\d+ /);
    expect(banner).toContain(`  data root       ${dataRoot}  [DATA_ROOT]`);
    expect(banner).toContain('  session ttl     300s  [SESSION_TTL]');
    expect(banner).toContain('  max sessions    7  [MAX_SESSIONS]');

    const channel = createChannel(`127.0.0.1:${port}`);
    const client = createClient(PipelineServiceDefinition, channel);
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    await expect(client.health({})).resolves.toEqual({ status: 'ok', version });

    const { jobId } = await client.submitJob(
      { yaml: employeesPipeline('out/summary.csv') },
      { metadata: Metadata({ 'x-request-id': 'grpc-req-7' }) },
    );
    await expect(client.waitForJob({ jobId, timeoutSeconds: 60 })).resolves.toMatchObject({ status: 'completed' });
    expect(readFileSync(join(dataRoot, 'out/summary.csv'), 'utf8').split('\n')[0]).toBe('department,n,total');

    const { sessionId } = await client.createSession({ backend: 'danfo' });
    const raw = await client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv' });
    expect(raw.rowCount).toBe(12);
    await client.closeSession({ sessionId });
    channel.close();

    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    await expect(exited).resolves.toBe(0);
    // Log lines are JSON on stdout; every line about the job carries its id and the call's request id.
    const aboutJob = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line['jobId'] === jobId);
    expect(aboutJob.map((line) => `${String(line['name'])}: ${String(line['msg'])}`)).toEqual([
      'grpc-server: job queued',
      'grpc-server: job running',
      'jobs-worker: job ran in worker',
      'grpc-server: job completed',
    ]);
    for (const line of aboutJob) expect(line['requestId']).toBe('grpc-req-7');
    child = undefined;
  });
});

describe('--help', () => {
  it('prints the usage on stdout and exits 0 without starting', () => {
    const result = spawnSync(process.execPath, [join(outdir, 'main.js'), '--help'], { encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: grpc-server \[options\]\n/);
    for (const flag of ['--host', '--port', '--data-root', '--workers', '--queue-capacity', '--session-ttl', '--max-sessions']) {
      expect(result.stdout).toContain(flag);
    }
  });
});
