/**
 * Entry point of the gRPC server: reads flags and environment, prints the configuration, serves
 * until SIGINT or SIGTERM, then shuts down gracefully (a second signal exits at once).
 */
import { startGrpcApp } from './app';
import { ConfigError, USAGE, describeConfig, loadConfig } from './config';
import { createConsoleLogger } from './logger';
import { SERVER_VERSION } from './version';

async function main(): Promise<void> {
  const logger = createConsoleLogger();
  if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
    // Asked for, the usage is an answer (stdout, exit 0), not a configuration error.
    console.log(USAGE);
    process.exit(0);
  }
  let config;
  try {
    config = loadConfig(process.argv.slice(2), process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const app = await startGrpcApp(config, logger);
  console.log(`pipeline gRPC server ${SERVER_VERSION} listening on ${config.host}:${app.port}\n${describeConfig({ ...config, port: app.port })}`);

  let signals = 0;
  const stop = (signal: string): void => {
    if (++signals > 1) process.exit(130);
    logger.info('shutting down', { signal });
    app.shutdown().then(
      () => process.exit(0),
      (e: unknown) => {
        logger.error('shutdown failed', { error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(`grpc-server failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
});
