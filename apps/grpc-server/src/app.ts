/**
 * Builds the whole gRPC application from its configuration: the job service, the session
 * manager and the server, and one shutdown that stops them in order (server first, so no call
 * reaches a stopped library).
 */
import { createJobService, defaultDuckdbMemoryLimit, openJobStore } from '@pipeline/jobs';
import { createServiceMetrics, serveMetrics, type MetricsListener } from '@pipeline/metrics';
import { createSessionManager } from '@pipeline/sessions';
import { SERVICE_VERSION, errorFields, type AccessControl, type Logger } from '@pipeline/server-kit';
import type { ServerConfig } from './config';
import { createPipelineService } from './rpc/pipeline-service';
import { startGrpcServer } from './server';

/** A running application. */
export interface GrpcApp {
  readonly port: number;
  /** The bound port of `GET /metrics` (the real one when 0 was asked); undefined when metrics are off. */
  readonly metricsPort?: number;
  /**
   * Graceful: running calls and jobs get `graceMs`, then are cancelled; resolves once every job
   * worker has left DuckDB (bounded by the jobs library's cancel timeout). Called again with 0
   * while it runs, everything is cancelled at once (the same promise).
   */
  shutdown(graceMs?: number): Promise<void>;
}

/** Extra wiring for tests and embedding. */
export interface GrpcAppOverrides {
  /** The jobs worker bundle (default: next to the bundle, or built from sources). */
  readonly jobsWorkerFile?: string;
  /** The danfo session worker bundle (default: next to the bundle, or built from sources). */
  readonly danfoWorkerFile?: string;
  /** Who may call (main.ts builds it from the token settings); default: anyone. */
  readonly access?: AccessControl;
  /** How often the health status of the pipeline service is checked against readiness (default 2 s). */
  readonly readinessCheckMs?: number;
}

/** Starts the job service, the session manager and the server. */
export async function startGrpcApp(config: ServerConfig, logger: Logger, overrides: GrpcAppOverrides = {}): Promise<GrpcApp> {
  // This instance's own registry: servers started in one process (the tests) count apart.
  const metrics = createServiceMetrics({ transport: 'grpc' });
  const onJobError = (e: Error) => logger.error(errorFields(e), 'job service error');
  const sparkSettings = config.sparkRemote === undefined ? {} : { spark: { remote: config.sparkRemote, ...(config.sparkDataRoot === undefined ? {} : { dataRoot: config.sparkDataRoot }) } };
  const store = await openJobStore({
    databaseUrl: config.databaseUrl,
    leaseMs: config.jobLeaseMs,
    retention: config.jobRetention,
    retentionAgeMs: config.jobRetentionAgeMs,
    onError: onJobError,
  });
  const jobs = createJobService({
    store,
    dataRoot: config.dataRoot,
    workers: config.workers,
    queueCapacity: config.queueCapacity,
    engine: {
      ...(config.memoryLimit === undefined ? {} : { duckdb: { memoryLimit: config.memoryLimit } }),
      ...sparkSettings,
    },
    ...(overrides.jobsWorkerFile === undefined ? {} : { workerFile: overrides.jobsWorkerFile }),
    logger,
    onJobChange: metrics.onJobChange,
    onError: onJobError,
    // Listen first: a warm-up or a job taken back from the queue must not delay it.
    startLater: true,
  });
  const sessions = createSessionManager({
    dataRoot: config.dataRoot,
    ttlMs: config.sessionTtlMs,
    maxSessions: config.maxSessions,
    // The limit a job has, for every session together (one DuckDB database, one budget).
    memoryLimit: config.memoryLimit ?? defaultDuckdbMemoryLimit(config.workers),
    ...sparkSettings,
    ...(overrides.danfoWorkerFile === undefined ? {} : { danfoWorkerFile: overrides.danfoWorkerFile }),
    onBackgroundError: (e, context) =>
      logger.error({ ...context, ...errorFields(e) }, 'session error'),
  });
  metrics.readFrom({ jobs: () => jobs.stats(), sessionsOpen: () => sessions.size });
  let server;
  let metricsListener: MetricsListener | undefined;
  try {
    server = await startGrpcServer({
      host: config.host,
      port: config.port,
      logger,
      metrics,
      ...(overrides.access === undefined ? {} : { access: overrides.access }),
      service: createPipelineService({ version: SERVICE_VERSION, jobs, sessions, logger }),
      readiness: () => jobs.readiness(),
      ...(overrides.readinessCheckMs === undefined ? {} : { readinessCheckMs: overrides.readinessCheckMs }),
    });
    jobs.start();
    // The warm-up rehearsal runs beside the first jobs; nothing waits for it.
    void jobs.ready();
    if (config.metricsPort !== undefined) metricsListener = await serveMetrics(metrics, { host: config.host, port: config.metricsPort });
  } catch (e) {
    await Promise.allSettled([server?.shutdown(0), jobs.shutdown({ graceMs: 0 }), sessions.shutdown()]);
    throw e;
  }
  const running = server;
  let stopping: Promise<void> | undefined;
  return {
    port: running.port,
    ...(metricsListener === undefined ? {} : { metricsPort: metricsListener.port }),
    shutdown(graceMs = 10_000) {
      if (stopping !== undefined && graceMs === 0) {
        // Stop now: calls cancelled, running jobs and session queries interrupted at once. The
        // promise still waits for them to end: threads must not go away inside DuckDB.
        void running.shutdown(0);
        void jobs.shutdown({ graceMs: 0 });
        void sessions.shutdown();
      }
      stopping ??= (async () => {
        await running.shutdown(graceMs);
        await Promise.all([jobs.shutdown({ graceMs }), sessions.shutdown()]);
        // Last, so that the drain itself can be watched.
        await metricsListener?.close();
      })();
      return stopping;
    },
  };
}
