/**
 * @pipeline/jobs: asynchronous pipeline jobs. A job store behind an interface, the job state
 * machine, a bounded queue, a Piscina pool of worker threads running @pipeline/engine,
 * cooperative cancellation, waiting without polling, retention and graceful shutdown.
 *
 * @example
 * const store = await openJobStore({ databaseUrl: process.env.DATABASE_URL }); // memory when unset
 * const jobs = createJobService({ dataRoot: '/srv/data', store });
 * const job = await jobs.submit({ yaml, variables: { DAY: '2026-01-31' } }); // status 'queued'
 * const done = await jobs.wait(job.id, 300_000);                        // 'completed' | 'failed' | 'cancelled'
 * await jobs.shutdown({ graceMs: 10_000 });
 */
export { JOB_ERROR_CODES, isJobsError, jobsCatalogue, jobsErrors } from './errors';
export type { JobErrorCode, JobPublicErrorCode, JobsError } from './errors';
export { JOB_STATUSES, TERMINAL_STATUSES, isTerminalStatus, jobQualityResults } from './job';
export type { JobOutcome, JobOutputResult, JobProgress, JobQualityResult, JobRecord, JobRequest, JobStatus, JobStepProgress, JobStepTiming } from './job';
export { jobQualityJson, qualityResultJson } from './quality-json';
export type { QualityResultJson } from './quality-json';
export { DATA_ROOT_NAMESPACE, DEFAULT_JOB_NAMESPACE, OPENLINEAGE_PRODUCER, runEvents } from './lineage/run-events';
export type { LineageDataset, RunEvent, RunEventType } from './lineage/run-events';
export { JOB_TRANSITIONS, applyJobEvent, assertTransition, canTransition } from './store/state-machine';
export type { JobEvent } from './store/state-machine';
export type { JobStore, JobStoreEvent, JobStoreKind, WaitingCancel } from './store/job-store';
export { DEFAULT_RETENTION, createMemoryJobStore } from './store/memory-job-store';
export type { MemoryJobStoreOptions } from './store/memory-job-store';
export { DEFAULT_LEASE_MS, createPostgresJobStore } from './store/postgres/postgres-job-store';
export type { PostgresJobStore, PostgresJobStoreOptions } from './store/postgres/postgres-job-store';
export { MIGRATIONS } from './store/postgres/migrations';
export type { Migration } from './store/postgres/migrations';
export { openJobStore } from './store/open-job-store';
export type { JobStoreOptions } from './store/open-job-store';
export { DEFAULT_QUEUE_CAPACITY } from './service/job-queue';
export { defaultDuckdbMemoryLimit, defaultDuckdbThreads, defaultWorkerCount } from './service/defaults';
export {
  DEFAULT_CANCEL_TIMEOUT_MS,
  DEFAULT_SHUTDOWN_GRACE_MS,
  READINESS_STORE_TIMEOUT_MS,
  createJobService,
} from './service/job-service';
export type {
  CancelResult,
  JobService,
  JobServiceOptions,
  JobServiceReadiness,
  JobServiceSeams,
  JobServiceStats,
  SubmitContext,
  ShutdownOptions,
} from './service/job-service';
export { WORKER_FILE_NAME, resolveWorkerFile } from './pool/worker-file';
export type { WorkerCrashMode } from './worker/protocol';
export { DEFAULT_MAX_LIST_WAITS, listVersion } from './service/list-watchers';
export type { JobListView } from './service/list-watchers';
export { DEFAULT_LOOK_TIMEOUT_MS, MAX_LOOK_TIMEOUT_MS } from './service/looks';
export type { LookOptions } from './service/looks';
