/**
 * The catalogue of every error @pipeline/jobs raises: a stable code, a one-sentence message that
 * names the job (or option) concerned, and structured details. Apps map codes to statuses.
 */

/** Every code this library raises; stable, part of the contract with the apps. */
export const JOB_ERROR_CODES = [
  'JOB_INVALID_PIPELINE',
  'JOB_INVALID_REQUEST',
  'JOB_UNKNOWN_BACKEND',
  'JOB_QUEUE_FULL',
  'JOB_SHUTTING_DOWN',
  'JOB_ILLEGAL_TRANSITION',
  'JOB_WORKER_CRASHED',
  'JOB_INTERRUPTED',
  'JOB_CANCELLED',
  'JOB_WORKER_FILE_MISSING',
  'JOB_INVALID_OPTION',
  'JOB_DUPLICATE_ID',
] as const;

/** A code of the jobs catalogue. */
export type JobErrorCode = (typeof JOB_ERROR_CODES)[number];

/** The shape of both catalogues of this library (jobs here, sessions in `sessions/errors.ts`). */
export abstract class CatalogueError<Code extends string> extends Error {
  readonly code: Code;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: Code, message: string, details: Readonly<Record<string, unknown>> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.details = details;
  }
}

/** An error raised by the jobs library; `code` is stable, `details` is structured. */
export class JobsError extends CatalogueError<JobErrorCode> {
  override readonly name = 'JobsError';
}

/** True for errors raised by this library (also across module copies, by shape). */
export function isJobsError(e: unknown): e is JobsError {
  if (e instanceof JobsError) return true;
  if (!(e instanceof Error) || e.name !== 'JobsError') return false;
  const code: unknown = (e as Error & { code?: unknown }).code;
  return typeof code === 'string' && (JOB_ERROR_CODES as readonly string[]).includes(code);
}

/** Factories for every error of the catalogue, so messages stay in one place. */
export const jobsErrors = {
  /** The pipeline failed validation; the message is the validation message itself (`V-001: ...`, `parse error: ...`). */
  invalidPipeline: (message: string, details: Readonly<Record<string, unknown>> = {}) =>
    new JobsError('JOB_INVALID_PIPELINE', message, details),
  /** The request itself is malformed (yaml not a string, variables not strings...). */
  invalidRequest: (what: string) => new JobsError('JOB_INVALID_REQUEST', `invalid request: ${what}`, { what }),
  /** The request named a backend the engine does not know; the message is the engine's. */
  unknownBackend: (backend: string, message: string) =>
    new JobsError('JOB_UNKNOWN_BACKEND', message, { backend }),
  queueFull: (capacity: number) =>
    new JobsError('JOB_QUEUE_FULL', 'job queue is full', { capacity }),
  shuttingDown: () =>
    new JobsError('JOB_SHUTTING_DOWN', 'job service is shutting down and accepts no new jobs'),
  illegalTransition: (jobId: string, from: string, to: string) =>
    new JobsError('JOB_ILLEGAL_TRANSITION', `job ${jobId}: illegal transition from ${from} to ${to}`, {
      jobId,
      from,
      to,
    }),
  workerCrashed: (jobId: string, reason: string) =>
    new JobsError('JOB_WORKER_CRASHED', `job ${jobId}: the worker running it died (${reason})`, {
      jobId,
      reason,
    }),
  /** A job a previous process of the service left running (found in a durable store at start). */
  interrupted: (jobId: string) =>
    new JobsError('JOB_INTERRUPTED', `job ${jobId} was running when the service stopped`, { jobId }),
  cancelled: (jobId: string) => new JobsError('JOB_CANCELLED', `job ${jobId} was cancelled`, { jobId }),
  workerFileMissing: (file: string) =>
    new JobsError(
      'JOB_WORKER_FILE_MISSING',
      `jobs worker file not found at ${file}: build it next to the app bundle or pass the workerFile option`,
      { file },
    ),
  invalidOption: (option: string, expected: string, value: unknown) =>
    new JobsError('JOB_INVALID_OPTION', `option ${option} must be ${expected} (got ${String(value)})`, {
      option,
      expected,
      value,
    }),
  duplicateId: (jobId: string) =>
    new JobsError('JOB_DUPLICATE_ID', `job ${jobId} is already in the store`, { jobId }),
} satisfies Record<string, (...args: never[]) => JobsError>;
