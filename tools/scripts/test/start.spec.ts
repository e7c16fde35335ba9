/**
 * `npm start` as people stop it: Ctrl-C at a terminal (a pseudo-terminal from python3's pty
 * module, through apps/cli/test/pty-run.py: the terminal sends SIGINT to its foreground process
 * group) and SIGTERM to npm's own process, as Docker and systemd send it. Each time a job is
 * running: it must finish (its output written), both servers must stop gracefully (exit 0, no
 * "stopping now") and give back their ports. Few runs: each one starts both servers for real.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const PTY_RUN = path.join(ROOT, 'apps/cli/test/pty-run.py');
const NX_JSON = path.join(ROOT, 'nx.json');

// About a second or two of DuckDB work on one worker: running when the stop comes, done well
// within the servers' 10 s grace.
const ROWS = 600_000;
const SLOW_FILTER = "length(replace(replace(upper(concat(name, grp, name)), 'A', 'bb'), 'N', 'dd')) > 3";
/** The slow filter over the input, or over `copies` copies of it (a union of it with itself), into out/kept.csv. */
function pipeline(copies: number): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  name: slow',
    '  assets:',
    '    - asset_ref: raw',
    '      source:',
    '        input: { format: csv, path: big.csv }',
    ...(copies === 1 ? [] : ['    - asset_ref: many', '      source:', `        union: { sources: [${Array(copies).fill('raw').join(', ')}] }`]),
    '    - asset_ref: kept',
    '      source:',
    `        where: { from: ${copies === 1 ? 'raw' : 'many'}, filter: "${SLOW_FILTER}" }`,
    '    - asset_ref: out',
    '      source:',
    '        output: { from: kept, format: csv, path: out/kept.csv, mode: overwrite }',
  ].join('\n');
}

let dataRoot: string;
let nxJsonBefore: string;

beforeAll(() => {
  dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
  const lines = ['id,grp,name'];
  for (let i = 0; i < ROWS; i++) lines.push(`${i},g${i % 100},name_${i}`);
  fs.writeFileSync(path.join(dataRoot, 'big.csv'), lines.join('\n') + '\n');
  nxJsonBefore = fs.readFileSync(NX_JSON, 'utf8');
});

afterAll(() => fs.rmSync(dataRoot, { recursive: true, force: true }));

/** A running `npm start` (its own process group), its output so far, and its end. */
interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly ended: Promise<number | null>;
  readonly httpUrl: string;
  readonly grpcPort: number;
}

