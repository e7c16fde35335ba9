/**
 * The HTTP server's settings: the ones both servers share (`@pipeline/server-kit`) plus the
 * request body limit. A flag wins over its variable, which wins over the default; every value
 * remembers where it came from so the start-up banner can say so.
 */
import { DEFAULT_QUEUE_CAPACITY, defaultWorkerCount } from '@pipeline/jobs';
import {
  bannerLines,
  commonSettings,
  formatBytes,
  parseConfig as parseSettings,
  readSize,
  usage as settingsUsage,
  type ConfigOf,
  type Setting,
} from '@pipeline/server-kit';

/** The request body limit when none is configured: 10 MiB. */
export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

/** Every setting of this server, in banner order. */
export const HTTP_SETTINGS = {
  host: commonSettings.host(),
  port: commonSettings.port('PORT', 8080),
  authToken: commonSettings.authToken(),
  authTokensFile: commonSettings.authTokensFile(),
  dataRoot: commonSettings.dataRoot(),
  workers: commonSettings.workers(defaultWorkerCount),
  queueCapacity: commonSettings.queueCapacity(DEFAULT_QUEUE_CAPACITY),
  memoryLimit: commonSettings.memoryLimit(),
  bodyLimit: {
    flag: 'body-limit',
    env: 'BODY_LIMIT',
    label: 'body limit',
    help: 'largest request body: bytes or a size such as 512kb, 10mb (default 10mb)',
    fallback: () => DEFAULT_BODY_LIMIT,
    read: readSize,
    show: formatBytes,
  } satisfies Setting<number>,
  databaseUrl: commonSettings.databaseUrl(),
  sparkRemote: commonSettings.sparkRemote(),
  sparkDataRoot: commonSettings.sparkDataRoot(),
  jobLeaseMs: commonSettings.jobLease(),
  jobRetention: commonSettings.jobRetention(),
  jobRetentionAgeMs: commonSettings.jobRetentionAge(),
};

/** The resolved configuration of one server process (with `sources`: where each value came from). */
export type HttpServerConfig = ConfigOf<typeof HTTP_SETTINGS>;

/** The `--help` text. */
export function usage(): string {
  return settingsUsage('node main.js', HTTP_SETTINGS);
}

/**
 * Resolves the configuration from `argv` (the arguments after the script name), the environment
 * and the working directory. Throws a ConfigError naming the flag or variable at fault.
 */
export function parseConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): HttpServerConfig {
  return parseSettings(HTTP_SETTINGS, argv, env, cwd);
}

/** The start-up banner: the program line, then each value and where it came from. */
export function describeConfig(config: HttpServerConfig, version: string): string[] {
  return bannerLines('http-server', version, HTTP_SETTINGS, config);
}
