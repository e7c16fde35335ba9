/**
 * The gRPC server's settings: the ones both servers share (`@pipeline/server-kit`) plus the
 * session limits. Flags win over variables, variables over the contract's defaults; a bad value
 * fails start-up with a message naming the flag or variable.
 */
import { DEFAULT_QUEUE_CAPACITY, defaultWorkerCount } from '@pipeline/jobs';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_TTL_MS } from '@pipeline/sessions';
import {
  bannerLines,
  commonSettings,
  parseConfig,
  readDuration,
  readInteger,
  usage,
  type ConfigOf,
  type Setting,
} from '@pipeline/server-kit';

/** Every setting of this server, in banner order. */
export const GRPC_SETTINGS = {
  host: commonSettings.host(),
  port: commonSettings.port('GRPC_PORT', 50051),
  authToken: commonSettings.authToken(),
  authTokensFile: commonSettings.authTokensFile(),
  dataRoot: commonSettings.dataRoot(),
  workers: commonSettings.workers(defaultWorkerCount),
  queueCapacity: commonSettings.queueCapacity(DEFAULT_QUEUE_CAPACITY),
  memoryLimit: commonSettings.memoryLimit(),
  sessionTtlMs: {
    flag: 'session-ttl',
    env: 'SESSION_TTL',
    label: 'session ttl',
    help: 'idle session time-to-live: 90, 90s, 30m, 1h, 500ms (default 30m)',
    fallback: () => DEFAULT_SESSION_TTL_MS,
    read: readDuration,
    show: (ms) => `${ms / 1000}s`,
  } satisfies Setting<number>,
  maxSessions: {
    flag: 'max-sessions',
    env: 'MAX_SESSIONS',
    label: 'max sessions',
    help: `open sessions before RESOURCE_EXHAUSTED (default ${DEFAULT_MAX_SESSIONS})`,
    fallback: () => DEFAULT_MAX_SESSIONS,
    read: readInteger(1, 100_000),
  } satisfies Setting<number>,
  metricsPort: {
    flag: 'metrics-port',
    env: 'METRICS_PORT',
    label: 'metrics port',
    help: 'port of the Prometheus GET /metrics listener (HTTP, on the same host), 0 for any free port (default: off)',
    fallback: () => undefined,
    read: readInteger(0, 65535),
    show: (port) => (port === undefined ? 'off' : String(port)),
  } satisfies Setting<number | undefined>,
  databaseUrl: commonSettings.databaseUrl(),
  sparkRemote: commonSettings.sparkRemote(),
  sparkDataRoot: commonSettings.sparkDataRoot(),
  jobLeaseMs: commonSettings.jobLease(),
  jobRetention: commonSettings.jobRetention(),
  jobRetentionAgeMs: commonSettings.jobRetentionAge(),
};

/** The resolved configuration, with where each value came from (`sources`). */
export type ResolvedConfig = ConfigOf<typeof GRPC_SETTINGS>;

/** The job store settings: absent, jobs live in memory with the default retention. */
type StoreKeys = 'databaseUrl' | 'jobLeaseMs' | 'jobRetention' | 'jobRetentionAgeMs';

/** Everything the gRPC server needs to start (tests build it without `sources`). */
export type ServerConfig = Omit<ResolvedConfig, 'sources' | 'memoryLimit' | 'metricsPort' | 'authToken' | 'authTokensFile' | 'sparkRemote' | 'sparkDataRoot' | StoreKeys> & {
  readonly memoryLimit?: string;
  /** Spark Connect remote (`sc://...`) and the data root as the cluster sees it; no spark backend when undefined. */
  readonly sparkRemote?: string;
  readonly sparkDataRoot?: string;
  /** Where `GET /metrics` listens; no metrics listener when undefined. */
  readonly metricsPort?: number;
} & Partial<Pick<ResolvedConfig, StoreKeys>>;

/** The help text listing every flag, its variable and its default. */
export const USAGE = usage('grpc-server', GRPC_SETTINGS);

/** Reads the configuration from `argv` (without the node and script paths) and `env`; throws a ConfigError naming the setting. */
export function loadConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): ResolvedConfig {
  return parseConfig(GRPC_SETTINGS, argv, env, cwd);
}

/** The start-up banner: the program line, then each value and where it came from. */
export function describeConfig(config: ResolvedConfig, version: string): string[] {
  return bannerLines('grpc-server', version, GRPC_SETTINGS, config);
}
