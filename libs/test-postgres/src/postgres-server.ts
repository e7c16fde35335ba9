/**
 * A real PostgreSQL server for tests: a fresh cluster (`initdb`) in a temporary folder, started
 * with `pg_ctl` on a free port of 127.0.0.1, stopped and removed afterwards. PostgreSQL refuses
 * to run as root, so under root the cluster belongs to the `postgres` user and every command runs
 * as that user (`runuser`). The binaries come from PATH, else from Debian's
 * `/usr/lib/postgresql/<version>/bin`.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);

/** A running test server. */
export interface PostgresServer {
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` (trust authentication, no password). */
  url(database?: string): string;
  /** Creates an empty database (named `t_<n>` unless given) and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server, abruptly with `immediate` (no shutdown checkpoint, like a crash). */
  stopServer(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts the stopped server again on the same port with the same data. */
  startServer(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** Where `initdb`/`pg_ctl` live: PATH first, then Debian's versioned folder. */
function findBinaries(): string {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    if (dir !== '' && fs.existsSync(path.join(dir, 'pg_ctl')) && fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian) ? fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(debian, version, 'bin');
    if (fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found: install PostgreSQL (Debian: apt-get install postgresql)');
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

let databases = 0;

/** Starts a fresh PostgreSQL server; call `stop()` when done (an `afterAll`). */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = findBinaries();
  const asRoot = process.getuid?.() === 0;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'test-postgres-'));
  const data = path.join(folder, 'data');
  const socket = path.join(folder, 'socket');
  fs.mkdirSync(socket);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    const uid = Number(stdout.trim());
    for (const p of [folder, socket]) fs.chownSync(p, uid, Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${socket}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=300',
    // A test cluster: no flush to disk (the machine does not crash under a test); a committed
    // transaction still survives a server crash (`stopServer('immediate')`).
    '-c fsync=off',
  ].join(' ');
  const log = path.join(folder, 'server.log');
  const startServer = async (): Promise<void> => {
    try {
      await pg('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']);
    } catch (error) {
      const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : '';
      throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${tail}`);
    }
  };
  const stopServer = async (mode: 'fast' | 'immediate' = 'fast'): Promise<void> => {
    await pg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
  };
  await startServer();

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    port,
    url,
    async createDatabase(name = `t_${process.pid}_${++databases}`) {
      const client = new Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stopServer,
    startServer,
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopServer('immediate').catch(() => undefined);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
