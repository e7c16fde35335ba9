/**
 * A task's events held for its first moments: none sent when the task ends first, all of them in
 * order once the hold is over (or released), later ones at once.
 */
import { MessageChannel } from 'node:worker_threads';
import { deferredEvents } from './deferred-events';
import type { WorkerEvent } from './protocol';

const started: WorkerEvent = { type: 'started', at: '2026-01-01T00:00:00.000Z' };
const step = (ref: string, done: number): WorkerEvent => ({ type: 'progress', assetsDone: done, assetsTotal: 2, rowsWritten: 0, ref, ms: 1, at: '2026-01-01T00:00:00.001Z' });

/** `seen` once a few turns of the loop have passed (a posted message has arrived by then). */
async function received(seen: unknown[]): Promise<unknown[]> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return seen;
}

describe('deferred task events', () => {
  let channel: MessageChannel;
  let seen: unknown[];
  beforeEach(() => {
    channel = new MessageChannel();
    seen = [];
    channel.port1.on('message', (e: unknown) => seen.push(e));
  });
  afterEach(() => {
    channel.port1.close();
  });

  it('sends nothing of a task that closes within the hold', async () => {
    const events = deferredEvents(channel.port2, 10_000);
    events.post(started);
    events.post(step('a', 1));
    events.close();
    expect(await received(seen)).toEqual([]);
  });

  it('sends what was held in order when the hold ends, then each event as it comes', async () => {
    const events = deferredEvents(channel.port2, 5);
    events.post(started);
    events.post(step('a', 1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    events.post(step('b', 2));
    events.close();
    expect(await received(seen)).toEqual([started, step('a', 1), step('b', 2)]);
  });

  it('release sends the held events at once', async () => {
    const events = deferredEvents(channel.port2, 10_000);
    events.post(started);
    events.release();
    events.post(step('a', 1));
    expect(await received(seen)).toEqual([started, step('a', 1)]);
    events.close();
  });
});
