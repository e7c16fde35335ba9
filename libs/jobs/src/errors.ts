/**
 * The catalogue of every error @pipeline/jobs raises (on `@pipeline/errors`): a stable code, a
 * one-sentence message that names the job (or option) concerned, and structured details. Apps
 * map the public codes to statuses; `public: false` codes signal a bug or an internal state.
 */
import { defineErrorCatalogue, type CatalogueError, type ErrorDetails, type PublicCodeOf } from '@pipeline/errors';

/** The jobs library's catalogue. */
export const jobsCatalogue = defineErrorCatalogue({
  name: 'JobsError',
  prefix: 'JOB',
  entries: {
    JOB_INVALID_PIPELINE: {
      meaning: 'The pipeline failed validation; the message is the validation message (`V-0xx: ...`, `parse error: ...`).',
      message: (a: { message: string; details: ErrorDetails }) => a.message,
      details: (a: { details: ErrorDetails }) => a.details,
    },
    JOB_INVALID_REQUEST: {
      meaning: 'The request itself is malformed (yaml not a string, variables not strings...).',
      message: (a: { what: string }) => `invalid request: ${a.what}`,
    },
    JOB_UNKNOWN_BACKEND: {
      meaning: "The request named a backend the engine does not know; the message is the engine's.",
      message: (a: { backend: string; message: string }) => a.message,
      details: (a: { backend: string }) => ({ backend: a.backend }),
    },
    JOB_QUEUE_FULL: {
      meaning: 'As many jobs wait for a worker as the queue capacity allows.',
      message: (_: { capacity: number }) => 'job queue is full',
    },
    JOB_SHUTTING_DOWN: {
      meaning: 'The service is shutting down and accepts no new jobs.',
      message: () => 'job service is shutting down and accepts no new jobs',
    },
    JOB_ILLEGAL_TRANSITION: {
      meaning: 'A status change the job state machine forbids (a bug).',
      message: (a: { jobId: string; from: string; to: string }) => `job ${a.jobId}: illegal transition from ${a.from} to ${a.to}`,
      public: false,
    },
    JOB_WORKER_CRASHED: {
      meaning: 'The worker thread running a job died; the job fails with this error.',
      message: (a: { jobId: string; reason: string }) => `job ${a.jobId}: the worker running it died (${a.reason})`,
      public: false,
    },
    JOB_INTERRUPTED: {
      meaning: 'The replica running the job stopped (killed, crashed or cut off) and its lease on the job ran out.',
      message: (_: { jobId: string }) => 'interrupted: the replica running this job stopped',
      public: false,
    },
    JOB_STORE_UNAVAILABLE: {
      meaning: 'The job database cannot be reached or refused a query; the message names the reason.',
      message: (a: { reason: string }) => `job store unavailable: ${a.reason}`,
    },
    JOB_RECORD_UNSTORABLE: {
      meaning: "The job store refused the job's result as data it cannot keep; the job fails with this error instead.",
      message: (a: { jobId: string; reason: string }) => `job ${a.jobId}: its result could not be stored: ${a.reason}`,
      public: false,
    },
    JOB_SERVER_STOPPED: {
      meaning: 'The server stopped (shutdown) before the job ended; the cancelled job carries this reason.',
      message: () => 'cancelled: the server stopped',
      public: false,
    },
    JOB_CANCELLED: {
      meaning: 'The job was cancelled; it ends with this error.',
      message: (a: { jobId: string }) => `job ${a.jobId} was cancelled`,
      public: false,
    },
    JOB_WORKER_FILE_MISSING: {
      meaning: 'The built worker file is not where the service looks for it (a build or deployment fault).',
      message: (a: { file: string }) =>
        `jobs worker file not found at ${a.file}: build it next to the app bundle or pass the workerFile option`,
      public: false,
    },
    JOB_INVALID_OPTION: {
      meaning: 'An option of the service or a request (workers, capacity, timeout...) is out of range.',
      message: (a: { option: string; expected: string; value: unknown }) =>
        `option ${a.option} must be ${a.expected} (got ${String(a.value)})`,
    },
    JOB_OUTPUT_NOT_FOUND: {
      meaning: 'A job has no output asset of that name (rows of an output).',
      message: (a: { jobId: string; asset: string; outputs: readonly string[] }) =>
        `job ${a.jobId} has no output "${a.asset}" (its outputs: ${a.outputs.length === 0 ? 'none' : a.outputs.join(', ')})`,
      details: (a: { jobId: string; asset: string }) => ({ jobId: a.jobId, asset: a.asset }),
    },
    JOB_NOT_COMPLETED: {
      meaning: "A job's outputs were asked for before it completed (or after it failed or was cancelled).",
      message: (a: { jobId: string; status: string }) => `job ${a.jobId} is ${a.status}: its outputs can be read once it has completed`,
      details: (a: { jobId: string; status: string }) => ({ jobId: a.jobId, status: a.status }),
    },
    JOB_OUTPUT_GONE: {
      meaning: 'The file a completed job wrote is no longer in the data root (removed or replaced by a folder since).',
      message: (a: { jobId: string; asset: string; path: string }) =>
        `output "${a.asset}" of job ${a.jobId} is no longer in the data root (${a.path})`,
      details: (a: { jobId: string; asset: string; path: string }) => ({ jobId: a.jobId, asset: a.asset, path: a.path }),
    },
    JOB_UNKNOWN_ASSET: {
      meaning: 'A preview names an asset the pipeline does not have.',
      message: (a: { asset: string; assets: readonly string[] }) => `the pipeline has no asset "${a.asset}" (its assets: ${a.assets.join(', ')})`,
      details: (a: { asset: string }) => ({ asset: a.asset }),
    },
    JOB_LOOK_FAILED: {
      meaning: "Computing a preview or reading an output's rows failed; the message is the engine's, `code` in details its code.",
      message: (a: { message: string; code: string }) => a.message,
      details: (a: { code: string }) => ({ code: a.code }),
    },
    JOB_BACKEND_UNAVAILABLE: {
      meaning: "A preview's backend server (Spark) cannot be reached or lost its session: the service's dependency is down, not the request; the message is the engine's, with the reason.",
      message: (a: { message: string; code: string }) => a.message,
      details: (a: { code: string }) => ({ code: a.code }),
    },
    JOB_LOOK_TIMEOUT: {
      meaning: 'A preview or a read of rows did not finish within its timeout; it was cancelled.',
      message: (a: { what: string; timeoutMs: number }) => `${a.what} did not finish within ${a.timeoutMs} ms and was cancelled`,
    },
    JOB_TOO_MANY_LIST_WAITS: {
      meaning: 'As many held waits on the job list are open as the service allows; ask again later or without waiting.',
      message: (a: { max: number }) => `too many held waits on the job list (at most ${a.max}); try again later`,
      details: (a: { max: number }) => ({ max: a.max }),
    },
    JOB_DUPLICATE_ID: {
      meaning: 'A job id is already in the store (a bug or a corrupted store).',
      message: (a: { jobId: string }) => `job ${a.jobId} is already in the store`,
      public: false,
    },
  },
});