async function npmStart(command: readonly string[]): Promise<Started> {
  // Not the test's own environment: the servers' settings only, and no CI (Nx asks nothing on CI).
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: process.env['HOME'], TERM: 'xterm' };
  Object.assign(env, { HOST: '127.0.0.1', PORT: '0', GRPC_PORT: '0', WORKERS: '1', DATA_ROOT: dataRoot });
  const child = spawn(command[0] as string, command.slice(1), { cwd: ROOT, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const deadline = Date.now() + 150_000;
  for (;;) {
    const listening = [...output.matchAll(/listening on (\S+)/g)].map((m) => m[1] as string);
    const httpUrl = listening.find((l) => l.startsWith('http://'));
    const grpc = listening.find((l) => !l.startsWith('http://'));
    if (httpUrl !== undefined && grpc !== undefined) {
      return { child, output: () => output, ended, httpUrl, grpcPort: Number(grpc.slice(grpc.lastIndexOf(':') + 1)) };
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      killOurs(child);
      throw new Error(`npm start did not bring both servers up:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The processes of this test's `npm start` (npm, start.js, both servers): the ones with its DATA_ROOT. */
function ours(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`DATA_ROOT=${dataRoot}`)) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

function killOurs(child: ChildProcess): void {
  for (const pid of [child.pid as number, ...ours()]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

function json(method: string, url: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Submits the slow job (over `copies` copies of the input) and returns once a worker runs it. */
async function runningJob(httpUrl: string, copies = 1): Promise<string> {
  const submitted = await json('POST', `${httpUrl}/api/jobs`, { yaml: pipeline(copies) });
  expect(submitted.status).toBe(202);
  const id = submitted.body['job_id'] as string;
  for (;;) {
    const job = await json('GET', `${httpUrl}/api/jobs/${id}`);
    if (job.body['status'] === 'running') return id;
    if (job.body['status'] !== 'queued') throw new Error(`the job ended before the stop: ${JSON.stringify(job.body)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** True when nothing listens on 127.0.0.1:port any more. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

async function expectGracefulStop(started: Started, exitCode: number | null): Promise<void> {
  // Colours and all: on a terminal the servers' logs are pino-pretty's, elsewhere JSON lines.
  // eslint-disable-next-line no-control-regex
  const output = started.output().replace(/\x1b\[[0-9;]*m/g, '');
  expect({ exitCode, output }).toEqual({ exitCode: 0, output: expect.any(String) });
  // Each server got one signal: it drained, and never had to stop now.
  expect(output.match(/no longer accepting connections, draining/g)).toHaveLength(2);
  expect(output).not.toContain('stopping now');
  expect(output).not.toContain('again: stopping at once');
  expect(output.match(/(?:"msg":"|\): )stopped\b/g)).toHaveLength(2);
  // The running job finished: its output was committed.
  expect(fs.readFileSync(path.join(dataRoot, 'out/kept.csv'), 'utf8').startsWith('id,grp,name\n')).toBe(true);
  expect(await portFree(Number(new URL(started.httpUrl).port))).toBe(true);
  expect(await portFree(started.grpcPort)).toBe(true);
  expect(ours()).toEqual([]);
  expect(output).not.toContain('Share usage data');
  expect(fs.readFileSync(NX_JSON, 'utf8')).toBe(nxJsonBefore);
}

function bounded<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what()}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe('npm start', () => {
  it('one Ctrl-C at a terminal: the running job finishes, both servers stop gracefully, npm exits 0, the ports are free', async () => {
    fs.rmSync(path.join(dataRoot, 'out'), { recursive: true, force: true });
    const started = await npmStart(['python3', PTY_RUN, 'npm', 'start']);
    try {
      await runningJob(started.httpUrl);
      started.child.stdin?.write('\x03');
      const exitCode = await bounded(started.ended, 60_000, () => `npm start still running 60 s after Ctrl-C:\n${started.output()}`);
      await expectGracefulStop(started, exitCode);
    } finally {
      killOurs(started.child);
    }
  });

  it('a second Ctrl-C a few seconds later stops both at once: the job is cancelled, exit 130, the ports are free', async () => {
    fs.rmSync(path.join(dataRoot, 'out'), { recursive: true, force: true });
    const started = await npmStart(['python3', PTY_RUN, 'npm', 'start']);
    try {
      await runningJob(started.httpUrl, 8);
      started.child.stdin?.write('\x03');
      await new Promise((r) => setTimeout(r, 2000));
      started.child.stdin?.write('\x03');
      const exitCode = await bounded(started.ended, 60_000, () => `npm start still running 60 s after two Ctrl-C:\n${started.output()}`);
      // eslint-disable-next-line no-control-regex
      const output = started.output().replace(/\x1b\[[0-9;]*m/g, '');
      // The gRPC server, idle, stopped at the first; the HTTP server, running the job, at the second.
      expect({ exitCode, stoppedNow: output.match(/\((?:http|grpc)-server\): stopping now/g) }).toEqual({
        exitCode: 130,
        stoppedNow: ['(http-server): stopping now'],
      });
      expect(fs.existsSync(path.join(dataRoot, 'out/kept.csv'))).toBe(false);
      expect(await portFree(Number(new URL(started.httpUrl).port))).toBe(true);
      expect(await portFree(started.grpcPort)).toBe(true);
      expect(ours()).toEqual([]);
    } finally {
      killOurs(started.child);
    }
  });

  it('SIGTERM to npm\'s own process: the same graceful stop of both servers', async () => {
    fs.rmSync(path.join(dataRoot, 'out'), { recursive: true, force: true });
    const started = await npmStart(['npm', 'start']);
    try {
      await runningJob(started.httpUrl);
      process.kill(started.child.pid as number, 'SIGTERM');
      const exitCode = await bounded(started.ended, 60_000, () => `npm start still running 60 s after SIGTERM:\n${started.output()}`);
      await expectGracefulStop(started, exitCode);
    } finally {
      killOurs(started.child);
    }
  });

  it('Nx never asks about analytics on a terminal (nx.json answers it), so nothing writes nx.json', async () => {
    // Nx prompts when stdin and stdout are a terminal and nx.json has no boolean "analytics"
    // (nx/src/utils/analytics-prompt.js), then writes the answer into nx.json.
    expect((JSON.parse(nxJsonBefore) as { analytics?: unknown }).analytics).toBe(false);
    const env = { PATH: process.env['PATH'], HOME: process.env['HOME'], TERM: 'xterm', NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
    const nx = spawn('python3', [PTY_RUN, process.execPath, require.resolve('nx/bin/nx.js'), 'show', 'projects'], { cwd: ROOT, env, detached: true });
    let output = '';
    nx.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const code = await bounded(new Promise((resolve) => nx.on('close', resolve)), 60_000, () => `nx show projects still running on a terminal after 60 s:\n${output}`);
      expect({ code, asked: output.includes('Share usage data') }).toEqual({ code: 0, asked: false });
      expect(output).toContain('http-server');
      expect(fs.readFileSync(NX_JSON, 'utf8')).toBe(nxJsonBefore);
    } finally {
      for (const pid of [-(nx.pid as number), nx.pid as number]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }
  });
});
