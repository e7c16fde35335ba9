/**
 * What this replica knows of a job between its submission and its final record: the plan made at
 * submit, then the flight of a claimed job (its task, its record as last written, its cancel).
 */
import type { BackendName } from '@pipeline/engine';
import type { Plan } from '@pipeline/planner';
import type { JobProgress, JobRecord } from '../job';
import type { DispatchedTask } from '../pool/worker-pool';
import type { JobEvent } from '../store/state-machine';

/** Who a log line is about besides the job: the submitting request and the pipeline's name. */
export interface About {
  readonly requestId?: string;
  readonly pipeline?: string;
}

/** What this replica knows of a job it submitted, until a worker of it takes the job. */
export interface Submitted {
  readonly plan: Plan;
  /** The pipeline's name, for log lines. */
  readonly pipeline?: string;
  readonly backend: BackendName;
  readonly requestId?: string;
}

/** A job this replica claimed: on (or about to be on) one of its workers. */
export interface Flight {
  /** The record as this replica last wrote (or claimed) it. */
  record: JobRecord;
  readonly requestId?: string;
  /** The pipeline's name, for log lines. */
  readonly pipeline?: string;
  task?: DispatchedTask;
  /** Why this replica cancels it, when the user did not ask (the server stopped). */
  cancelReason?: { readonly code: string; readonly message: string };
  cancelRequested: boolean;
  /** Handed back to the queue at shutdown: its worker's reply is not recorded. */
  released: boolean;
  /** Someone else changed the job first (the lease reaper): nothing more is written. */
  lost: boolean;
  /** The store writes of this job, one after the other. */
  writes: Promise<unknown>;
  /** Settles after the final record was written. */
  finished?: Promise<void>;
  /** How far the running job has got, as its worker last reported (this replica's knowledge only). */
  progress?: JobProgress;
}

/** The cancel event of a flight: with the reason when this replica, not a user, cancels it. */
export function cancelEvent(flight: Flight, at: string): JobEvent {
  return { type: 'cancel', at, ...(flight.cancelReason === undefined ? {} : { reason: flight.cancelReason }) };
}

export const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
