/**
 * The job state machine: the only transitions the contract allows, and the pure function that
 * applies an event to a record (stamping times and durations). Anything else is a bug and throws.
 */
import { jobsErrors } from '../errors';
import type { JobOutcome, JobQualityResult, JobRecord, JobRequest, JobStatus } from '../job';
import { storableText } from './storable-text';

/** The allowed next statuses of each status. */
export const JOB_TRANSITIONS: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  queued: ['running', 'cancelled'],
  running: ['completed', 'failed', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

/** True when the contract allows a job to go from `from` to `to`. */
export function canTransition(from: JobStatus, to: JobStatus): boolean {
  return JOB_TRANSITIONS[from].includes(to);
}

/** Throws JOB_ILLEGAL_TRANSITION unless `from -> to` is allowed. */
export function assertTransition(jobId: string, from: JobStatus, to: JobStatus): void {
  if (!canTransition(from, to)) throw jobsErrors.illegalTransition(jobId, from, to);
}

/** Something that happens to a job; `at` is a UTC ISO 8601 timestamp. */
export type JobEvent =
  | { readonly type: 'start'; readonly at: string }
  | { readonly type: 'complete'; readonly at: string; readonly outcome: JobOutcome }
  | {
      readonly type: 'fail';
      readonly at: string;
      readonly error: { readonly code: string; readonly message: string };
      /** The quality results up to a failing check, when one failed the job. */
      readonly quality?: readonly JobQualityResult[];
    }
  | {
      readonly type: 'cancel';
      readonly at: string;
      /** Why, when the user did not ask for it (the server stopped); kept as the record's error. */
      readonly reason?: { readonly code: string; readonly message: string };
    };

const EVENT_TARGET: Readonly<Record<JobEvent['type'], JobStatus>> = {
  start: 'running',
  complete: 'completed',
  fail: 'failed',
  cancel: 'cancelled',
};

/** The current time as UTC ISO 8601 with milliseconds. */
export function isoNow(): string {
  return new Date().toISOString();
}

/** A new queued job. */
export function createJobRecord(id: string, request: JobRequest, createdAt: string): JobRecord {
  return Object.freeze({ id, status: 'queued', createdAt, request: Object.freeze({ ...request }) });
}

/** Milliseconds between two ISO timestamps, never negative (clocks of two threads may disagree by a tick). */
function elapsedMs(from: string, to: string): number {
  return Math.max(0, Date.parse(to) - Date.parse(from));
}

/** Applies `event` to `record`, or throws JOB_ILLEGAL_TRANSITION when the contract forbids it. */
export function applyJobEvent(record: JobRecord, event: JobEvent): JobRecord {
  const to = EVENT_TARGET[event.type];
  assertTransition(record.id, record.status, to);
  switch (event.type) {
    case 'start':
      return Object.freeze({ ...record, status: to, startedAt: event.at });
    case 'complete':
      return Object.freeze({ ...finish(record, event.at), status: to, outcome: event.outcome });
    case 'fail':
      return Object.freeze({
        ...finish(record, event.at),
        status: to,
        error: storableText(event.error.message),
        errorCode: storableText(event.error.code),
        ...(event.quality === undefined || event.quality.length === 0 ? {} : { quality: event.quality }),
      });
    case 'cancel':
      return Object.freeze({
        ...finish(record, event.at),
        status: to,
        ...(event.reason === undefined ? {} : { error: storableText(event.reason.message), errorCode: storableText(event.reason.code) }),
      });
  }
}

/** Stamps completion; a job that never started lasted 0 ms (decision 4). */
function finish(record: JobRecord, at: string): JobRecord {
  const durationMs = record.startedAt === undefined ? 0 : elapsedMs(record.startedAt, at);
  // Progress describes a running job only.
  const { progress: _progress, ...rest } = record;
  return { ...rest, completedAt: at, durationMs };
}