/** Every code this library raises; stable, part of the contract with the apps. */
export const JOB_ERROR_CODES = jobsCatalogue.codes;

/** A code of the jobs catalogue. */
export type JobErrorCode = (typeof JOB_ERROR_CODES)[number];

/** A code of the jobs catalogue that apps must map to a status. */
export type JobPublicErrorCode = PublicCodeOf<typeof jobsCatalogue.entries>;

/** An error raised by the jobs library; `code` is stable, `details` is structured. */
export type JobsError = CatalogueError<JobErrorCode>;

/** True for errors raised by this library (also rebuilt from plain data, or from another copy of the module). */
export function isJobsError(e: unknown): e is JobsError {
  return jobsCatalogue.is(e);
}

/** Builders for every error of the catalogue, so messages stay in one place. */
export const jobsErrors = {
  invalidPipeline: (message: string, details: ErrorDetails = {}) =>
    jobsCatalogue.create('JOB_INVALID_PIPELINE', { message, details }),
  invalidRequest: (what: string) => jobsCatalogue.create('JOB_INVALID_REQUEST', { what }),
  unknownBackend: (backend: string, message: string) => jobsCatalogue.create('JOB_UNKNOWN_BACKEND', { backend, message }),
  queueFull: (capacity: number) => jobsCatalogue.create('JOB_QUEUE_FULL', { capacity }),
  shuttingDown: () => jobsCatalogue.create('JOB_SHUTTING_DOWN'),
  illegalTransition: (jobId: string, from: string, to: string) =>
    jobsCatalogue.create('JOB_ILLEGAL_TRANSITION', { jobId, from, to }),
  workerCrashed: (jobId: string, reason: string) => jobsCatalogue.create('JOB_WORKER_CRASHED', { jobId, reason }),
  interrupted: (jobId: string) => jobsCatalogue.create('JOB_INTERRUPTED', { jobId }),
  cancelled: (jobId: string) => jobsCatalogue.create('JOB_CANCELLED', { jobId }),
  workerFileMissing: (file: string) => jobsCatalogue.create('JOB_WORKER_FILE_MISSING', { file }),
  invalidOption: (option: string, expected: string, value: unknown) =>
    jobsCatalogue.create('JOB_INVALID_OPTION', { option, expected, value }),
  outputNotFound: (jobId: string, asset: string, outputs: readonly string[]) =>
    jobsCatalogue.create('JOB_OUTPUT_NOT_FOUND', { jobId, asset, outputs }),
  notCompleted: (jobId: string, status: string) => jobsCatalogue.create('JOB_NOT_COMPLETED', { jobId, status }),
  outputGone: (jobId: string, asset: string, path: string) => jobsCatalogue.create('JOB_OUTPUT_GONE', { jobId, asset, path }),
  unknownAsset: (asset: string, assets: readonly string[]) => jobsCatalogue.create('JOB_UNKNOWN_ASSET', { asset, assets }),
  lookFailed: (message: string, code: string) => jobsCatalogue.create('JOB_LOOK_FAILED', { message, code }),
  backendUnavailable: (message: string, code: string) => jobsCatalogue.create('JOB_BACKEND_UNAVAILABLE', { message, code }),
  lookTimeout: (what: 'preview' | 'reading rows', timeoutMs: number) => jobsCatalogue.create('JOB_LOOK_TIMEOUT', { what, timeoutMs }),
  tooManyListWaits: (max: number) => jobsCatalogue.create('JOB_TOO_MANY_LIST_WAITS', { max }),
  duplicateId: (jobId: string) => jobsCatalogue.create('JOB_DUPLICATE_ID', { jobId }),
  recordUnstorable: (jobId: string, reason: string, cause?: unknown) =>
    jobsCatalogue.create('JOB_RECORD_UNSTORABLE', { jobId, reason }, cause === undefined ? undefined : { cause }),
  serverStopped: () => jobsCatalogue.create('JOB_SERVER_STOPPED'),
  storeUnavailable: (reason: string, cause?: unknown) =>
    jobsCatalogue.create('JOB_STORE_UNAVAILABLE', { reason }, cause === undefined ? undefined : { cause }),
} satisfies Record<string, (...args: never[]) => JobsError>;
