/**
 * The bounded FIFO of jobs waiting for a worker. Removal by id is O(1) so that cancelling a
 * queued job takes it out at once and frees its place.
 */
import { jobsErrors } from '../errors';

/** Jobs queued by default before submit answers "queue full". */
export const DEFAULT_QUEUE_CAPACITY = 1000;

/** A bounded FIFO keyed by job id. */
export interface JobQueue<T> {
  /** Appends; throws JOB_QUEUE_FULL when `capacity` entries are already waiting. */
  push(id: string, entry: T): void;
  /** Takes the oldest entry out, or undefined when empty. */
  shift(): { id: string; entry: T } | undefined;
  /** Takes the entry with this id out; false when it is not waiting. */
  remove(id: string): boolean;
  has(id: string): boolean;
  /** Takes every entry out, oldest first. */
  drain(): { id: string; entry: T }[];
  readonly size: number;
  readonly capacity: number;
}

/** Creates an empty queue holding at most `capacity` entries. */
export function createJobQueue<T>(capacity: number = DEFAULT_QUEUE_CAPACITY): JobQueue<T> {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw jobsErrors.invalidOption('queueCapacity', 'a positive integer', capacity);
  }
  // Map insertion order is FIFO order; delete is O(1).
  const entries = new Map<string, T>();
  return {
    push(id, entry) {
      if (entries.size >= capacity) throw jobsErrors.queueFull(capacity);
      entries.set(id, entry);
    },
    shift() {
      const first = entries.entries().next();
      if (first.done) return undefined;
      const [id, entry] = first.value;
      entries.delete(id);
      return { id, entry };
    },
    remove: (id) => entries.delete(id),
    has: (id) => entries.has(id),
    drain() {
      const all = [...entries].map(([id, entry]) => ({ id, entry }));
      entries.clear();
      return all;
    },
    get size() {
      return entries.size;
    },
    capacity,
  };
}
