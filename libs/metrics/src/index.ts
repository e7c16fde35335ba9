/**
 * @pipeline/metrics: the Prometheus metrics both servers expose (prom-client), one registry per
 * server instance. Jobs are counted from the job service's `onJobChange` listener; queue depth,
 * running jobs and open sessions are read when scraped; each app's transport middleware observes
 * request latency. `serveMetrics` answers `GET /metrics` on a port of its own (the gRPC server's).
 *
 * @example
 * const metrics = createServiceMetrics({ transport: 'grpc' });
 * const jobs = createJobService({ dataRoot, onJobChange: metrics.onJobChange });
 * metrics.readFrom({ jobs: () => jobs.stats(), sessionsOpen: () => sessions.size });
 * metrics.observeRequest({ route: '/pipeline.v1.PipelineService/SubmitJob', status: 'OK' }, 0.004);
 * const listener = await serveMetrics(metrics, { host: '0.0.0.0', port: 9464 }); // GET /metrics
 */
export {
  JOB_DURATION_BUCKETS,
  METRIC_NAMES,
  REQUEST_DURATION_BUCKETS,
  createServiceMetrics,
} from './service-metrics';
export type { MetricSources, RequestLabels, ServiceMetrics, ServiceMetricsOptions, Transport } from './service-metrics';
export { serveMetrics } from './serve-metrics';
export type { MetricsListener, MetricsListenerOptions } from './serve-metrics';
