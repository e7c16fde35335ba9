/**
 * The behaviour every job store must have, as one suite run against each store (in memory, and
 * PostgreSQL on a real server): order, capacity, claims, compare-and-set transitions, cancels.
 */
import { randomUUID } from 'node:crypto';
import { isJobsError } from '../../errors';
import type { JobRecord } from '../../job';
import type { JobStore } from '../job-store';
import { createJobRecord } from '../state-machine';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-01T00:00:01.000Z';
const T2 = '2026-01-01T00:00:03.250Z';

/** A queued record with a fresh UUID. */
export function queuedRecord(yaml = 'version: "3.0"', at = T0): JobRecord {
  return createJobRecord(randomUUID(), { yaml, variables: { A: '1' } }, at);
}

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('value missing');
  return value;
}

/** Defines the contract suite over a store made fresh for every test (`make`) and closed after it. */
export function describeJobStoreContract(name: string, make: () => Promise<JobStore>): void {
  describe(`${name}: the job store contract`, () => {
    let store: JobStore;
    beforeEach(async () => {
      store = await make();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps submission order and the records as written', async () => {
      const records = [queuedRecord('a'), queuedRecord('b'), queuedRecord('c')];
      for (const r of records) await store.enqueue(r, 100);
      expect((await store.list()).map((r) => r.id)).toEqual(records.map((r) => r.id));
      expect(await store.get(records[1].id)).toEqual(records[1]);
      expect(await store.get(randomUUID())).toBeUndefined();
      expect(await store.get('not-a-uuid')).toBeUndefined();
      expect(store.waiting).toBe(3);
    });

    it('round-trips every field: request text and variables, times, outcome and error', async () => {
      const yaml = 'name: "quotes \' and \\u0000-free unicode é 日本"\n';
      const record = createJobRecord(randomUUID(), { yaml, variables: JSON.parse('{"__proto__":"p","b":"2"}'), backend: 'danfo' }, T0);
      await store.enqueue(record, 100);
      expect(await store.get(record.id)).toEqual(record);
      const [claimed] = await store.claim(1);
      const running = must(await store.transition(claimed, { type: 'start', at: T1 }));
      const outcome = { outputs: [{ ref: 'out', path: 'out/x.csv', rowsWritten: 3, skipped: false }], steps: [{ ref: 'raw', ms: 4 }] };
      const done = must(await store.transition(running, { type: 'complete', at: T2, outcome }));
      expect(done).toMatchObject({ status: 'completed', startedAt: T1, completedAt: T2, durationMs: 2250, outcome });
      expect(await store.get(record.id)).toEqual(done);
      expect(Object.keys((await store.get(record.id))?.request.variables ?? {})).toContain('__proto__');

      await store.enqueue(queuedRecord('f'), 100);
      const [f] = await store.claim(1);
      const failed = must(
        await store.transition(must(await store.transition(f, { type: 'start', at: T1 })), {
          type: 'fail',
          at: T2,
          error: { code: 'E_FILE_NOT_FOUND', message: 'asset "raw": file not found: x.csv' },
        }),
      );
      expect(await store.get(f.id)).toEqual(failed);
      expect(failed).toMatchObject({ error: 'asset "raw": file not found: x.csv', errorCode: 'E_FILE_NOT_FOUND' });

      // A field a newer record carries (beyond the ones above) is kept as it is.
      await store.enqueue(queuedRecord('g'), 100);
      const [g] = await store.claim(1);
      const withMore = { ...(await store.transition(g, { type: 'start', at: T1 })), details: { checks: [1, 'two'] } } as JobRecord;
      const stored = must(await store.transition(withMore, { type: 'cancel', at: T2 }));
      expect(await store.get(g.id)).toEqual(stored);
      expect(stored).toMatchObject({ details: { checks: [1, 'two'] } });
    });

    it('refuses a job beyond the capacity of waiting jobs, and a duplicate id', async () => {
      const a = queuedRecord();
      await store.enqueue(a, 2);
      await store.enqueue(queuedRecord(), 2);
      let caught: unknown;
      await store.enqueue(queuedRecord(), 2).catch((e: unknown) => (caught = e));
      expect(isJobsError(caught) && caught.code).toBe('JOB_QUEUE_FULL');
      // A claimed job no longer waits: a place frees.
      await store.claim(1);
      await store.enqueue(queuedRecord(), 2);
      caught = undefined;
      await store.enqueue(a, 100).catch((e: unknown) => (caught = e));
      expect(isJobsError(caught) && caught.code).toBe('JOB_DUPLICATE_ID');
    });

    it('claims the oldest waiting jobs once; a claimed job stays queued until it starts', async () => {
      const records = [queuedRecord('1'), queuedRecord('2'), queuedRecord('3')];
      for (const r of records) await store.enqueue(r, 100);
      const first = await store.claim(2);
      expect(first.map((r) => r.id)).toEqual([records[0].id, records[1].id]);
      expect(first.every((r) => r.status === 'queued')).toBe(true);
      expect((await store.claim(5)).map((r) => r.id)).toEqual([records[2].id]);
      expect(await store.claim(5)).toEqual([]);
      expect(store.waiting).toBe(0);
    });

    it('writes a transition only over the status the caller saw', async () => {
      await store.enqueue(queuedRecord(), 100);
      const [claimed] = await store.claim(1);
      const running = must(await store.transition(claimed, { type: 'start', at: T1 }));
      // A second start from the stale queued record is refused, not applied twice.
      expect(await store.transition(claimed, { type: 'start', at: T2 })).toBeUndefined();
      expect((await store.get(claimed.id))?.startedAt).toBe(T1);
      expect(await store.transition(running, { type: 'cancel', at: T2 })).toMatchObject({ status: 'cancelled', durationMs: 2250 });
    });

    it('will not start a job nobody claimed', async () => {
      const record = queuedRecord();
      await store.enqueue(record, 100);
      expect(await store.transition(record, { type: 'start', at: T1 })).toBeUndefined();
      expect((await store.get(record.id))?.status).toBe('queued');
    });

    it('cancels a waiting job at once, reports an owned or ended one', async () => {
      const waiting = queuedRecord();
      const owned = queuedRecord();
      await store.enqueue(owned, 100);
      await store.enqueue(waiting, 100);
      const [claimed] = await store.claim(1);
      expect(claimed.id).toBe(owned.id);
      const cancelled = await store.cancelWaiting(waiting.id, T2);
      expect(cancelled).toEqual({
        outcome: 'cancelled',
        job: { ...waiting, status: 'cancelled', completedAt: T2, durationMs: 0 },
      });
      expect(await store.cancelWaiting(waiting.id, T2)).toMatchObject({ outcome: 'terminal', job: { status: 'cancelled' } });
      expect(await store.cancelWaiting(owned.id, T2)).toMatchObject({ outcome: 'owned', owner: store.replicaId, job: { status: 'queued' } });
      expect(await store.cancelWaiting(randomUUID(), T2)).toBeUndefined();
      // A cancelled job is never claimed.
      expect(await store.claim(5)).toEqual([]);
    });

    it('cancels every waiting job and leaves claimed ones alone', async () => {
      const records = [queuedRecord(), queuedRecord(), queuedRecord()];
      for (const r of records) await store.enqueue(r, 100);
      await store.claim(1);
      const cancelled = await store.cancelAllWaiting(T2);
      expect(cancelled.map((r) => r.id)).toEqual([records[1].id, records[2].id]);
      expect((await store.get(records[0].id))?.status).toBe('queued');
      expect(store.waiting).toBe(0);
    });

    it('cancels every waiting job with a reason, kept as its error', async () => {
      const record = queuedRecord();
      await store.enqueue(record, 100);
      const [cancelled] = await store.cancelAllWaiting(T2, { code: 'JOB_SERVER_STOPPED', message: 'cancelled: the server stopped' });
      expect(cancelled).toMatchObject({ status: 'cancelled', errorCode: 'JOB_SERVER_STOPPED', error: 'cancelled: the server stopped' });
      expect(await store.get(record.id)).toEqual(cancelled);
    });

    it('keeps an error holding a NUL with the NUL written out, and knows no id holding one', async () => {
      const record = queuedRecord();
      await store.enqueue(record, 100);
      const [claimed] = await store.claim(1);
      const running = must(await store.transition(claimed, { type: 'start', at: T2 }));
      const failed = await store.transition(running, { type: 'fail', at: T2, error: { code: 'E_X', message: 'column "a\0b" not found' } });
      expect(failed).toMatchObject({ status: 'failed', error: 'column "a\\u0000b" not found' });
      expect(await store.get(record.id)).toEqual(failed);
      expect(await store.get(`${record.id}\0`)).toBeUndefined();
      expect(await store.cancelWaiting(`${record.id}\0`, T2)).toBeUndefined();
    });

    it('answers a ping', async () => {
      await expect(store.ping(2_000)).resolves.toBeUndefined();
    });
  });
}
