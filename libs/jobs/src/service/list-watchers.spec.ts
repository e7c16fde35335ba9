import { isJobsError } from '../errors';
import type { JobRecord, JobStatus } from '../job';
import { createListWatchers, listVersion } from './list-watchers';

const job = (id: string, status: JobStatus = 'queued'): JobRecord => ({ id, status, createdAt: '2026-11-28T10:00:00.000Z', request: { yaml: '' } });

/** A list the test changes, and how many times it was read. */
function fakeList(initial: JobRecord[]) {
  let jobs = initial;
  let reads = 0;
  return {
    read: async () => {
      reads++;
      return jobs;
    },
    set: (next: JobRecord[]) => (jobs = next),
    get reads() {
      return reads;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('listVersion', () => {
  it('changes with a job added, a status changed or a job removed, not with anything else', () => {
    const base = listVersion([job('a'), job('b')]);
    expect(listVersion([job('a'), job('b')])).toBe(base);
    expect(listVersion([{ ...job('a'), progress: { assetsDone: 1, assetsTotal: 2, rowsWritten: 0, steps: [] } }, job('b')])).toBe(base);
    expect(listVersion([job('a'), job('b'), job('c')])).not.toBe(base);
    expect(listVersion([job('a', 'running'), job('b')])).not.toBe(base);
    expect(listVersion([job('b')])).not.toBe(base);
    expect(base).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('createListWatchers', () => {
  it('answers at once when the client has another version', async () => {
    const list = fakeList([job('a')]);
    const watchers = createListWatchers(list.read);
    const view = await watchers.wait('old', 60_000);
    expect(view).toEqual({ jobs: [job('a')], version: listVersion([job('a')]) });
    expect(watchers.pending).toBe(0);
  });

  it('holds until a change makes the list differ, with one read for every held watcher', async () => {
    const list = fakeList([job('a')]);
    const watchers = createListWatchers(list.read);
    const version = listVersion([job('a')]);
    const answers: string[][] = [];
    const held = [1, 2, 3].map(() => watchers.wait(version, 60_000).then((v) => answers.push(v.jobs.map((j) => j.id))));
    await tick();
    expect(watchers.pending).toBe(3);
    // A change that leaves the list as it was (progress) keeps them held.
    watchers.changed();
    await tick();
    expect(answers).toEqual([]);
    const readsBefore = list.reads;
    list.set([job('a'), job('b')]);
    watchers.changed();
    await Promise.all(held);
    expect(answers).toEqual([['a', 'b'], ['a', 'b'], ['a', 'b']]);
    expect(list.reads - readsBefore).toBe(1);
    expect(watchers.pending).toBe(0);
  });

  it('answers with the list as it is when the timeout passes or the signal aborts', async () => {
    const list = fakeList([job('a')]);
    const watchers = createListWatchers(list.read);
    const version = listVersion([job('a')]);
    const started = Date.now();
    expect((await watchers.wait(version, 50)).version).toBe(version);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    const controller = new AbortController();
    const aborted = watchers.wait(version, 60_000, controller.signal);
    await tick();
    controller.abort();
    expect((await aborted).version).toBe(version);
    expect(watchers.pending).toBe(0);
  });

  it('does not miss a change announced while its first read was under way', async () => {
    let release: () => void = () => undefined;
    let jobs = [job('a')];
    const watchers = createListWatchers(async () => {
      const seen = jobs;
      await new Promise<void>((resolve) => (release = resolve));
      return seen;
    });
    const answer = watchers.wait(listVersion(jobs), 60_000);
    jobs = [job('a'), job('b')];
    watchers.changed();
    release();
    await tick();
    release();
    expect((await answer).jobs.map((j) => j.id)).toEqual(['a', 'b']);
  });

  it('refuses a watcher beyond the bound (JOB_TOO_MANY_LIST_WAITS) and takes one again once a place is free', async () => {
    const list = fakeList([job('a')]);
    const watchers = createListWatchers(list.read, 2);
    const version = listVersion([job('a')]);
    const controller = new AbortController();
    const held = [watchers.wait(version, 60_000, controller.signal), watchers.wait(version, 60_000, controller.signal)];
    await tick();
    const refused = await watchers.wait(version, 60_000).catch((error: unknown) => error);
    expect(isJobsError(refused) && refused.code).toBe('JOB_TOO_MANY_LIST_WAITS');
    expect((refused as Error).message).toBe('too many held waits on the job list (at most 2); try again later');
    controller.abort();
    await Promise.all(held);
    expect((await watchers.wait('other', 60_000)).version).toBe(version);
  });

  it('rejects when the list cannot be read', async () => {
    const watchers = createListWatchers(() => Promise.reject(new Error('job store unavailable: down')));
    await expect(watchers.wait('x', 1_000)).rejects.toThrow('job store unavailable: down');
  });
});
