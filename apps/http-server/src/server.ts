/**
 * Starts the HTTP server on its own job service and stops it gracefully: stop accepting, answer
 * pending waits with the job as it is, let in-flight requests finish, then shut the job service
 * down. Used by main.ts and by the black-box tests (port 0).
 */
import { createJobService, openJobStore } from '@pipeline/jobs';
import { createServiceMetrics } from '@pipeline/metrics';
import { SERVICE_VERSION, silentLogger, type AccessControl, type Logger } from '@pipeline/server-kit';
import { setMaxListeners } from 'node:events';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { createRequestListener } from './app';
import type { HttpServerConfig } from './config';

/** The job store settings: absent, jobs live in memory with the default retention. */
type StoreKeys = 'databaseUrl' | 'jobLeaseMs' | 'jobRetention' | 'jobRetentionAgeMs' | 'sparkRemote' | 'sparkDataRoot';

/** The settings startServer uses (HttpServerConfig without the value origins). */
export type ServerSettings = Omit<HttpServerConfig, 'sources' | 'memoryLimit' | 'authToken' | 'authTokensFile' | StoreKeys> & { readonly memoryLimit?: string } & Partial<
    Pick<HttpServerConfig, StoreKeys>
  >;

/** Options for startServer beyond the configuration. */
export interface ServerOptions {
  /** Where request, job and shutdown lines go (`@pipeline/server-kit`'s format); default: none. */
  readonly logger?: Logger;
  /** How long shutdown lets in-flight requests and running jobs finish before cutting them off. */
  readonly shutdownGraceMs?: number;
  /**
   * The built web console to serve at `/`. Default: the `console` folder beside the running bundle
   * (the build puts it there), when it exists; `null`: no console.
   */
  readonly consoleDir?: string | null;
  /** Who may call `/api` (built from the token settings by main.ts); default: anyone. */
  readonly access?: AccessControl;
}

/** A listening server. */
export interface RunningServer {
  /** `http://<host>:<port>`, with the port actually bound (useful with port 0). */
  readonly url: string;
  readonly port: number;
  /**
   * Graceful stop; resolves once connections are closed and the job service is shut down. With
   * `now` (also while a graceful stop runs) connections are cut and running jobs cancelled at
   * once; it still resolves only once the job workers have left DuckDB (bounded).
   */
  close(options?: { readonly now?: boolean }): Promise<void>;
}

/** Shutdown grace when none is given. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** Creates the job service and the application, and listens on `settings.host:settings.port`. */
export async function startServer(settings: ServerSettings, options: ServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? silentLogger;
  const graceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  // This instance's own registry: servers started in one process (the tests) count apart.
  const metrics = createServiceMetrics({ transport: 'http' });
  const onError = (error: Error) => logger.error({ error: { message: error.message, stack: error.stack } }, 'job service error');
  const store = await openJobStore({
    databaseUrl: settings.databaseUrl,
    leaseMs: settings.jobLeaseMs,
    retention: settings.jobRetention,
    retentionAgeMs: settings.jobRetentionAgeMs,
    onError,
  });
  const jobs = createJobService({
    store,
    dataRoot: settings.dataRoot,
    workers: settings.workers,
    queueCapacity: settings.queueCapacity,
    engine: {
      ...(settings.memoryLimit === undefined ? {} : { duckdb: { memoryLimit: settings.memoryLimit } }),
      ...(settings.sparkRemote === undefined ? {} : { spark: { remote: settings.sparkRemote, ...(settings.sparkDataRoot === undefined ? {} : { dataRoot: settings.sparkDataRoot }) } }),
    },
    logger,
    onJobChange: metrics.onJobChange,
    onError,
    // Listen first: a warm-up or a job taken back from the queue must not delay it.
    startLater: true,
  });
  metrics.readFrom({ jobs: () => jobs.stats() });
  const shutdown = new AbortController();
  // Every pending wait listens to it (and stops when it ends): many at once are normal, not a leak.
  setMaxListeners(0, shutdown.signal);
  const listener = createRequestListener({
    jobs,
    version: SERVICE_VERSION,
    bodyLimit: settings.bodyLimit,
    shutdownSignal: shutdown.signal,
    logger,
    consoleDir: consoleDirOf(options.consoleDir),
    metrics,
    ...(options.access === undefined ? {} : { access: options.access }),
  });
  const server = http.createServer(listener);
  // Keep-alive connections would otherwise hold a closing server open until they time out.
  server.on('request', (_req, res: http.ServerResponse) => {
    res.on('finish', () => {
      if (shutdown.signal.aborted) setImmediate(() => server.closeIdleConnections());
    });
  });

  try {
    await listen(server, settings.port, settings.host);
  } catch (error) {
    await jobs.shutdown({ graceMs: 0 });
    throw error;
  }
  jobs.start();
  // The warm-up rehearsal runs beside the first jobs; nothing waits for it.
  void jobs.ready();
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = (closeOptions: { readonly now?: boolean } = {}) => {
    if (closeOptions.now === true) {
      shutdown.abort();
      server.closeAllConnections();
      void jobs.shutdown({ graceMs: 0 });
    }
    const jobsGraceMs = closeOptions.now === true ? 0 : graceMs;
    return (closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      shutdown.abort();
      server.closeIdleConnections();
      const cutOff = setTimeout(() => {
        logger.info({ graceMs }, `shutdown: closing connections still open after ${graceMs} ms`);
        server.closeAllConnections();
      }, graceMs);
      await closed;
      clearTimeout(cutOff);
      await jobs.shutdown({ graceMs: jobsGraceMs });
    })());
  };

  return { url: `http://${urlHost(settings.host)}:${port}`, port, close };
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** The console folder to serve: as given, or `console/` beside this file when it was built there. */
function consoleDirOf(given: string | null | undefined): string | undefined {
  if (given === null) return undefined;
  if (given !== undefined) return given;
  const beside = path.join(__dirname, 'console');
  return fs.existsSync(path.join(beside, 'index.html')) ? beside : undefined;
}

/** The host as written in a URL: IPv6 in brackets. */
function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
