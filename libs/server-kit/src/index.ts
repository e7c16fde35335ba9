/**
 * @pipeline/server-kit: what both servers share at start-up and while running: settings read
 * from flags (`node:util` `parseArgs`) and environment, one banner, one version, one log format
 * (pino JSON lines with request and job ids). No transport package here (no express, no nice-grpc).
 *
 * @example
 * const settings = { host: commonSettings.host(), port: commonSettings.port('PORT', 8080) };
 * const config = parseConfig(settings, process.argv.slice(2), process.env); // throws ConfigError
 * for (const line of bannerLines('http-server', SERVICE_VERSION, settings, config)) console.log(line);
 * const logger = createLogger({ name: 'http-server' });
 * logger.child({ requestId }).info({ jobId }, 'job submitted');
 * const access = createAccessControl({ token: config.authToken, tokensFile: config.authTokensFile });
 * access.allows(req.headers.authorization); // true without tokens, else a known bearer token
 */
export { parseConfig, usage, wantsHelp } from './config';
export type { ConfigOf, Settings } from './config';
export {
  MAX_QUEUE_CAPACITY,
  MAX_WORKERS,
  commonSettings,
  formatBytes,
  maskDatabaseUrl,
  readDuration,
  readInteger,
  readSize,
} from './settings';
export type { Setting } from './settings';
export { bannerLines, listeningLine } from './banner';
export {
  MAX_TOKEN_CHARS,
  bearerToken,
  createAccessControl,
  exposureWarning,
  isLoopbackHost,
  readTokensFile,
  reloadTokensOnSighup,
} from './access';
export type { AccessControl, AccessOptions } from './access';
export { SERVICE_VERSION, workspaceVersion } from './version';
export {
  LOG_LEVELS,
  createLineCollector,
  createLogger,
  createRecordingLogger,
  errorFields,
  logLevel,
  requestIdFrom,
  silentLogger,
  writeLines,
} from './logger';
export type { Logger, LoggerOptions } from './logger';
export { configError, isConfigError, serverKitCatalogue } from './errors';
export { READINESS_CHECK_MS, watchReadiness } from './readiness';
export type { Readiness, ReadinessWatch } from './readiness';
export {
  FIELD_LIMITS,
  MAX_ERROR_MESSAGE_CHARS,
  MAX_MAP_ENTRIES,
  boundErrorMessage,
  fieldRuleSchema,
  firstFieldProblem,
  lengthProblem,
} from './field-limits';
export type { FieldKind, FieldRule, FieldRules, JsonSchema } from './field-limits';
export { DEFAULT_STOP_NOW_BOUND_MS, EXIT_STOPPED_NOW, stopOnSignals } from './stop-on-signals';
export type { SignalStopper, StopOnSignalsOptions, StopTarget } from './stop-on-signals';
export type { ConfigError } from './errors';
