import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { acquireSharedSpark, releaseSharedSpark, TEST_SPARK_REMOTE_ENV } from './shared-server';
import { isAlive, isListening, startSparkConnect, stopSparkProcess } from './spark-server';

jest.setTimeout(300_000);

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

  it('is shared: the first user starts it, later ones reuse it, the last one stops it', async () => {
    const state = fs.mkdtempSync(path.join(os.tmpdir(), 'test-spark-state-'));
    const saved = { state: process.env['PIPELINE_TEST_SPARK_STATE'], remote: process.env[TEST_SPARK_REMOTE_ENV] };
    process.env['PIPELINE_TEST_SPARK_STATE'] = state;
    delete process.env[TEST_SPARK_REMOTE_ENV];
    try {
      const first = await acquireSharedSpark();
      expect(first.reused).toBe(false);
      // Another process of the run (its user file; this test's own pid stands in for it).
      fs.writeFileSync(path.join(state, 'users', String(process.ppid)), '');
      const second = await acquireSharedSpark();
      expect(second).toMatchObject({ url: first.url, reused: true, pid: first.pid });
      await releaseSharedSpark();
      // The other user is still there: the server stays.
      expect(isAlive(first.pid as number)).toBe(true);
      fs.rmSync(path.join(state, 'users', String(process.ppid)));
      await acquireSharedSpark();
      await releaseSharedSpark();
      expect(isAlive(first.pid as number)).toBe(false);
      expect(fs.existsSync(path.join(state, 'server.json'))).toBe(false);
    } finally {
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
