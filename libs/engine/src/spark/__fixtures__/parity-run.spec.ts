import { runQueue } from './parity-run';

/** A task that records its start and ends when `release` is called with its name. */
function tasks() {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const task = (name: string) => () => {
    started.push(name);
    return new Promise<string>((resolve) => releases.set(name, () => resolve(name)));
  };
  const release = async (name: string): Promise<void> => {
    releases.get(name)?.();
    // Let the queue start what comes next.
    await new Promise((r) => setImmediate(r));
  };
  return { started, task, release };
}

describe('the parity suites\' run queue', () => {
  it('runs at most `limit` tasks at once, in order, an urgent one first', async () => {
    const queue = runQueue(2);
    const { started, task, release } = tasks();
    const results = [queue(task('a')), queue(task('b')), queue(task('c')), queue(task('d'))];
    expect(started).toEqual(['a', 'b']);
    const urgent = queue(task('u'), true);
    await release('a');
    expect(started).toEqual(['a', 'b', 'u']);
    await release('b');
    await release('u');
    expect(started).toEqual(['a', 'b', 'u', 'c', 'd']);
    await release('c');
    await release('d');
    expect(await Promise.all([...results, urgent])).toEqual(['a', 'b', 'c', 'd', 'u']);
  });

  it('drains: drops what has not started and waits for what runs', async () => {
    const queue = runQueue(1);
    const { started, task, release } = tasks();
    void queue(task('a'));
    void queue(task('b'));
    let drained = false;
    const draining = queue.drain().then(() => (drained = true));
    await new Promise((r) => setImmediate(r));
    expect(drained).toBe(false);
    await release('a');
    await draining;
    expect(started).toEqual(['a']);
  });
});
