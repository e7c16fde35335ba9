/**
 * Runs one session's operations one after another: a session's backend state (handles, views) is
 * not safe under interleaved operations, and clients expect their calls applied in order.
 */

/** A FIFO of async operations, at most one running. */
export interface SerialQueue {
  /** Runs `op` after every operation enqueued before it has settled. */
  run<T>(op: () => Promise<T>): Promise<T>;
  /** Operations enqueued and not yet settled. */
  readonly pending: number;
  /** Resolves once every operation enqueued so far has settled. */
  drained(): Promise<void>;
}

/** Creates an empty queue; `onIdle` fires each time the last pending operation settles. */
export function createSerialQueue(onIdle: () => void = () => undefined): SerialQueue {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  return {
    run<T>(op: () => Promise<T>): Promise<T> {
      pending++;
      const result = tail.then(op);
      tail = result.then(
        () => undefined,
        () => undefined,
      );
      void tail.then(() => {
        pending--;
        if (pending === 0) onIdle();
      });
      return result;
    },
    get pending() {
      return pending;
    },
    drained: () => tail,
  };
}
