/**
 * Entry point of the gRPC server: reads flags and environment, prints the banner (with a warning
 * when it listens beyond loopback without an access token), serves until SIGINT or SIGTERM
 * (SIGHUP re-reads the tokens file), then shuts down gracefully and exits 0; a second signal
 * cancels running work at once and exits 130 once it has ended (bounded). Logs are JSON lines on
 * stdout (`@pipeline/server-kit`); a configuration error is one line on stderr, exit 2.
 */
import { statSync } from 'node:fs';
import { isJobsError } from '@pipeline/jobs';
import {
  SERVICE_VERSION,
  configError,
  createAccessControl,
  createLogger,
  exposureWarning,
  isConfigError,
  listeningLine,
  logLevel,
  reloadTokensOnSighup,
  stopOnSignals,
  wantsHelp,
  type AccessControl,
  type Logger,
} from '@pipeline/server-kit';
import { startGrpcApp } from './app';
import { USAGE, describeConfig, loadConfig, type ResolvedConfig } from './config';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) {
    // Asked for, the usage is an answer (stdout, exit 0), not a configuration error.
    console.log(USAGE);
    process.exit(0);
  }
  let config: ResolvedConfig;
  let logger: Logger;
  let access: AccessControl;
  try {
    config = loadConfig(argv, process.env);
    checkDataRoot(config);
    access = createAccessControl({
      token: config.authToken,
      tokenSource: config.sources.authToken,
      tokensFile: config.authTokensFile,
      tokensFileSource: config.sources.authTokensFile,
    });
    logLevel(process.env);
    logger = createLogger({ name: 'grpc-server' });
  } catch (e) {
    if (isConfigError(e)) {
      console.error(`grpc-server: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  for (const line of describeConfig(config, SERVICE_VERSION)) console.log(line);
  const warning = exposureWarning(config.host, access);
  if (warning !== undefined) console.log(warning);
  let app;
  try {
    app = await startGrpcApp(config, logger, { access });
  } catch (e) {
    if (!isJobsError(e)) throw e;
    // The job store named in the configuration cannot be opened (database down, wrong URL).
    console.error(`grpc-server: ${e.message}`);
    process.exit(1);
  }

  // A second signal or a fatal error cancels everything at once, but exits only once the job
  // workers are out of DuckDB (see stopOnSignals): never a native abort.
  stopOnSignals({ logger, target: { stop: (now) => app.shutdown(now ? 0 : undefined) } });
  reloadTokensOnSighup(access, logger);
  // Announced only once the handlers are in place: whoever waits for this line may signal at once.
  console.log(listeningLine(`${config.host}:${app.port}`));
}

function checkDataRoot(config: ResolvedConfig): void {
  const where = config.sources.dataRoot === 'default' ? 'the data root' : config.sources.dataRoot;
  let isDirectory: boolean;
  try {
    isDirectory = statSync(config.dataRoot).isDirectory();
  } catch {
    throw configError(config.sources.dataRoot, `${where} "${config.dataRoot}" does not exist`);
  }
  if (!isDirectory) throw configError(config.sources.dataRoot, `${where} "${config.dataRoot}" is not a directory`);
}

main().catch((e: unknown) => {
  console.error(`grpc-server failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
});
