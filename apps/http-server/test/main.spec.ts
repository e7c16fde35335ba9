/**
 * The production bundle: built with build.cjs, started with `node main.js` as a child process,
 * configured through the environment and flags, stopped with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BIG_ROWS, SLOW_FILTER, pipelineYaml, request, writeBigCsv } from './helpers';

const ROOT = path.resolve(__dirname, '../../..');
// Inside the workspace, so that the bundle finds the external packages in node_modules.
const OUT = path.join(ROOT, 'tmp', `http-server-bundle-${process.pid}`);
const MAIN = path.join(OUT, 'main.js');
let dataRoot: string;

interface Child {
  readonly process: ChildProcess;
  readonly url: Promise<string>;
  readonly exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
}

function startBundle(args: string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd: OUT,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk) => (err += chunk));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)\n/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', () => reject(new Error(`exited before listening:\n${out}\n${err}`)));
  });
  url.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, url, exited, stdout: () => out, stderr: () => err };
}

beforeAll(async () => {
  const { build } = require('../build.cjs') as { build(outdir: string): Promise<unknown> };
  await build(OUT);
  dataRoot = fs.mkdtempSync(path.join(ROOT, 'tmp', 'http-server-data-'));
  fs.writeFileSync(path.join(dataRoot, 'in.csv'), 'a,b\n1,2\n');
});

afterAll(() => {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.rmSync(dataRoot, { recursive: true, force: true });
});

describe('the built bundle', () => {
  it('holds main.js, the jobs worker and a package.json of its external packages', () => {
    expect(fs.existsSync(path.join(OUT, 'jobs-worker.js'))).toBe(true);
    for (const file of ['index.html', 'console.js', 'console.css']) expect(fs.existsSync(path.join(OUT, 'console', file))).toBe(true);
    const manifest = JSON.parse(fs.readFileSync(path.join(OUT, 'package.json'), 'utf8'));
    const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(manifest.version).toBe(root.version);
    expect(manifest.main).toBe('main.js');
    for (const name of ['@duckdb/node-api', 'danfojs-node', 'piscina']) {
      expect(manifest.dependencies[name]).toBe(root.dependencies[name]);
    }
    // Without the workspace's overrides, `npm install` in the folder would fetch a native TensorFlow.
    expect(manifest.overrides).toEqual(root.overrides);
    // express and cors are bundled into main.js.
    expect(fs.readFileSync(MAIN, 'utf8')).not.toMatch(/require\("express"\)/);
  });

  it('starts from the environment, prints its configuration, serves, and exits 0 on SIGTERM', async () => {
    const child = startBundle([], { PORT: '0', HOST: '127.0.0.1', DATA_ROOT: dataRoot, WORKERS: '1', BODY_LIMIT: '1mb' });
    const url = await child.url;
    const banner = child.stdout();
    expect(banner).toMatch(/^http-server \d+\.\d+\.\d+ /);
    expect(banner).toContain('  host            127.0.0.1  [HOST]');
    expect(banner).toContain('  port            0  [PORT]');
    expect(banner).toContain(`  data root       ${dataRoot}  [DATA_ROOT]`);
    expect(banner).toContain('  workers         1  [WORKERS]');
    expect(banner).toContain('  queue capacity  1000  [default]');
    expect(banner).toContain('  body limit      1 MB (1048576 bytes)  [BODY_LIMIT]');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect((await request(`${url}/api/health`)).body).toEqual({ status: 'ok', version: root.version });
    // The web console ships inside the bundle folder and is served at `/`.
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script src="console.js"></script>');
    expect((await fetch(`${url}/console.js`)).status).toBe(200);
    // So do the /docs/ page's Swagger UI files; the document and the metrics are served too.
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js']) expect(fs.existsSync(path.join(OUT, 'swagger-ui', file))).toBe(true);
    expect(await (await fetch(`${url}/docs`)).text()).toContain('<script src="swagger-ui-bundle.js"></script>');
    expect((await fetch(`${url}/docs/swagger-ui-bundle.js`)).status).toBe(200);
    expect((await request(`${url}/openapi.json`)).body.info.version).toBe(root.version);
    expect(await (await fetch(`${url}/metrics`)).text()).toContain('pipeline_jobs_submitted_total 0');

    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    expect(child.stdout()).toContain('SIGTERM: no longer accepting connections, draining');
    expect(child.stdout()).toContain('stopped');
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });

  it('logs JSON lines on stdout: every line about a job carries its id and the submitting request id', async () => {
    writeBigCsv(path.join(dataRoot, 'small.csv'), 20);
    const child = startBundle([], { PORT: '0', HOST: '127.0.0.1', DATA_ROOT: dataRoot, WORKERS: '1' });
    const url = await child.url;
    const submitted = await request(`${url}/api/jobs`, {
      method: 'POST',
      headers: { 'x-request-id': 'req-42' },
      body: JSON.stringify({ yaml: pipelineYaml('small.csv', 'out/small.csv') }),
    });
    expect(submitted.status).toBe(202);
    const jobId = submitted.body.job_id;
    expect((await request(`${url}/api/jobs/${jobId}/wait?timeout=60`)).body.status).toBe('completed');
    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    const logs = child
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const aboutJob = logs.filter((line) => line['jobId'] === jobId);
    expect(aboutJob.map((line) => `${String(line['name'])}: ${String(line['msg'])}`)).toEqual([
      'http-server: job queued',
      'http-server: job running',
      'jobs-worker: job ran in worker',
      'http-server: job completed',
    ]);
    for (const line of aboutJob) expect(line).toMatchObject({ requestId: 'req-42', level: 30, time: expect.any(String) });
    // One line when the job is made, with the backend it runs on (the route logs none of its own).
    expect(aboutJob[0]).toMatchObject({ msg: 'job queued', status: 'queued', backend: 'duckdb' });
    expect(logs.find((line) => line['msg'] === 'stopped')).toMatchObject({ name: 'http-server', level: 30 });
  });

  it('logs human-readable lines (pino-pretty) when stdout is a terminal', async () => {
    writeBigCsv(path.join(dataRoot, 'tty.csv'), 10);
    // `script` runs the server on a pseudo-terminal and copies what it prints to our pipe.
    const child = spawn('script', ['-qfec', `${JSON.stringify(process.execPath)} ${JSON.stringify(MAIN)}`, '/dev/null'], {
      cwd: OUT,
      env: { PATH: process.env['PATH'] ?? '', PORT: '0', HOST: '127.0.0.1', DATA_ROOT: dataRoot, WORKERS: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const until = async (pattern: RegExp): Promise<RegExpExecArray> => {
      for (let i = 0; i < 600; i++) {
        const match = pattern.exec(out);
        if (match) return match;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no ${pattern} in:\n${out}`);
    };
    const url = (await until(/listening on (http:\/\/\S+)\r?\n/))[1];
    const pid = Number((await until(/pid (\d+)\)/))[1]);
    const submitted = await request(`${url}/api/jobs`, {
      method: 'POST',
      body: JSON.stringify({ yaml: pipelineYaml('tty.csv', 'out/tty.csv') }),
    });
    expect(submitted.status).toBe(202);
    await until(/job completed/);
    process.kill(pid, 'SIGTERM');
    await until(/stopped/);
    await exited;
    // eslint-disable-next-line no-control-regex
    const plain = out.replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/\] INFO \(http-server\): job completed/);
    expect(plain).toMatch(/\] INFO \(jobs-worker\): job ran in worker/);
    expect(plain).toContain(`jobId: "${submitted.body.job_id}"`);
    expect(plain).not.toContain('{"level"');
  });

  it('lets flags win over the environment', async () => {
    const child = startBundle(['--port', '0', '--host=127.0.0.1', '--data-root', dataRoot, '--workers', '1'], {
      PORT: '1',
      WORKERS: '2',
    });
    await child.url;
    expect(child.stdout()).toContain('  port            0  [--port]');
    expect(child.stdout()).toContain('  workers         1  [--workers]');
    child.process.kill('SIGINT');
    const code = await child.exited;
    expect({ code, out: child.stdout(), err: child.stderr() }).toEqual({ code: 0, out: expect.any(String), err: '' });
  });

  it('drains on SIGTERM: a pending wait is answered with the job as it is, then exit 0', async () => {
    writeBigCsv(path.join(dataRoot, 'big.csv'), BIG_ROWS);
    const child = startBundle([], { PORT: '0', HOST: '127.0.0.1', DATA_ROOT: dataRoot, WORKERS: '1' });
    const url = await child.url;
    const yaml = pipelineYaml('big.csv', 'out/big.csv', { filter: SLOW_FILTER });
    const submitted = await request(`${url}/api/jobs`, { method: 'POST', body: JSON.stringify({ yaml }) });
    expect(submitted.status).toBe(202);
    const waiting = request(`${url}/api/jobs/${submitted.body.job_id}/wait?timeout=600`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.process.kill('SIGTERM');
    const answered = await waiting;
    expect(answered.status).toBe(200);
    expect(answered.body.id).toBe(submitted.body.job_id);
    expect(await child.exited).toBe(0);
  });

  it.each([
    [['--port', 'x'], {}, 'http-server: invalid --port "x": expected an integer from 0 to 65535'],
    [[], { WORKERS: 'many' }, 'http-server: invalid WORKERS "many": expected an integer from 1 to 256'],
    [[], { DATA_ROOT: '/does/not/exist' }, 'http-server: DATA_ROOT "/does/not/exist" does not exist'],
    [['--verbose'], {}, 'http-server: unknown flag --verbose'],
    [['--workers', '1', '--workers=2'], {}, 'http-server: flag --workers is given more than once'],
    [[], { LOG_LEVEL: 'loud' }, 'http-server: invalid LOG_LEVEL "loud": expected one of trace, debug, info, warn, error, fatal, silent'],
  ])('refuses %j %j with exit code 2 and a clear message', async (args, env, message) => {
    const child = startBundle(args, env);
    expect(await child.exited).toBe(2);
    expect(child.stderr()).toContain(message);
  });

  it('reports a port in use and exits 1', async () => {
    const first = startBundle([], { PORT: '0', HOST: '127.0.0.1', DATA_ROOT: dataRoot, WORKERS: '1' });
    const port = new URL(await first.url).port;
    const second = startBundle([], { PORT: port, HOST: '127.0.0.1', DATA_ROOT: dataRoot, WORKERS: '1' });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain('EADDRINUSE');
    first.process.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('prints its usage for --help', async () => {
    const child = startBundle(['--help'], {});
    expect(await child.exited).toBe(0);
    expect(child.stdout()).toContain('Usage: node main.js [options]');
    expect(child.stdout()).toContain('BODY_LIMIT');
  });
});

