import { createJobQueue, DEFAULT_QUEUE_CAPACITY } from './job-queue';

describe('job queue', () => {
  it('is FIFO and removes by id', () => {
    const queue = createJobQueue<number>(5);
    queue.push('a', 1);
    queue.push('b', 2);
    queue.push('c', 3);
    expect(queue.remove('b')).toBe(true);
    expect(queue.remove('b')).toBe(false);
    expect(queue.has('c')).toBe(true);
    expect(queue.shift()).toEqual({ id: 'a', entry: 1 });
    expect(queue.shift()).toEqual({ id: 'c', entry: 3 });
    expect(queue.shift()).toBeUndefined();
  });

  it('throws JOB_QUEUE_FULL at capacity and frees places on removal', () => {
    const queue = createJobQueue<number>(2);
    queue.push('a', 1);
    queue.push('b', 2);
    expect(() => queue.push('c', 3)).toThrow(expect.objectContaining({ code: 'JOB_QUEUE_FULL', message: 'job queue is full' }));
    queue.remove('a');
    queue.push('c', 3);
    expect(queue.drain().map((e) => e.id)).toEqual(['b', 'c']);
    expect(queue.size).toBe(0);
  });

  it('defaults to 1000 and rejects a bad capacity', () => {
    expect(createJobQueue().capacity).toBe(DEFAULT_QUEUE_CAPACITY);
    expect(DEFAULT_QUEUE_CAPACITY).toBe(1000);
    expect(() => createJobQueue(0)).toThrow(expect.objectContaining({ code: 'JOB_INVALID_OPTION' }));
  });
});
