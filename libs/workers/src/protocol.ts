/**
 * The one worker protocol of the workspace: what crosses between the main thread and a worker
 * thread, as closed unions of structured-clone data. Job workers (Piscina tasks, one reply per
 * task) and danfo session workers (many calls multiplexed on one thread) both speak it.
 */
/**
 * An error as it crosses a thread: `@pipeline/errors` `PlainError` data (`catalogue` names the
 * catalogue that rebuilds it; absent for a library whose errors still carry their own plain form).
 */
export interface WireError {
  readonly catalogue?: string;
  readonly code: string;
  readonly message: string;
  /** Structured details (`ErrorDetails` for catalogue errors). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** The answer to one call or task: a value, or an error as data. `Meta` is carried by both (e.g. when the work started). */
export type Reply<T, Meta extends object = object> =
  | ({ readonly type: 'ok'; readonly value: T } & Meta)
  | ({ readonly type: 'error'; readonly error: WireError } & Meta);

/** Main -> worker: stop the work cooperatively (the worker aborts its AbortSignal; threads are never terminated mid-query). */
export interface CancelMessage {
  readonly type: 'cancel';
}

/** Main -> worker on a multiplexed channel: run `op` as call `callId`. */
export interface CallMessage<Op> {
  readonly type: 'call';
  readonly callId: number;
  readonly op: Op;
  /**
   * One Int32 of shared memory the main thread sets to 1 when it cancels the call: a worker busy in
   * synchronous code never sees the `cancel` message, but reads this at its next signal check.
   */
  readonly cancelFlag?: Int32Array;
}

/** Every message the main thread sends on a multiplexed channel. */
export type ToWorker<Op> = CallMessage<Op> | (CancelMessage & { readonly callId: number });

/** Every message a worker sends back on a multiplexed channel: the reply to one call. */
export type FromWorker<T = unknown> = Reply<T> & { readonly callId: number };

/** True when `value` is a `FromWorker` message (checked before trusting data from a thread). */
export function isFromWorker(value: unknown): value is FromWorker {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { type?: unknown; callId?: unknown; error?: unknown };
  if (typeof v.callId !== 'number') return false;
  if (v.type === 'ok') return true;
  return v.type === 'error' && typeof v.error === 'object' && v.error !== null;
}
