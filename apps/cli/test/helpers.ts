/**
 * Drives the built tool as a user would: child processes of dist/apps/cli/main.js (built by the
 * `build` target `test` depends on), real files in temporary folders, the built HTTP server on
 * port 0, and a pseudo-terminal (python3's pty module, through pty-run.py) for the progress
 * display and Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The workspace root. */
export const ROOT = path.resolve(__dirname, '../../..');
/** The built tool (`npx nx build cli`). */
export const CLI = path.join(ROOT, 'dist/apps/cli/main.js');
/** The built HTTP server (`npx nx build http-server`). */
export const HTTP_SERVER = path.join(ROOT, 'dist/apps/http-server/main.js');

for (const file of [CLI, HTTP_SERVER]) {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run the cli test through Nx (npx nx test cli), which builds it first`);
}

/** What a finished command printed and how it exited. */
export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the tool with `args` in `cwd` and collects its output. */
export function runCli(args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<CliResult> {
  return collect(spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env: options.env ?? cleanEnv() }), options.timeoutMs);
}

/** Runs a shell script (`bash -c`) and collects its output. */
export function runShell(script: string, options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<CliResult> {
  return collect(spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd: options.cwd, env: options.env ?? cleanEnv() }), options.timeoutMs);
}

function collect(child: ChildProcess, timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`command still running after ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/**
 * The environment without PIPELINE_SERVER, PIPELINE_TOKEN, COLUMNS, NO_COLOR and FORCE_COLOR unless
 * given (a developer's or the test runner's setting must not leak into tests: with FORCE_COLOR set,
 * Node warns on stderr that NO_COLOR is ignored).
 */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  for (const name of ['PIPELINE_SERVER', 'PIPELINE_TOKEN', 'COLUMNS', 'NO_COLOR', 'FORCE_COLOR']) if (extra[name] === undefined) delete env[name];
  return env;
}

/** A fresh temporary folder, removed by `removeTemp`. */
export function makeTemp(prefix = 'cli-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Removes a temporary folder. */
export function removeTemp(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** A temporary folder holding a copy of sample-data/ (employees.csv and pipelines/). */
export function sampleDataCopy(): string {
  const dir = makeTemp('cli-sample-');
  fs.cpSync(path.join(ROOT, 'sample-data'), dir, { recursive: true });
  return dir;
}

/** A running built HTTP server. */
export interface ServerProcess {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts the built HTTP server on 127.0.0.1 port 0 over `dataRoot` (with `env` added, such as AUTH_TOKEN) and waits for its `listening on` line. */
export function startServer(dataRoot: string, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [HTTP_SERVER, '--host', '127.0.0.1', '--port', '0', '--data-root', dataRoot, '--workers', '1'], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match === null) return;
      child.stdout.off('data', onData);
      resolve({
        url: match[1] as string,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`http-server exited ${code} before listening:\n${output}`)));
  });
}

/** A command running on a pseudo-terminal: its output so far, keys to type, its end. */
export interface TerminalRun {
  output(): string;
  /** Resolves once the output matches `pattern` (rejects after `timeoutMs`). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Types `text` at the terminal (`\x03` is Ctrl-C). */
  type(text: string): void;
  /** The command's exit status and everything it printed. */
  readonly done: Promise<{ status: number | null; output: string }>;
}

/** Runs the tool on a pseudo-terminal (its stdout and stdin are a terminal). */
export function runOnTerminal(args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): TerminalRun {
  const child = spawn('python3', [path.join(__dirname, 'pty-run.py'), process.execPath, CLI, ...args], {
    cwd: options.cwd,
    env: options.env ?? cleanEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const watchers = new Set<() => void>();
  // Decoded as a stream: a character of several bytes may be split between two chunks.
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    output += chunk;
    for (const check of watchers) check();
  });
  child.stderr.on('data', (chunk: string) => (output += chunk));
  const done = new Promise<{ status: number | null; output: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
  return {
    output: () => output,
    waitFor: (pattern, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(check);
          reject(new Error(`no ${pattern} in the terminal after ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const check = () => {
          if (!pattern.test(output)) return;
          clearTimeout(timer);
          watchers.delete(check);
          resolve();
        };
        watchers.add(check);
        check();
      }),
    type: (text) => child.stdin.write(text),
    done,
  };
}

/**
 * A filter that keeps every row of writeBigCsv's file but costs DuckDB several string passes per
 * row, so that a job over it runs for seconds: long enough to be cancelled while running.
 */
export const SLOW_FILTER =
  "length(replace(replace(replace(replace(replace(upper(concat(name, grp, name, grp, name, name)), 'A', 'bb'), 'B', 'cc'), 'N', 'dd'), 'M', 'ee'), 'E', 'ff')) > 3";

/** Writes a CSV of `rows` rows (id, grp, salary, name) to `file`. */
export function writeBigCsv(file: string, rows: number): void {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, 'id,grp,salary,name\n');
    for (let start = 0; start < rows; start += 100_000) {
      let text = '';
      for (let i = start; i < Math.min(rows, start + 100_000); i++) text += `${i},g${i % 1000},${(i * 7919) % 200000},name_${i}\n`;
      fs.writeSync(fd, text);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** A pipeline over big.csv that runs for seconds and writes out/slow.csv. */
export const SLOW_PIPELINE = [
  'version: "3.0"',
  'pipeline:',
  '  name: slow',
  '  assets:',
  '    - asset_ref: raw',
  '      source:',
  '        input: { format: csv, path: big.csv }',
  '    - asset_ref: kept',
  '      source:',
  `        where: { from: raw, filter: "${SLOW_FILTER}" }`,
  '    - asset_ref: out',
  '      source:',
  '        output: { from: kept, format: csv, path: out/slow.csv, mode: overwrite }',
  '',
].join('\n');

/** Every file under `dir` (relative paths), for "nothing was left behind" checks. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
}
