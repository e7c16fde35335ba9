/**
 * The settings a server reads from flags and environment variables, and the readers that turn
 * their text into values. Both apps build their settings table from these, so a value is read,
 * bounded and reported the same way in both.
 */
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { configError } from './errors';

/** One configurable value: its flag, its variable, its default and how its text is read. */
export interface Setting<T> {
  /** The flag without dashes (`data-root`). */
  readonly flag: string;
  /** The environment variable (`DATA_ROOT`). */
  readonly env: string;
  /** The banner label (`data root`). */
  readonly label: string;
  /** One line for `--help`. */
  readonly help: string;
  /** The value when neither flag nor variable is given (computed for the working directory). */
  readonly fallback: (cwd: string) => T;
  /** Reads the text given by `name` (`--port` or `PORT`); throws a ConfigError naming it. */
  readonly read: (text: string, name: string, cwd: string) => T;
  /** How the banner shows the value (default `String(value)`). */
  readonly show?: (value: T) => string;
}

/** The most job worker threads either server accepts (each holds a DuckDB database). */
export const MAX_WORKERS = 256;
/** The largest job queue either server accepts. */
export const MAX_QUEUE_CAPACITY = 1_000_000;

/** Reads an integer from `min` to `max`. */
export function readInteger(min: number, max: number): (text: string, name: string) => number {
  return (text, name) => {
    const trimmed = text.trim();
    const value = Number(trimmed);
    if (!/^\d+$/.test(trimmed) || value < min || value > max) {
      throw configError(name, `invalid ${name} "${text}": expected an integer from ${min} to ${max}`);
    }
    return value;
  };
}

const SIZE_UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** Reads a byte count written as `1048576`, `512kb`, `10mb` or `1gb` (1024-based, any case). */
export function readSize(text: string, name: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/.exec(text.trim().toLowerCase());
  const unit = match ? SIZE_UNITS[match[2]] : undefined;
  const bytes = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1 || bytes > 1024 ** 3) {
    throw configError(name, `invalid ${name} "${text}": expected a size from 1 byte to 1gb, in bytes or with a unit (kb, mb, gb)`);
  }
  return bytes;
}

