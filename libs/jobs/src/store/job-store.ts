/**
 * The job store interface. The in-memory store implements it now; a durable store can follow
 * without touching the service. Calls are synchronous so that submit/get/list stay synchronous
 * (a durable implementation can use a synchronous embedded database or write-behind).
 */
import type { JobRecord } from '../job';

/** Where job records live. The service has already checked every transition before it writes. */
export interface JobStore {
  /** Adds a new job at the end of the submission order; throws JOB_DUPLICATE_ID for a known id. */
  insert(record: JobRecord): void;
  /** Replaces the record with the same id; a record the store no longer holds is ignored. */
  update(record: JobRecord): void;
  /** The job with this id, or undefined when unknown or evicted. */
  get(id: string): JobRecord | undefined;
  /** Every job held, in submission order, oldest first. */
  list(): JobRecord[];
  /** How many jobs the store holds. */
  readonly size: number;
}
