/**
 * Process entry point: reads the configuration (flags, then environment, then defaults), prints
 * it, listens, and on SIGTERM or SIGINT stops gracefully and exits 0. A second signal exits at once.
 */
import { statSync } from 'node:fs';
import { ConfigError, describeConfig, parseConfig, usage, wantsHelp, type HttpServerConfig } from './config';
import { consoleLogger } from './logger';
import { startServer, type RunningServer } from './server';
import { SERVER_VERSION } from './version';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) {
    console.log(usage());
    return;
  }
  let config: HttpServerConfig;
  try {
    config = parseConfig(argv, process.env);
    checkDataRoot(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`http-server: ${error.message}`);
    process.exitCode = 2;
    return;
  }

  console.log(`http-server ${SERVER_VERSION} (node ${process.version}, pid ${process.pid})`);
  for (const line of describeConfig(config)) console.log(line);
  let server: RunningServer;
  try {
    server = await startServer(config, { logger: consoleLogger });
  } catch (error) {
    if ((error as { syscall?: unknown }).syscall !== 'listen') throw error;
    console.error(`http-server: cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    process.exit(1);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: no longer accepting connections, draining`);
    server.close().then(
      () => {
        console.log('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        consoleLogger.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Announced only once the handlers are in place: whoever waits for this line may signal at once.
  console.log(`listening on ${server.url}`);
}

function checkDataRoot(config: HttpServerConfig): void {
  const where = config.sources.dataRoot === 'default' ? 'the data root' : config.sources.dataRoot;
  let isDirectory: boolean;
  try {
    isDirectory = statSync(config.dataRoot).isDirectory();
  } catch {
    throw new ConfigError(`${where} "${config.dataRoot}" does not exist`);
  }
  if (!isDirectory) throw new ConfigError(`${where} "${config.dataRoot}" is not a directory`);
}

main().catch((error: unknown) => {
  consoleLogger.error('http-server failed to start', error);
  process.exit(1);
});