/** Writes a byte count the way people read it: `10 MB (10485760 bytes)`. */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit} (${bytes} bytes)`;
  }
  return `${bytes} bytes`;
}

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, '': 1000 };

/** Reads a duration such as `90` (seconds), `90s`, `30m`, `1h` or `500ms` into milliseconds. */
export function readDuration(text: string, name: string): number {
  const match = /^(\d+)(ms|s|m|h|)$/.exec(text.trim());
  const ms = match ? Number(match[1]) * UNIT_MS[match[2]] : NaN;
  if (!Number.isSafeInteger(ms) || ms <= 0) {
    throw configError(name, `invalid ${name} "${text}": expected a positive duration (examples: 90, 90s, 30m, 1h, 500ms)`);
  }
  return ms;
}

/** The settings both servers share, given each app's port default and variable. */
export const commonSettings = {
  host: (): Setting<string> => ({
    flag: 'host',
    env: 'HOST',
    label: 'host',
    // Loopback by default: a laptop's server is not on the network until someone says so.
    help: 'interface to bind; 0.0.0.0 for every interface, as in a container (default 127.0.0.1)',
    fallback: () => '127.0.0.1',
    read: (text, name) => {
      const host = text.trim();
      if (host === '') throw configError(name, `invalid ${name}: the host must not be empty`);
      return host;
    },
  }),
  port: (env: string, fallback: number): Setting<number> => ({
    flag: 'port',
    env,
    label: 'port',
    help: `TCP port to listen on, 0 for any free port (default ${fallback})`,
    fallback: () => fallback,
    read: readInteger(0, 65535),
  }),
  /** One bearer token every call needs (see access.ts); shown masked. */
  authToken: (): Setting<string | undefined> => ({
    flag: 'auth-token',
    env: 'AUTH_TOKEN',
    label: 'auth token',
    help: 'every call needs Authorization: Bearer <token> (prefer the variable: a flag shows in ps) (default: none, open)',
    fallback: () => undefined,
    read: (text) => text.trim(),
    show: (value) => (value === undefined ? 'none' : 'set (hidden)'),
  }),
  /** A file of accepted tokens, one a line, re-read on SIGHUP. */
  authTokensFile: (): Setting<string | undefined> => ({
    flag: 'auth-tokens-file',
    env: 'AUTH_TOKENS_FILE',
    label: 'auth tokens',
    help: 'file of accepted bearer tokens, one a line, re-read on SIGHUP (default: none)',
    fallback: () => undefined,
    read: (text, _name, cwd) => path.resolve(cwd, text.trim()),
    show: (value) => value ?? 'none',
  }),
  dataRoot: (): Setting<string> => ({
    flag: 'data-root',
    env: 'DATA_ROOT',
    label: 'data root',
    help: 'directory every pipeline input and output path resolves inside (default: the working directory)',
    fallback: (cwd) => path.resolve(cwd),
    read: (text, _name, cwd) => path.resolve(cwd, text.trim()),
  }),
  /** `fallback`: the job service's default (one per core); capped at MAX_WORKERS. */
  workers: (fallback: () => number = () => availableParallelism()): Setting<number> => ({
    flag: 'workers',
    env: 'WORKERS',
    label: 'workers',
    help: `job worker threads, 1 to ${MAX_WORKERS} (default: available cores)`,
    fallback: () => Math.min(MAX_WORKERS, Math.max(1, fallback())),
    read: readInteger(1, MAX_WORKERS),
  }),
  queueCapacity: (fallback: number): Setting<number> => ({
    flag: 'queue-capacity',
    env: 'QUEUE_CAPACITY',
    label: 'queue capacity',
    help: `jobs waiting for a worker before submissions are refused (default ${fallback})`,
    fallback: () => fallback,
    read: readInteger(1, MAX_QUEUE_CAPACITY),
  }),
  /** DuckDB `memory_limit` of each job (per worker database); undefined: the job service's default. */
  memoryLimit: (): Setting<string | undefined> => ({
    flag: 'memory-limit',
    env: 'MEMORY_LIMIT',
    label: 'memory limit',
    help: 'DuckDB memory limit of each running job, such as 512MB or 2GB; beyond it DuckDB spills to disk (default: a quarter of memory shared among the workers, 256MB to 2GB)',
    fallback: () => undefined,
    read: (text, name) => {
      const value = text.trim();
      if (!/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(value)) {
        throw configError(name, `invalid ${name} "${text}": expected a size such as 512MB or 2GB`);
      }
      return value;
    },
    show: (value) => value ?? 'auto (a share of memory per worker)',
  }),
  /** Where jobs live: a `postgres://` URL (shared by every replica using it), else in memory. */
  /** The Spark Connect server of the `spark` backend (decisions 8); without it `backend: spark` is refused. */
  sparkRemote: (): Setting<string | undefined> => ({
    flag: 'spark-remote',
    env: 'SPARK_REMOTE',
    label: 'spark',
    help: 'Spark Connect URL (sc://host:port/;token=...) of the spark backend (default: none, backend spark refused)',
    fallback: () => undefined,
    read: (text, name) => {
      const value = text.trim();
      if (value === '') return undefined;
      if (!/^sc:\/\/[^/;]+/.test(value)) throw configError(name, `invalid ${name}: expected a Spark Connect URL such as sc://host:15002`);
      return value;
    },
    // The token never reaches the banner.
    show: (value) => (value === undefined ? 'not configured' : value.replace(/(;\s*token\s*=)[^;]*/gi, '$1***')),
  }),
  /** The data root as the Spark cluster sees it (a URI prefix); default `file://` + the data root. */
  sparkDataRoot: (): Setting<string | undefined> => ({
    flag: 'spark-data-root',
    env: 'SPARK_DATA_ROOT',
    label: 'spark data root',
    help: 'the data root as the Spark cluster sees it: file:///mnt/data, s3a://bucket/prefix, hdfs://... (default: file:// + the data root)',
    fallback: () => undefined,
    read: (text, name) => {
      const value = text.trim();
      if (value === '') return undefined;
      if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) throw configError(name, `invalid ${name}: expected a URI prefix such as file:///mnt/data or s3a://bucket/prefix`);
      return value;
    },
    show: (value) => value ?? 'file:// + the data root',
  }),
  databaseUrl: (): Setting<string | undefined> => ({
    flag: 'database-url',
    env: 'DATABASE_URL',
    label: 'job store',
    help: 'PostgreSQL URL (postgres://user:password@host:5432/db) where jobs live, shared by every replica using it (default: in memory)',
    fallback: () => undefined,
    read: (text, name) => {
      const value = text.trim();
      if (value === '') return undefined;
      if (!/^postgres(ql)?:\/\//.test(value)) {
        throw configError(name, `invalid ${name}: expected a postgres:// or postgresql:// URL`);
      }
      return value;
    },
    show: (value) => (value === undefined ? 'memory' : `postgres ${maskDatabaseUrl(value)}`),
  }),
  /** How long a replica may go silent before the jobs it runs fail (PostgreSQL store). */
  jobLease: (): Setting<number> => ({
    flag: 'job-lease',
    env: 'JOB_LEASE',
    label: 'job lease',
    help: 'with a database: how long a replica may go without a heartbeat before its running jobs fail as interrupted: 30, 30s, 2m (default 30s)',
    fallback: () => 30_000,
    read: readDuration,
    show: (ms) => `${ms / 1000}s`,
  }),
  /** Terminal jobs kept (the newest by submission). */
  jobRetention: (): Setting<number> => ({
    flag: 'job-retention',
    env: 'JOB_RETENTION',
    label: 'job retention',
    help: 'finished jobs kept, the newest (default 10000)',
    fallback: () => 10_000,
    read: readInteger(0, 100_000_000),
  }),
  /** How long a terminal job is kept; undefined: no age limit. */
  jobRetentionAge: (): Setting<number | undefined> => ({
    flag: 'job-retention-age',
    env: 'JOB_RETENTION_AGE',
    label: 'job max age',
    help: 'finished jobs older than this are removed: 90m, 24h, 168h (default: no age limit)',
    fallback: () => undefined,
    read: readDuration,
    show: (ms) => (ms === undefined ? 'none' : `${ms / 1000}s`),
  }),
} as const;

/** A database URL with its password (in the authority or a `password` parameter) masked, for banners and logs. */
export function maskDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    if (parsed.searchParams.has('password')) parsed.searchParams.set('password', '***');
    return parsed.toString();
  } catch {
    // Not a URL the WHATWG parser reads: hide everything between the scheme and the host.
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}
