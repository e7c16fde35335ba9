/**
 * A task's events to the main thread ('started', then each step's progress), held back for the
 * task's first moments: a job that ends by then is recorded started and ended from its reply alone
 * (which carries `startedAt`, as when the reply overtakes the event), so a tiny job costs no
 * cross-thread message, main-thread wake-up or progress bookkeeping (four of each per job before).
 * A longer job sends what was held, in order and one message each as before, then every event as
 * it happens.
 */
import type { MessagePort } from 'node:worker_threads';
import type { WorkerEvent } from './protocol';

/** How long a task's events are held: well under what a poller of `running` could notice. */
export const EVENT_HOLD_MS = 50;

/** The events of one task on `port`. */
export interface DeferredEvents {
  post(event: WorkerEvent): void;
  /** Sends what is held now and every later event at once (before a crash hook, for instance). */
  release(): void;
  /** The task ended: what is still held is dropped (its reply says the rest). */
  close(): void;
}

export function deferredEvents(port: MessagePort, holdMs: number = EVENT_HOLD_MS): DeferredEvents {
  let held: WorkerEvent[] | undefined = [];
  const release = (): void => {
    clearTimeout(timer);
    const events = held;
    held = undefined;
    for (const event of events ?? []) port.postMessage(event);
  };
  const timer = setTimeout(release, holdMs);
  return {
    post(event) {
      if (held === undefined) port.postMessage(event);
      else held.push(event);
    },
    release,
    close() {
      clearTimeout(timer);
      held = undefined;
    },
  };
}
