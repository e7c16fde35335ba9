import type { JobRecord } from '../job';
import { applyJobEvent, createJobRecord } from '../store/state-machine';
import { createJobWaiters } from './job-waiters';

const T = '2026-01-01T00:00:00.000Z';

describe('job waiters', () => {
  let current: JobRecord;
  beforeEach(() => {
    current = createJobRecord('j1', { yaml: '' }, T);
  });
  afterEach(() => jest.useRealTimers());

  it('resolves every waiter on the terminal state change, not before', async () => {
    const waiters = createJobWaiters();
    const settled: string[] = [];
    const all = [1, 2, 3].map((n) =>
      waiters.wait(current, async () => current, 60_000).then((r) => settled.push(`${n}:${r.status}`)),
    );
    expect(waiters.pending).toBe(3);
    current = applyJobEvent(current, { type: 'start', at: T });
    waiters.notify(current);
    await Promise.resolve();
    expect(settled).toEqual([]);
    current = applyJobEvent(current, { type: 'cancel', at: T });
    waiters.notify(current);
    await Promise.all(all);
    expect(settled).toEqual(['1:cancelled', '2:cancelled', '3:cancelled']);
    expect(waiters.pending).toBe(0);
  });

  it('returns the current state at the timeout', async () => {
    jest.useFakeTimers();
    const waiters = createJobWaiters();
    const promise = waiters.wait(current, async () => current, 5_000);
    current = applyJobEvent(current, { type: 'start', at: T });
    waiters.notify(current);
    jest.advanceTimersByTime(4_999);
    expect(waiters.pending).toBe(1);
    jest.advanceTimersByTime(1);
    await expect(promise).resolves.toMatchObject({ status: 'running' });
    expect(waiters.pending).toBe(0);
  });

  it('answers at once for a terminal job or an aborted signal', async () => {
    const waiters = createJobWaiters();
    const done = applyJobEvent(current, { type: 'cancel', at: T });
    await expect(waiters.wait(done, async () => done, 60_000)).resolves.toBe(done);
    await expect(waiters.wait(current, async () => current, 60_000, AbortSignal.abort())).resolves.toBe(current);
    expect(waiters.pending).toBe(0);
  });

  it('releases a waiter whose signal aborts', async () => {
    const waiters = createJobWaiters();
    const controller = new AbortController();
    const promise = waiters.wait(current, async () => current, 60_000, controller.signal);
    expect(waiters.pending).toBe(1);
    controller.abort();
    await expect(promise).resolves.toMatchObject({ status: 'queued' });
    expect(waiters.pending).toBe(0);
  });

  it('ignores notifications of other jobs', async () => {
    jest.useFakeTimers();
    const waiters = createJobWaiters();
    const promise = waiters.wait(current, async () => current, 10);
    waiters.notify(applyJobEvent(createJobRecord('other', { yaml: '' }, T), { type: 'cancel', at: T }));
    expect(waiters.pending).toBe(1);
    jest.advanceTimersByTime(10);
    await expect(promise).resolves.toMatchObject({ id: 'j1', status: 'queued' });
  });
});
