import { isJobsError } from '../errors';
import type { JobRecord } from '../job';
import { createMemoryJobStore, DEFAULT_RETENTION } from './memory-job-store';
import { applyJobEvent, createJobRecord } from './state-machine';

const T = '2026-01-01T00:00:00.000Z';
const queued = (id: string): JobRecord => createJobRecord(id, { yaml: id }, T);
const done = (r: JobRecord): JobRecord =>
  applyJobEvent(applyJobEvent(r, { type: 'start', at: T }), { type: 'complete', at: T, outcome: { outputs: [], steps: [] } });
const must = (r: JobRecord | undefined): JobRecord => {
  if (r === undefined) throw new Error('record missing');
  return r;
};
const ids = (records: JobRecord[]): string[] => records.map((r) => r.id);

describe('in-memory job store', () => {
  it('keeps submission order and replaces records on update', () => {
    const store = createMemoryJobStore();
    for (const id of ['c', 'a', 'b']) store.insert(queued(id));
    store.update(done(must(store.get('a'))));
    expect(ids(store.list())).toEqual(['c', 'a', 'b']);
    expect(store.get('a')?.status).toBe('completed');
    expect(store.get('zzz')).toBeUndefined();
    expect(store.size).toBe(3);
  });

  it('refuses a duplicate id', () => {
    const store = createMemoryJobStore();
    store.insert(queued('a'));
    expect(() => store.insert(queued('a'))).toThrow(expect.objectContaining({ code: 'JOB_DUPLICATE_ID' }));
  });

  it('ignores updates of records it no longer holds', () => {
    const store = createMemoryJobStore({ retention: 0 });
    store.insert(queued('a'));
    store.update(done(must(store.get('a'))));
    expect(store.get('a')).toBeUndefined();
    store.update(done(queued('a')));
    expect(store.size).toBe(0);
  });

  it('evicts the oldest terminal jobs beyond the retention, never active ones', () => {
    const store = createMemoryJobStore({ retention: 2 });
    for (const id of ['j1', 'j2', 'j3', 'j4', 'j5']) store.insert(queued(id));
    // j1 stays queued (active) and must survive every eviction.
    store.update(done(must(store.get('j3'))));
    store.update(done(must(store.get('j2'))));
    expect(ids(store.list())).toEqual(['j1', 'j2', 'j3', 'j4', 'j5']);
    store.update(done(must(store.get('j5'))));
    // Three terminal (j2, j3, j5): the oldest by submission, j2, goes.
    expect(ids(store.list())).toEqual(['j1', 'j3', 'j4', 'j5']);
    store.update(done(must(store.get('j4'))));
    expect(ids(store.list())).toEqual(['j1', 'j4', 'j5']);
    expect(store.get('j1')?.status).toBe('queued');
  });

  it('holds at most retention terminal jobs after many', () => {
    const store = createMemoryJobStore({ retention: 100 });
    for (let i = 0; i < 1000; i++) {
      store.insert(queued(`j${i}`));
      store.update(done(must(store.get(`j${i}`))));
    }
    expect(store.size).toBe(100);
    expect(store.list()[0].id).toBe('j900');
  });

  it('defaults to 10,000 and rejects a bad retention', () => {
    expect(DEFAULT_RETENTION).toBe(10_000);
    for (const bad of [-1, 1.5, Number.NaN]) {
      let caught: unknown;
      try {
        createMemoryJobStore({ retention: bad });
      } catch (e) {
        caught = e;
      }
      expect(isJobsError(caught) && caught.code).toBe('JOB_INVALID_OPTION');
    }
  });
});
