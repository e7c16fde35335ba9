/**
 * Both ends of a multiplexed call channel (the danfo session workers use it): the main thread
 * sends `CallMessage`s and gets a promise per call; the worker runs each call with an AbortSignal
 * that a `cancel` for the same call id aborts, and answers with a `Reply`. A message reaches a
 * worker only between two turns of its event loop, so a cancelled call's flag in shared memory
 * also makes its signal read as aborted at once, inside synchronous code that checks it.
 */
import type { CallMessage, FromWorker, ToWorker, WireError } from './protocol';
import { isFromWorker } from './protocol';

/** What a channel needs from a worker (a `Worker`) or a port (`MessagePort`). */
export interface MessageEndpoint {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/** The main thread's end of a channel. */
export interface CallChannel<Op> {
  /** Sends `op`; resolves with the worker's value or rejects with `rebuild(error)`. `signal` sends a cancel. */
  call<T = unknown>(op: Op, options?: { readonly signal?: AbortSignal }): Promise<T>;
  /** Rejects every call in flight with `error` (the thread died). */
  failAll(error: Error): void;
  /** Calls waiting for a reply. */
  readonly pending: number;
}

/** Opens the main thread's end on `endpoint`; `rebuild` turns a wire error back into an Error. */
export function createCallChannel<Op>(endpoint: MessageEndpoint, rebuild: (error: WireError) => Error): CallChannel<Op> {
  interface Pending {
    resolve(value: unknown): void;
    reject(error: Error): void;
  }
  const pending = new Map<number, Pending>();
  let nextCall = 1;
  endpoint.on('message', (message) => {
    if (!isFromWorker(message)) return;
    const p = pending.get(message.callId);
    if (!p) return;
    pending.delete(message.callId);
    if (message.type === 'ok') p.resolve(message.value);
    else p.reject(rebuild(message.error));
  });
  return {
    call<T>(op: Op, options?: { readonly signal?: AbortSignal }): Promise<T> {
      const callId = nextCall++;
      return new Promise<T>((resolve, reject) => {
        const signal = options?.signal;
        const cancelFlag = signal === undefined ? undefined : new Int32Array(new SharedArrayBuffer(4));
        const onAbort = (): void => {
          if (cancelFlag !== undefined) Atomics.store(cancelFlag, 0, 1);
          endpoint.postMessage({ type: 'cancel', callId } satisfies ToWorker<Op>);
        };
        const done = (): void => signal?.removeEventListener('abort', onAbort);
        pending.set(callId, {
          resolve: (value) => (done(), resolve(value as T)),
          reject: (error) => (done(), reject(error)),
        });
        endpoint.postMessage({ type: 'call', callId, op, ...(cancelFlag === undefined ? {} : { cancelFlag }) } satisfies ToWorker<Op>);
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    failAll(error) {
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    },
    get pending() {
      return pending.size;
    },
  };
}

/**
 * Serves calls on the worker's end: each call runs `perform(op, signal)`; its value (or its
 * error, through `toWire`) goes back as the reply. A cancel aborts that call's signal.
 */
export function serveCalls<Op>(
  endpoint: MessageEndpoint,
  perform: (op: Op, signal: AbortSignal) => Promise<unknown>,
  toWire: (error: unknown) => WireError,
): void {
  const running = new Map<number, AbortController>();
  endpoint.on('message', (raw) => {
    const message = raw as ToWorker<Op>;
    if (message.type === 'cancel') {
      running.get(message.callId)?.abort();
      return;
    }
    const { callId, op, cancelFlag } = message as CallMessage<Op>;
    const controller = new AbortController();
    if (cancelFlag !== undefined) readsFlag(controller, cancelFlag);
    running.set(callId, controller);
    perform(op, controller.signal)
      .then(
        (value) => endpoint.postMessage({ type: 'ok', callId, value } satisfies FromWorker),
        (error: unknown) => endpoint.postMessage({ type: 'error', callId, error: toWire(error) } satisfies FromWorker),
      )
      .finally(() => running.delete(callId));
  });
}

const abortedOf = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')?.get;

/**
 * Makes `controller.signal.aborted` also read `flag`: the first read that finds it set aborts the
 * controller there and then (its listeners run), so a check inside a long synchronous loop stops it.
 */
function readsFlag(controller: AbortController, flag: Int32Array): void {
  const { signal } = controller;
  Object.defineProperty(signal, 'aborted', {
    configurable: true,
    get(): boolean {
      const aborted = abortedOf?.call(signal) === true;
      if (!aborted && Atomics.load(flag, 0) !== 0) {
        controller.abort();
        return true;
      }
      return aborted;
    },
  });
}
