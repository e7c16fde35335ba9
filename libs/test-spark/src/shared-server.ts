/**
 * One Spark Connect server per test run, shared by every Jest process of the run: the first to
 * ask starts it, each registers as a user, the last to leave stops it. The state lives in a
 * folder of the machine's temporary directory, guarded by a lock folder (mkdir is atomic); a
 * user whose process died is dropped, a server whose process died is started again. Set
 * `PIPELINE_TEST_SPARK_REMOTE=sc://...` to use a server of your own instead.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureSparkHome } from './spark-install';
import { isAlive, isListening, isSparkServer, startSparkConnect, stopSparkProcess } from './spark-server';

/** The environment variable that carries the test server's URL to the tests. */
export const TEST_SPARK_REMOTE_ENV = 'PIPELINE_TEST_SPARK_REMOTE';

/** What the state file records of the shared server. */
interface SharedState {
  readonly pid: number;
  readonly port: number;
  readonly url: string;
  readonly folder: string;
  readonly logFile: string;
  readonly startMs: number;
}

// PIPELINE_TEST_SPARK_STATE moves the state folder (the helper's own tests use a private one).
function stateDir(): string {
  return process.env['PIPELINE_TEST_SPARK_STATE'] || path.join(os.tmpdir(), `pipeline-test-spark-${process.getuid?.() ?? 'user'}`);
}

async function withLock<T>(body: () => Promise<T>): Promise<T> {
  const dir = stateDir();
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, 'lock');
  // Starting Spark holds the lock for up to the start timeout; a lock older than that is stale.
  const staleMs = 240_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > staleMs) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        // Removed meanwhile.
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await body();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function readState(): SharedState | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(stateDir(), 'server.json'), 'utf8')) as SharedState;
  } catch {
    return undefined;
  }
}

function liveUsers(): number[] {
  const users = path.join(stateDir(), 'users');
  fs.mkdirSync(users, { recursive: true });
  const alive: number[] = [];
  for (const name of fs.readdirSync(users)) {
    const pid = Number(name);
    if (Number.isInteger(pid) && isAlive(pid)) alive.push(pid);
    else fs.rmSync(path.join(users, name), { force: true });
  }
  return alive;
}

/** What {@link acquireSharedSpark} gives. */
export interface SharedSpark {
  readonly url: string;
  /** False when this call started the server. */
  readonly reused: boolean;
  /** How long the start took (of the call that started it), in milliseconds. */
  readonly startMs: number;
  /** The JVM's process id (undefined for a server of PIPELINE_TEST_SPARK_REMOTE). */
  readonly pid?: number;
  /** The server's log file (undefined for a server of PIPELINE_TEST_SPARK_REMOTE). */
  readonly logFile?: string;
}

/** Registers this process as a user of the shared server, starting it when none runs. */
export async function acquireSharedSpark(): Promise<SharedSpark> {
  const remote = process.env[TEST_SPARK_REMOTE_ENV];
  if (remote) return { url: remote, reused: true, startMs: 0 };
  // Outside the lock: a first install takes minutes, longer than the lock is held as fresh.
  await ensureSparkHome();
  return withLock(async () => {
    let state = readState();
    let reused = true;
    if (state === undefined || !isSparkServer(state.pid, state.folder) || !(await isListening(state.port))) {
      if (state !== undefined) await stopSparkProcess(state.pid, state.folder);
      const server = await startSparkConnect();
      state = { pid: server.pid, port: server.port, url: server.url, folder: server.folder, logFile: server.logFile, startMs: server.startMs };
      fs.writeFileSync(path.join(stateDir(), 'server.json'), JSON.stringify(state));
      reused = false;
    }
    liveUsers();
    fs.writeFileSync(path.join(stateDir(), 'users', String(process.pid)), '');
    return { url: state.url, reused, startMs: state.startMs, pid: state.pid, logFile: state.logFile };
  });
}

/** Unregisters this process; the last user stops the server. */
export async function releaseSharedSpark(): Promise<void> {
  await withLock(async () => {
    fs.rmSync(path.join(stateDir(), 'users', String(process.pid)), { force: true });
    if (liveUsers().length > 0) return;
    const state = readState();
    if (state === undefined) return;
    await stopSparkProcess(state.pid, state.folder);
    fs.rmSync(path.join(stateDir(), 'server.json'), { force: true });
  });
}

/** The URL of the run's test server, as the Jest global setup published it. */
export function testSparkUrl(): string {
  const url = process.env[TEST_SPARK_REMOTE_ENV];
  if (!url) {
    throw new Error(
      `${TEST_SPARK_REMOTE_ENV} is not set: run these tests with the Spark global setup (libs/test-spark/src/jest-global-setup.ts in the project's jest.config.js)`,
    );
  }
  return url;
}
