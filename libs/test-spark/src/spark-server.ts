/**
 * A real Spark Connect server for tests: `spark-submit` of Spark's SparkConnectServer class,
 * `local[2]`, a small driver memory, bound to 127.0.0.1 on a free port (SPARK_LOCAL_IP too, so
 * that no Spark service listens beyond the machine), its scratch folders in a temporary folder
 * removed at stop. Starting takes 10-30 s: start one per test run (see shared-server.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { findSparkHome } from './spark-install';

/** Options of {@link startSparkConnect}. */
export interface SparkServerOptions {
  /** The port; default a free one. */
  readonly port?: number;
  /** The driver's heap (`--driver-memory`); default 512m. */
  readonly driverMemory?: string;
  /** How long to wait for the server to listen; default 180 s. */
  readonly startTimeoutMs?: number;
}

/** A running test server. */
export interface SparkServer {
  readonly port: number;
  /** `sc://127.0.0.1:<port>`. */
  readonly url: string;
  /** The JVM's process id. */
  readonly pid: number;
  /** The server's log file. */
  readonly logFile: string;
  /** The temporary folder of its log and scratch files (removed by stop). */
  readonly folder: string;
  /** How long the start took, in milliseconds. */
  readonly startMs: number;
  /** The JVM's peak resident memory so far (VmHWM), in kB; undefined once it has exited. */
  peakRssKb(): number | undefined;
  /** Stops the server (SIGTERM, SIGKILL after 20 s) and removes its folder. */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** True when something accepts TCP connections on 127.0.0.1:`port`. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The peak resident memory (VmHWM) of process `pid` in kB, or undefined. */
export function peakRssKb(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m === null ? undefined : Number(m[1]);
  } catch {
    return undefined;
  }
}

/** The command line of a Spark Connect server (exported for the docs and .ci/run to agree). */
export function sparkConnectArgs(port: number, folder: string, driverMemory: string): string[] {
  const conf = (key: string, value: string) => ['--conf', `${key}=${value}`];
  return [
    '--master',
    'local[2]',
    '--driver-memory',
    driverMemory,
    '--name',
    'pipeline-test-spark-connect',
    ...conf('spark.connect.grpc.binding.address', '127.0.0.1'),
    ...conf('spark.connect.grpc.binding.port', String(port)),
    ...conf('spark.driver.host', '127.0.0.1'),
    ...conf('spark.driver.bindAddress', '127.0.0.1'),
    ...conf('spark.ui.enabled', 'false'),
    // No Hive metastore (a Derby folder in the working directory): an in-memory catalogue.
    ...conf('spark.sql.catalogImplementation', 'in-memory'),
    ...conf('spark.sql.warehouse.dir', path.join(folder, 'warehouse')),
    ...conf('spark.local.dir', path.join(folder, 'local')),
    // Few shuffle partitions: test data is small and 200 tasks per shuffle cost seconds on 2 cores.
    ...conf('spark.sql.shuffle.partitions', '4'),
    '--class',
    'org.apache.spark.sql.connect.service.SparkConnectServer',
    'spark-internal',
  ];
}

/** Starts a Spark Connect server; call `stop()` when done. */
export async function startSparkConnect(options: SparkServerOptions = {}): Promise<SparkServer> {
  const home = findSparkHome();
  const port = options.port ?? (await freePort());
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'test-spark-'));
  const logFile = path.join(folder, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const started = Date.now();
  let child: ChildProcess;
  try {
    child = spawn(path.join(home, 'bin', 'spark-submit'), sparkConnectArgs(port, folder, options.driverMemory ?? '512m'), {
      cwd: folder,
      env: { ...process.env, SPARK_HOME: home, SPARK_LOCAL_IP: '127.0.0.1', SPARK_LOG_DIR: folder, PYSPARK_PYTHON: 'python3' },
      stdio: ['ignore', log, log],
      // Its own process group: stop() signals the JVM and anything it started, nothing else.
      detached: true,
    });
  } finally {
    fs.closeSync(log);
  }
  const pid = child.pid as number;
  let exit: string | undefined;
  child.once('exit', (code, signal) => (exit = `exited with ${signal ?? `code ${code}`}`));
  child.once('error', (e) => (exit = `could not start: ${e.message}`));
  const tail = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-3000) : '');

  const stop = () => stopSparkProcess(pid, folder);

  const deadline = started + (options.startTimeoutMs ?? 180_000);
  while (!(await isListening(port))) {
    if (exit !== undefined) {
      await stop();
      throw new Error(`the Spark Connect server ${exit} before listening on port ${port}:\n${tail()}`);
    }
    if (Date.now() > deadline) {
      const text = tail();
      await stop();
      throw new Error(`the Spark Connect server did not listen on port ${port} within ${options.startTimeoutMs ?? 180_000} ms:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // The server keeps its own handle; the test process must not wait for it to exit.
  child.unref();
  return {
    port,
    url: `sc://127.0.0.1:${port}`,
    pid,
    logFile,
    folder,
    startMs: Date.now() - started,
    peakRssKb: () => peakRssKb(pid),
    stop,
  };
}

/**
 * Stops the server of process `pid` (SIGTERM to its process group, SIGKILL after 20 s) and
 * removes its folder; works from any process, not only the one that started it. A pid recorded
 * long ago may belong to another process by now (pids are reused): only the process whose command
 * line names the server's `folder` is signalled.
 */
export async function stopSparkProcess(pid: number, folder: string): Promise<void> {
  if (isSparkServer(pid, folder)) {
    signalGroup(pid, 'SIGTERM');
    const killAt = Date.now() + 20_000;
    // Identified once: a JVM whose main thread has exited has an empty command line while its
    // other threads shut down, and its pid cannot be reused before it is reaped.
    while (isAlive(pid)) {
      if (Date.now() > killAt) signalGroup(pid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  fs.rmSync(folder, { recursive: true, force: true });
}

/**
 * True while process `pid` runs the server started in `folder` (its arguments name the folder);
 * false once it is gone, or when the pid now belongs to another process.
 */
export function isSparkServer(pid: number, folder: string): boolean {
  if (!isAlive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').some((arg) => arg.includes(folder));
  } catch {
    // No /proc entry: gone meanwhile.
    return false;
  }
}

/**
 * True while process `pid` runs. An exited child that is not reaped yet is a zombie; but the JVM's
 * main thread is a zombie too while its other threads still shut down (and hold the port), so
 * only a zombie without other threads counts as gone.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const zombie = /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return !zombie || fs.readdirSync(`/proc/${pid}/task`).length > 1;
  } catch {
    // /proc/<pid> vanished between the two reads: it has just been reaped.
    return fs.existsSync(`/proc/${pid}`);
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
