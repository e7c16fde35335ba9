/**
 * Server configuration from command-line flags and environment variables. A flag wins over its
 * environment variable, which wins over the default; every value remembers where it came from
 * so the start-up banner can say so.
 */
import { DEFAULT_QUEUE_CAPACITY, defaultWorkerCount } from '@pipeline/jobs';
import * as path from 'node:path';

/** Where a configuration value came from: `default`, a flag such as `--port`, or a variable name. */
export type ConfigSource = string;

/** The resolved configuration of one server process. */
export interface HttpServerConfig {
  readonly port: number;
  readonly host: string;
  /** Absolute directory every pipeline input and output path resolves against. */
  readonly dataRoot: string;
  readonly workers: number;
  readonly queueCapacity: number;
  /** Largest accepted request body, in bytes. */
  readonly bodyLimit: number;
  /** The origin of each value, keyed like the fields above. */
  readonly sources: Readonly<Record<ConfigKey, ConfigSource>>;
}

/** The configurable settings. */
export type ConfigKey = 'port' | 'host' | 'dataRoot' | 'workers' | 'queueCapacity' | 'bodyLimit';

/** A flag or variable that cannot be used; the message names it and what is expected. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The request body limit when none is configured: 10 MiB. */
export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

interface Setting {
  readonly key: ConfigKey;
  readonly flag: string;
  readonly env: string;
  readonly help: string;
}

const SETTINGS: readonly Setting[] = [
  { key: 'port', flag: 'port', env: 'PORT', help: 'TCP port to listen on, 0 for any free port (default 8080)' },
  { key: 'host', flag: 'host', env: 'HOST', help: 'interface to bind (default 0.0.0.0)' },
  {
    key: 'dataRoot',
    flag: 'data-root',
    env: 'DATA_ROOT',
    help: 'directory pipeline paths resolve against (default: the working directory)',
  },
  { key: 'workers', flag: 'workers', env: 'WORKERS', help: 'job worker threads (default: number of CPUs)' },
  {
    key: 'queueCapacity',
    flag: 'queue-capacity',
    env: 'QUEUE_CAPACITY',
    help: `jobs waiting for a worker before submissions get 429 (default ${DEFAULT_QUEUE_CAPACITY})`,
  },
  {
    key: 'bodyLimit',
    flag: 'body-limit',
    env: 'BODY_LIMIT',
    help: 'largest request body: bytes or a size such as 512kb, 10mb (default 10mb)',
  },
];

/** The `--help` text. */
export function usage(): string {
  const lines = ['Usage: node main.js [options]', '', 'Options (each also read from the environment variable shown):'];
  for (const s of SETTINGS) {
    lines.push(`  --${s.flag} <value>`.padEnd(28) + `${s.env.padEnd(16)}${s.help}`);
  }
  lines.push('  --help'.padEnd(28) + ''.padEnd(16) + 'print this text and exit');
  return lines.join('\n');
}

/** Whether the command line asks for the usage text. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/**
 * Resolves the configuration from `argv` (the arguments after the script name), the environment
 * and the working directory. Throws ConfigError naming the flag or variable at fault.
 */
export function parseConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): HttpServerConfig {
  const flags = parseFlags(argv);
  const raw = {} as Record<ConfigKey, { text: string; source: ConfigSource } | undefined>;
  for (const s of SETTINGS) {
    const fromFlag = flags.get(s.flag);
    const fromEnv = env[s.env];
    if (fromFlag !== undefined) raw[s.key] = { text: fromFlag, source: `--${s.flag}` };
    else if (fromEnv !== undefined && fromEnv !== '') raw[s.key] = { text: fromEnv, source: s.env };
    else raw[s.key] = undefined;
  }

  const sources = {} as Record<ConfigKey, ConfigSource>;
  const pick = <T>(key: ConfigKey, fallback: T, read: (text: string, name: string) => T): T => {
    const given = raw[key];
    sources[key] = given ? given.source : 'default';
    return given ? read(given.text, given.source) : fallback;
  };

  const port = pick('port', 8080, (t, n) => readInteger(t, n, 0, 65535));
  const host = pick('host', '0.0.0.0', (t) => t.trim());
  const dataRoot = pick('dataRoot', path.resolve(cwd), (t) => path.resolve(cwd, t));
  const workers = pick('workers', defaultWorkerCount(), (t, n) => readInteger(t, n, 1, 1024));
  const queueCapacity = pick('queueCapacity', DEFAULT_QUEUE_CAPACITY, (t, n) =>
    readInteger(t, n, 1, 10_000_000),
  );
  const bodyLimit = pick('bodyLimit', DEFAULT_BODY_LIMIT, readSize);
  if (host === '') throw new ConfigError(`invalid ${sources.host}: the host must not be empty`);
  return { port, host, dataRoot, workers, queueCapacity, bodyLimit, sources };
}

/** Reads `--name value` and `--name=value` pairs; anything else is an error. */
function parseFlags(argv: readonly string[]): Map<string, string> {
  const known = new Set(SETTINGS.map((s) => s.flag));
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new ConfigError(`unexpected argument "${arg}" (see --help)`);
    const [, name, inline] = match;
    if (!known.has(name)) {
      throw new ConfigError(`unknown flag --${name} (expected one of ${[...known].map((f) => `--${f}`).join(', ')})`);
    }
    let value = inline;
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new ConfigError(`flag --${name} needs a value`);
      i++;
    }
    if (flags.has(name)) throw new ConfigError(`flag --${name} is given more than once`);
    flags.set(name, value);
  }
  return flags;
}

function readInteger(text: string, name: string, min: number, max: number): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || value < min || value > max) {
    throw new ConfigError(`invalid ${name} "${text}": expected an integer from ${min} to ${max}`);
  }
  return value;
}

const SIZE_UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** Reads a byte count written as `1048576`, `512kb`, `10mb` or `1gb` (1024-based, any case). */
function readSize(text: string, name: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/.exec(text.trim().toLowerCase());
  const unit = match ? SIZE_UNITS[match[2]] : undefined;
  const bytes = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1 || bytes > 1024 ** 3) {
    throw new ConfigError(
      `invalid ${name} "${text}": expected a size from 1 byte to 1gb, in bytes or with a unit (kb, mb, gb)`,
    );
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

/** The start-up banner lines describing the configuration and where each value came from. */
export function describeConfig(config: HttpServerConfig): string[] {
  const rows: [string, string, ConfigKey][] = [
    ['host', config.host, 'host'],
    ['port', String(config.port), 'port'],
    ['data root', config.dataRoot, 'dataRoot'],
    ['workers', String(config.workers), 'workers'],
    ['queue capacity', String(config.queueCapacity), 'queueCapacity'],
    ['body limit', formatBytes(config.bodyLimit), 'bodyLimit'],
  ];
  return rows.map(([label, value, key]) => `  ${label.padEnd(15)} ${value}  [${config.sources[key]}]`);
}
