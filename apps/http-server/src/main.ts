/**
 * Process entry point: reads the configuration (flags, then environment, then defaults), prints
 * the banner (with a warning when it listens beyond loopback without an access token), listens,
 * re-reads the tokens file on SIGHUP, and on SIGTERM or SIGINT stops gracefully and exits 0. A
 * second signal cancels running work at once and exits 130 once it has ended (bounded). Logs are
 * JSON lines on stdout (`@pipeline/server-kit`); a configuration error is one line on stderr and
 * exit code 2.
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
import { describeConfig, parseConfig, usage, type HttpServerConfig } from './config';
import { startServer, type RunningServer } from './server';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) {
    console.log(usage());
    return;
  }
  let config: HttpServerConfig;
  let logger: Logger;
  let access: AccessControl;
  try {
    config = parseConfig(argv, process.env);
    checkDataRoot(config);
    access = createAccessControl({
      token: config.authToken,
      tokenSource: config.sources.authToken,
      tokensFile: config.authTokensFile,
      tokensFileSource: config.sources.authTokensFile,
    });
    logLevel(process.env);
    logger = createLogger({ name: 'http-server' });
  } catch (error) {
    if (!isConfigError(error)) throw error;
    console.error(`http-server: ${error.message}`);
    process.exitCode = 2;
    return;
  }

  for (const line of describeConfig(config, SERVICE_VERSION)) console.log(line);
  const warning = exposureWarning(config.host, access);
  if (warning !== undefined) console.log(warning);
  let server: RunningServer;
  try {
    server = await startServer(config, { logger, access });
  } catch (error) {
    if (isJobsError(error)) {
      // The job store named in the configuration cannot be opened (database down, wrong URL).
      console.error(`http-server: ${error.message}`);
      process.exit(1);
    }
    if ((error as { syscall?: unknown }).syscall !== 'listen') throw error;
    console.error(`http-server: cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    process.exit(1);
  }

  // A second signal or a fatal error cancels everything at once, but exits only once the job
  // workers are out of DuckDB (see stopOnSignals): never a native abort.
  stopOnSignals({ logger, target: { stop: (now) => server.close({ now }) } });
  reloadTokensOnSighup(access, logger);
  // Announced only once the handlers are in place: whoever waits for this line may signal at once.
  console.log(listeningLine(server.url));
}

function checkDataRoot(config: HttpServerConfig): void {
  const where = config.sources.dataRoot === 'default' ? 'the data root' : config.sources.dataRoot;
  let isDirectory: boolean;
  try {
    isDirectory = statSync(config.dataRoot).isDirectory();
  } catch {
    throw configError(config.sources.dataRoot, `${where} "${config.dataRoot}" does not exist`);
  }
  if (!isDirectory) throw configError(config.sources.dataRoot, `${where} "${config.dataRoot}" is not a directory`);
}

main().catch((error: unknown) => {
  console.error(`http-server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
