import { isJobsError } from '../errors';
import type { JobRecord } from '../job';
import { describeJobStoreContract, queuedRecord } from './__fixtures__/store-contract';
import { createMemoryJobStore, DEFAULT_RETENTION } from './memory-job-store';
import type { JobStore } from './job-store';

describeJobStoreContract('in-memory store', async () => createMemoryJobStore());

const T = '2026-01-01T00:00:00.000Z';

/** Enqueues, claims and completes a job; returns its final record. */
async function runToEnd(store: JobStore, record: JobRecord = queuedRecord()): Promise<JobRecord> {
  await store.enqueue(record, 1000);
  const [claimed] = await store.claim(1);
  const running = await store.transition(claimed, { type: 'start', at: T });
  const done = running && (await store.transition(running, { type: 'complete', at: new Date().toISOString(), outcome: { outputs: [], steps: [] } }));
  if (done === undefined) throw new Error('transition refused');
  return done;
}

const ids = (records: JobRecord[]): string[] => records.map((r) => r.id);

describe('in-memory job store: retention', () => {
  it('evicts the oldest terminal jobs beyond the retention, never active ones', async () => {
    const store = createMemoryJobStore({ retention: 2 });
    const active = queuedRecord();
    await store.enqueue(active, 1000);
    // Claimed, never started: active, like a job on its way to a worker.
    await store.claim(1);
    const done = [];
    for (let i = 0; i < 4; i++) done.push(await runToEnd(store));
    // Four terminal jobs, two kept: the newest by submission; the queued one always stays.
    expect(ids(await store.list())).toEqual([active.id, done[2].id, done[3].id]);
    expect(await store.get(done[0].id)).toBeUndefined();
  });

  it('holds at most retention terminal jobs after many', async () => {
    const store = createMemoryJobStore({ retention: 100 });
    const all = [];
    for (let i = 0; i < 1000; i++) all.push(await runToEnd(store));
    const listed = await store.list();
    expect(listed).toHaveLength(100);
    expect(listed[0].id).toBe(all[900].id);
  });

  it('drops terminal jobs older than the age limit, never active ones', async () => {
    const store = createMemoryJobStore({ retentionAgeMs: 60_000 });
    const old = queuedRecord();
    await store.enqueue(old, 1000);
    const [claimed] = await store.claim(1);
    const running = await store.transition(claimed, { type: 'start', at: T });
    // Ended long ago (completion time in the past): beyond the age limit.
    await store.transition(running as JobRecord, { type: 'cancel', at: '2020-01-01T00:00:00.000Z' });
    const active = queuedRecord();
    await store.enqueue(active, 1000);
    expect(ids(await store.list())).toEqual([active.id]);
  });

  it('defaults to 10,000 and rejects a bad retention', () => {
    expect(DEFAULT_RETENTION).toBe(10_000);
    for (const bad of [{ retention: -1 }, { retention: 1.5 }, { retention: Number.NaN }, { retentionAgeMs: 0 }]) {
      let caught: unknown;
      try {
        createMemoryJobStore(bad);
      } catch (e) {
        caught = e;
      }
      expect(isJobsError(caught) && caught.code).toBe('JOB_INVALID_OPTION');
    }
  });
});
