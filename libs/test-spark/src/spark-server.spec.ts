import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { acquireSharedSpark, releaseSharedSpark, TEST_SPARK_REMOTE_ENV } from './shared-server';
import { isAlive, isListening, startSparkConnect, stopSparkProcess } from './spark-server';

jest.setTimeout(300_000);

/** The script .ci/run holds the shared server with for the whole `npm test`. */
const HOLDER = path.resolve(__dirname, '../../../tools/scripts/hold-test-spark.cjs');

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0] as string);
    });
    child.on('exit', (code) => reject(new Error(`the holder exited (${code}) before holding the server: ${out}`)));
  });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve)));
}

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The local addresses listening on `port` (from /proc/net/tcp and tcp6, hex as the kernel writes them). */
function listeners(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .filter((f) => fs.existsSync(f))
    .flatMap((f) => fs.readFileSync(f, 'utf8').split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    // State 0A is LISTEN.
    .filter((cols) => cols.length > 3 && cols[1].endsWith(`:${hexPort}`) && cols[3] === '0A')
    .map((cols) => cols[1].split(':')[0]);
}

describe('test Spark Connect server', () => {
  it('listens on 127.0.0.1 only, and stop() ends the JVM and removes its folder', async () => {
    const server = await startSparkConnect();
    try {
      expect(server.url).toBe(`sc://127.0.0.1:${server.port}`);
      expect(await isListening(server.port)).toBe(true);
      // 127.0.0.1 as the kernel writes it (little-endian hex), plain or IPv4-mapped (Java binds an
      // IPv6 socket); a wildcard or any other address would fail.
      const addresses = listeners(server.port);
      expect(addresses.length).toBeGreaterThan(0);
      for (const a of addresses) expect(['0100007F', '0000000000000000FFFF00000100007F']).toContain(a);
      expect(server.peakRssKb()).toBeGreaterThan(0);
      process.stderr.write(`test Spark: started in ${server.startMs} ms, JVM peak RSS ${server.peakRssKb()} kB\n`);
    } finally {
      await server.stop();
    }
    expect(isAlive(server.pid)).toBe(false);
    expect(fs.existsSync(server.folder)).toBe(false);
    expect(await isListening(server.port)).toBe(false);
  });

  it('is shared: the first user starts it, later ones and the CI holder reuse it, the last one stops it', async () => {
    const state = fs.mkdtempSync(path.join(os.tmpdir(), 'test-spark-state-'));
    const saved = { state: process.env['PIPELINE_TEST_SPARK_STATE'], remote: process.env[TEST_SPARK_REMOTE_ENV] };
    process.env['PIPELINE_TEST_SPARK_STATE'] = state;
    delete process.env[TEST_SPARK_REMOTE_ENV];
    const env = { ...process.env, PIPELINE_TEST_SPARK_STATE: state };
    const holders: ChildProcess[] = [];
    try {
      const first = await acquireSharedSpark();
      expect(first.reused).toBe(false);
      // Two holders as .ci/run starts one: one is stopped by a signal, the other's parent dies.
      const signalled = spawn(process.execPath, [HOLDER], { env, stdio: ['ignore', 'pipe', 'inherit'] });
      const orphaned = spawn('bash', ['-c', `"${process.execPath}" "${HOLDER}" & wait`], { env, stdio: ['ignore', 'pipe', 'inherit'] });
      holders.push(signalled, orphaned);
      expect(await firstLine(signalled)).toBe(`hold-test-spark: holding ${first.url} (already running)`);
      expect(await firstLine(orphaned)).toBe(`hold-test-spark: holding ${first.url} (already running)`);
      const second = await acquireSharedSpark();
      expect(second).toMatchObject({ url: first.url, reused: true, pid: first.pid });
      await releaseSharedSpark();
      // The holders are still there: the server stays.
      expect(isAlive(first.pid as number)).toBe(true);
      signalled.kill('SIGTERM');
      expect(await exitCode(signalled)).toBe(0);
      expect(isAlive(first.pid as number)).toBe(true);
      // The last holder leaves once its parent is gone; the last user stops the server.
      orphaned.kill('SIGKILL');
      await until(() => !isAlive(first.pid as number), 60_000);
      expect(fs.existsSync(path.join(state, 'server.json'))).toBe(false);
      expect(fs.readdirSync(path.join(state, 'users'))).toEqual([]);
    } finally {
      // A failed assertion must not leave a holder keeping the server: the orphan leaves too.
      for (const holder of holders) holder.kill('SIGKILL');
      if (saved.state === undefined) delete process.env['PIPELINE_TEST_SPARK_STATE'];
      else process.env['PIPELINE_TEST_SPARK_STATE'] = saved.state;
      if (saved.remote !== undefined) process.env[TEST_SPARK_REMOTE_ENV] = saved.remote;
      fs.rmSync(state, { recursive: true, force: true });
    }
  });
});

describe('stopSparkProcess', () => {
  it('leaves alone a process that took over a recorded pid (it does not name the server folder)', async () => {
    const { spawn } = await import('node:child_process');
    // A process group of its own, as a reused pid of a setsid'd program would be.
    const other = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    try {
      const pid = other.pid as number;
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'test-spark-gone-'));
      await stopSparkProcess(pid, folder);
      expect(isAlive(pid)).toBe(true);
      expect(fs.existsSync(folder)).toBe(false);
    } finally {
      other.kill('SIGKILL');
    }
  });
});
