import { MessageChannel } from 'node:worker_threads';
import { forEachRow } from './row-loop';

function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // a slow row: the event loop cannot run meanwhile
  }
}

const afterEachClose: { close(): void }[] = [];
afterEach(() => {
  for (const port of afterEachClose.splice(0)) port.close();
});

describe('forEachRow', () => {
  it('visits every row once, in order', async () => {
    const seen: number[] = [];
    await forEachRow(1000, undefined, 'a', (i) => seen.push(i));
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });

  it('sees a cancel that arrives as a message while a few slow rows run, even in the last row', async () => {
    // As in a worker thread: the cancel is a port message, delivered only when the event loop turns.
    const { port1, port2 } = new MessageChannel();
    afterEachClose.push(port1, port2);
    const controller = new AbortController();
    port2.on('message', () => controller.abort());
    let visited = 0;
    const run = forEachRow(18, controller.signal, 'slow', (i) => {
      if (i === 0) port1.postMessage('cancel');
      busy(30);
      visited++;
    });
    await expect(run).rejects.toMatchObject({ code: 'E_CANCELLED', message: 'asset "slow": execution cancelled' });
    expect(visited).toBeLessThan(18);
  });

  it('checks the signal after a single slow row', async () => {
    const { port1, port2 } = new MessageChannel();
    afterEachClose.push(port1, port2);
    const controller = new AbortController();
    port2.on('message', () => controller.abort());
    const run = forEachRow(1, controller.signal, 'one', () => {
      port1.postMessage('cancel');
      busy(40);
    });
    await expect(run).rejects.toMatchObject({ code: 'E_CANCELLED' });
  });

  it('fails at once when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    let visited = 0;
    await expect(forEachRow(5, controller.signal, 'a', () => visited++)).rejects.toMatchObject({ code: 'E_CANCELLED' });
    expect(visited).toBe(0);
  });
});
