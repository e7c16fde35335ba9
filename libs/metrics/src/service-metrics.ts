/**
 * The metrics one server instance exposes, on a registry of its own (several servers may run in
 * one process, as in the tests). Job counters and the duration histogram are fed by the job
 * service's change listener (`onJobChange`); queue depth, running jobs and open sessions are read
 * from their sources when scraped; request latency is observed by the app's transport middleware.
 */
import { DEFAULT_BACKEND } from '@pipeline/engine';
import { TERMINAL_STATUSES, isTerminalStatus, type JobRecord, type JobServiceStats } from '@pipeline/jobs';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Which interface the request latency histogram describes. */
export type Transport = 'http' | 'grpc';

/** Every metric name, by what it measures. */
export const METRIC_NAMES = {
  jobsSubmitted: 'pipeline_jobs_submitted_total',
  jobsFinished: 'pipeline_jobs_finished_total',
  jobsQueued: 'pipeline_jobs_queued',
  jobsRunning: 'pipeline_jobs_running',
  jobDuration: 'pipeline_job_duration_seconds',
  httpRequestDuration: 'pipeline_http_request_duration_seconds',
  grpcRequestDuration: 'pipeline_grpc_request_duration_seconds',
  sessionsOpen: 'pipeline_sessions_open',
} as const;

/** Bucket bounds of the job duration histogram, in seconds (a job runs from milliseconds to an hour). */
export const JOB_DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

/** Bucket bounds of the request latency histogram, in seconds (a wait may last up to an hour). */
export const REQUEST_DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600];

/** Options of {@link createServiceMetrics}. */
export interface ServiceMetricsOptions {
  /** The interface whose requests are measured: names the latency histogram and its labels. */
  readonly transport: Transport;
}

/** The labels of one measured request: the route template (HTTP) or the RPC path (gRPC), and the outcome. */
export interface RequestLabels {
  /** HTTP: the route template (`/api/jobs/{id}`); gRPC: the method path (`/pipeline.v1.PipelineService/SubmitJob`). */
  readonly route: string;
  /** HTTP: the status code (`202`); gRPC: the status name (`OK`, `NOT_FOUND`). */
  readonly status: string;
  /** HTTP only: the method. */
  readonly method?: string;
}

/** Where the scrape-time gauges read their values. */
export interface MetricSources {
  /** The job service's counters (queued and running jobs). */
  readonly jobs?: () => Pick<JobServiceStats, 'queued' | 'running'>;
  /** Open sessions; the sessions gauge exists only when given. */
  readonly sessionsOpen?: () => number;
}

/** One server instance's metrics. */
export interface ServiceMetrics {
  /** The instance's own registry (never prom-client's global one). */
  readonly registry: Registry;
  /** The Content-Type of {@link ServiceMetrics.text}: Prometheus text format 0.0.4. */
  readonly contentType: string;
  /** Give it to `createJobService({ onJobChange })`: counts submissions and ends, times jobs. */
  readonly onJobChange: (job: JobRecord) => void;
  /** Tells the gauges where to read; call once the job service (and session manager) exist. */
  readFrom(sources: MetricSources): void;
  /** Records one finished request. */
  observeRequest(labels: RequestLabels, seconds: number): void;
  /** Every metric in Prometheus text format. */
  text(): Promise<string>;
}

/** Creates the metrics of one server instance on a fresh registry. */
export function createServiceMetrics(options: ServiceMetricsOptions): ServiceMetrics {
  const registry = new Registry();
  let sources: MetricSources = {};

  const submitted = new Counter({
    name: METRIC_NAMES.jobsSubmitted,
    help: 'Jobs accepted and queued since the server started.',
    registers: [registry],
  });
  const finished = new Counter({
    name: METRIC_NAMES.jobsFinished,
    help: 'Jobs that reached a final status (completed, failed, cancelled) since the server started.',
    labelNames: ['status'],
    registers: [registry],
  });
  // Every final status is shown from the start, so a rate over a counter that has not moved yet is 0, not absent.
  for (const status of TERMINAL_STATUSES) finished.inc({ status }, 0);
  new Gauge({
    name: METRIC_NAMES.jobsQueued,
    help: 'Jobs waiting in the queue for a worker (queue depth).',
    registers: [registry],
    collect() {
      this.set(sources.jobs?.().queued ?? 0);
    },
  });
  new Gauge({
    name: METRIC_NAMES.jobsRunning,
    help: 'Jobs running on a worker now.',
    registers: [registry],
    collect() {
      this.set(sources.jobs?.().running ?? 0);
    },
  });
  const duration = new Histogram({
    name: METRIC_NAMES.jobDuration,
    help: 'How long jobs ran, from start to final status, by backend and final status (jobs cancelled while queued never ran and are not counted).',
    labelNames: ['backend', 'status'],
    buckets: JOB_DURATION_BUCKETS,
    registers: [registry],
  });
  const requests: Histogram<string> =
    options.transport === 'http'
      ? new Histogram({
          name: METRIC_NAMES.httpRequestDuration,
          help: 'HTTP request latency, from the request to the last byte of the answer, by method, route template and status code.',
          labelNames: ['method', 'route', 'status'],
          buckets: REQUEST_DURATION_BUCKETS,
          registers: [registry],
        })
      : new Histogram({
          name: METRIC_NAMES.grpcRequestDuration,
          help: 'gRPC call latency by RPC (method path) and status code name.',
          labelNames: ['rpc', 'code'],
          buckets: REQUEST_DURATION_BUCKETS,
          registers: [registry],
        });

  const onJobChange = (job: JobRecord): void => {
    // The job service publishes a queued record exactly once: when the job is submitted.
    if (job.status === 'queued') {
      submitted.inc();
      return;
    }
    if (!isTerminalStatus(job.status)) return;
    finished.inc({ status: job.status });
    if (job.startedAt !== undefined && job.durationMs !== undefined) {
      duration.observe({ backend: backendOf(job), status: job.status }, job.durationMs / 1000);
    }
  };

  return {
    registry,
    contentType: registry.contentType,
    onJobChange,
    readFrom(next) {
      sources = next;
      if (next.sessionsOpen !== undefined && registry.getSingleMetric(METRIC_NAMES.sessionsOpen) === undefined) {
        new Gauge({
          name: METRIC_NAMES.sessionsOpen,
          help: 'Sessions open now (gRPC low-level mode).',
          registers: [registry],
          collect() {
            this.set(sources.sessionsOpen?.() ?? 0);
          },
        });
      }
    },
    observeRequest(labels, seconds) {
      if (options.transport === 'http') {
        requests.observe({ method: labels.method ?? '', route: labels.route, status: labels.status }, seconds);
      } else {
        requests.observe({ rpc: labels.route, code: labels.status }, seconds);
      }
    },
    text: () => registry.metrics(),
  };
}

/** The backend a job ran on: as submitted, the default when none was named. */
function backendOf(job: JobRecord): string {
  const backend = job.request.backend;
  return backend === undefined || backend === '' ? DEFAULT_BACKEND : backend;
}
