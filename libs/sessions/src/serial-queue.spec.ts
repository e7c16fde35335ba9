import { createSerialQueue } from './serial-queue';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createSerialQueue', () => {
  it('never overlaps operations and keeps their order', async () => {
    const q = createSerialQueue();
    const log: string[] = [];
    let running = 0;
    const op = (name: string, ms: number) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await tick(ms);
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([q.run(op('a', 20)), q.run(op('b', 1)), q.run(op('c', 5))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('keeps going after a failed operation', async () => {
    const q = createSerialQueue();
    const failed = q.run(async () => {
      throw new Error('boom');
    });
    const next = q.run(async () => 42);
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe(42);
  });

  it('counts pending operations and reports idleness once all settled', async () => {
    let idle = 0;
    const q = createSerialQueue(() => idle++);
    const a = q.run(() => tick(5));
    const b = q.run(() => tick(5));
    expect(q.pending).toBe(2);
    await Promise.all([a, b]);
    await q.drained();
    await tick(0);
    expect(q.pending).toBe(0);
    expect(idle).toBe(1);
  });
});
