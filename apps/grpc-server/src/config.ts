/**
 * Server configuration from command-line flags and environment variables (flags win), with the
 * defaults of the contract. Bad values fail start-up with a message naming the flag or variable.
 */
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';

/** Everything the gRPC server needs to start. */
export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** Absolute directory every input and output path resolves inside. */
  readonly dataRoot: string;
  readonly workers: number;
  readonly queueCapacity: number;
  /** Idle time after which a session is closed, in milliseconds. */
  readonly sessionTtlMs: number;
  readonly maxSessions: number;
}

/** A configuration value that cannot be used; `setting` is the flag or variable at fault. */
export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    detail: string,
  ) {
    super(`invalid configuration ${setting}: ${detail}`);
    this.name = 'ConfigError';
  }
}

interface Setting {
  readonly flag: string;
  readonly env: string;
}

const SETTINGS = {
  host: { flag: '--host', env: 'HOST' },
  port: { flag: '--port', env: 'GRPC_PORT' },
  dataRoot: { flag: '--data-root', env: 'DATA_ROOT' },
  workers: { flag: '--workers', env: 'WORKERS' },
  queueCapacity: { flag: '--queue-capacity', env: 'QUEUE_CAPACITY' },
  sessionTtl: { flag: '--session-ttl', env: 'SESSION_TTL' },
  maxSessions: { flag: '--max-sessions', env: 'MAX_SESSIONS' },
} as const satisfies Record<string, Setting>;

/** The help text listing every flag, its variable and its default. */
export const USAGE = `Usage: grpc-server [flags]
  --host <addr>            HOST            listen address (default 0.0.0.0)
  --port <n>               GRPC_PORT       listen port, 0 picks a free one (default 50051)
  --data-root <dir>        DATA_ROOT       directory holding inputs and outputs (default: working directory)
  --workers <n>            WORKERS         job worker threads (default: available cores)
  --queue-capacity <n>     QUEUE_CAPACITY  queued jobs before RESOURCE_EXHAUSTED (default 1000)
  --session-ttl <dur>      SESSION_TTL     idle session time-to-live: 90, 90s, 30m, 1h, 500ms (default 30m)
  --max-sessions <n>       MAX_SESSIONS    open sessions before RESOURCE_EXHAUSTED (default 100)`;

function parseFlags(argv: readonly string[]): Map<string, string> {
  const known = new Set<string>(Object.values(SETTINGS).map((s) => s.flag));
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    if (!known.has(flag)) throw new ConfigError(arg, `unknown flag\n${USAGE}`);
    let value: string | undefined = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new ConfigError(flag, 'missing value');
    value = value.trim();
    flags.set(flag, value);
  }
  return flags;
}

function integer(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw new ConfigError(name, `"${text}" is not a non-negative integer`);
  const n = Number(text);
  if (n < min || n > max) throw new ConfigError(name, `${n} is outside ${min}..${max}`);
  return n;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, '': 1000 };

/** Parses a duration such as `90` (seconds), `90s`, `30m`, `1h` or `500ms` into milliseconds. */
export function parseDuration(name: string, text: string): number {
  const m = /^(\d+)(ms|s|m|h|)$/.exec(text);
  if (!m) throw new ConfigError(name, `"${text}" is not a duration (examples: 90, 90s, 30m, 1h, 500ms)`);
  const ms = Number(m[1]) * UNIT_MS[m[2]];
  if (ms <= 0) throw new ConfigError(name, 'must be positive');
  return ms;
}

/** Reads the configuration from `argv` (without the node and script paths) and `env`. */
export function loadConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): ServerConfig {
  const flags = parseFlags(argv);
  const get = (s: Setting): { name: string; value: string } | undefined => {
    const fromFlag = flags.get(s.flag);
    if (fromFlag !== undefined) return { name: s.flag, value: fromFlag };
    const fromEnv = env[s.env]?.trim();
    return fromEnv ? { name: s.env, value: fromEnv } : undefined;
  };
  const int = (s: Setting, fallback: number, min: number, max: number): number => {
    const v = get(s);
    return v ? integer(v.name, v.value, min, max) : fallback;
  };
  const ttl = get(SETTINGS.sessionTtl);
  return {
    host: get(SETTINGS.host)?.value ?? '0.0.0.0',
    port: int(SETTINGS.port, 50051, 0, 65535),
    dataRoot: resolve(cwd, get(SETTINGS.dataRoot)?.value ?? '.'),
    workers: int(SETTINGS.workers, Math.max(1, availableParallelism()), 1, 256),
    queueCapacity: int(SETTINGS.queueCapacity, 1000, 1, 1_000_000),
    sessionTtlMs: ttl ? parseDuration(ttl.name, ttl.value) : 30 * 60_000,
    maxSessions: int(SETTINGS.maxSessions, 100, 1, 100_000),
  };
}

/** One line per setting, for the start-up banner. */
export function describeConfig(config: ServerConfig): string {
  return [
    `  host            ${config.host}`,
    `  port            ${config.port}`,
    `  data root       ${config.dataRoot}`,
    `  workers         ${config.workers}`,
    `  queue capacity  ${config.queueCapacity}`,
    `  session ttl     ${config.sessionTtlMs / 1000}s`,
    `  max sessions    ${config.maxSessions}`,
  ].join('\n');
}
