/**
 * The start/cancel handshake of one task, on a shared Int32 so that both threads decide with one
 * atomic compare-and-swap: a job cancelled before its worker claims it never starts, and a job
 * whose worker has claimed it is cancelled cooperatively.
 */

/** The values of the shared task word. */
export const TaskState = {
  /** Dispatched, not yet claimed by the worker. */
  pending: 0,
  /** The worker claimed it and is running it. */
  started: 1,
  /** Cancelled before the worker claimed it: the worker must not run it. */
  cancelledBeforeStart: 2,
  /** Cancelled while running: the worker stops at its next suspension point. */
  cancelRequested: 3,
} as const;

/** A value of the shared task word. */
export type TaskState = (typeof TaskState)[keyof typeof TaskState];

/** Allocates a task word in the pending state. */
export function createTaskState(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

/** Worker side: claims the task; false when it was cancelled first (do not run it). */
export function claimStart(state: Int32Array): boolean {
  const previous = Atomics.compareExchange(state, 0, TaskState.pending, TaskState.started);
  return previous === TaskState.pending;
}

/** What a cancel request found. */
export type CancelClaim = 'before-start' | 'running' | 'already-cancelled';

/** Main side: marks the task cancelled and says whether the worker had claimed it. */
export function claimCancel(state: Int32Array): CancelClaim {
  const previous = Atomics.compareExchange(state, 0, TaskState.pending, TaskState.cancelledBeforeStart);
  if (previous === TaskState.pending) return 'before-start';
  if (previous === TaskState.started) {
    Atomics.compareExchange(state, 0, TaskState.started, TaskState.cancelRequested);
    return 'running';
  }
  return 'already-cancelled';
}

/** Main side: cancels the task only if the worker has not claimed it yet; true when it had not. */
export function withdrawBeforeStart(state: Int32Array): boolean {
  return Atomics.compareExchange(state, 0, TaskState.pending, TaskState.cancelledBeforeStart) === TaskState.pending;
}

/** True once the worker claimed the task (whether or not it was cancelled since). */
export function isClaimed(state: Int32Array): boolean {
  const value = Atomics.load(state, 0);
  return value === TaskState.started || value === TaskState.cancelRequested;
}

/** True once any cancellation was requested. */
export function isCancelRequested(state: Int32Array): boolean {
  const value = Atomics.load(state, 0);
  return value === TaskState.cancelRequested || value === TaskState.cancelledBeforeStart;
}
