import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { createCallChannel, isFromWorker, serveCalls, type WireError } from './index';

type Op = { kind: 'add'; a: number; b: number } | { kind: 'fail'; why: string } | { kind: 'wait'; ms: number } | { kind: 'spin'; ms: number };

const rebuild = (e: WireError): Error => Object.assign(new Error(e.message), { code: e.code, details: e.details });
const toWire = (e: unknown): WireError =>
  e instanceof Error ? { code: (e as { code?: string }).code ?? 'UNEXPECTED', message: e.message } : { code: 'UNEXPECTED', message: String(e) };

/** Both ends over a real MessageChannel (structured clone, as between threads). */
function open(): { ports: MessagePort[]; channel: ReturnType<typeof createCallChannel<Op>> } {
  const { port1, port2 } = new MessageChannel();
  serveCalls<Op>(
    port1,
    async (op, signal) => {
      if (op.kind === 'add') return op.a + op.b;
      if (op.kind === 'fail') throw Object.assign(new Error(`bad ${op.why}`), { code: 'SAMPLE_BAD' });
      if (op.kind === 'spin') {
        // Synchronous work that checks its signal: no message can reach it until it returns.
        const until = Date.now() + op.ms;
        while (Date.now() < until) if (signal.aborted) return 'saw the cancel';
        return 'ran to the end';
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve('waited'), op.ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(Object.assign(new Error('cancelled'), { code: 'E_CANCELLED' }));
        });
      });
    },
    toWire,
  );
  return { ports: [port1, port2], channel: createCallChannel<Op>(port2, rebuild) };
}

describe('createCallChannel / serveCalls', () => {
  let ports: MessagePort[] = [];
  afterEach(() => ports.forEach((p) => p.close()));

  it('answers concurrent calls by call id, and rebuilds errors from wire data', async () => {
    const opened = open();
    ports = opened.ports;
    const { channel } = opened;
    const [slow, sum, failure] = await Promise.all([
      channel.call({ kind: 'wait', ms: 30 }),
      channel.call({ kind: 'add', a: 2, b: 3 }),
      channel.call({ kind: 'fail', why: 'input' }).catch((e: unknown) => e),
    ]);
    expect(slow).toBe('waited');
    expect(sum).toBe(5);
    expect(failure).toMatchObject({ message: 'bad input', code: 'SAMPLE_BAD' });
    expect(channel.pending).toBe(0);
  });

  it('turns an abort into a cancel message for that call only', async () => {
    const opened = open();
    ports = opened.ports;
    const controller = new AbortController();
    const cancelled = opened.channel.call({ kind: 'wait', ms: 10_000 }, { signal: controller.signal }).catch((e: unknown) => e);
    const other = opened.channel.call({ kind: 'wait', ms: 50 });
    setTimeout(() => controller.abort(), 10);
    expect(await cancelled).toMatchObject({ code: 'E_CANCELLED' });
    expect(await other).toBe('waited');
  });

  it('sends the cancel at once for a signal already aborted', async () => {
    const opened = open();
    ports = opened.ports;
    const controller = new AbortController();
    controller.abort();
    await expect(opened.channel.call({ kind: 'wait', ms: 10_000 }, { signal: controller.signal })).rejects.toMatchObject({ code: 'E_CANCELLED' });
  });

  it('makes a cancel visible to synchronous code before the cancel message arrives', async () => {
    const opened = open();
    ports = opened.ports;
    const controller = new AbortController();
    const spinning = opened.channel.call({ kind: 'spin', ms: 2000 }, { signal: controller.signal });
    // Sent after the call: the spinning loop holds the serving side's event loop until it returns.
    controller.abort();
    expect(await spinning).toBe('saw the cancel');
  });

  it('fails every call in flight when told the thread died', async () => {
    const opened = open();
    ports = opened.ports;
    const call = opened.channel.call({ kind: 'wait', ms: 10_000 }).catch((e: unknown) => e);
    opened.channel.failAll(new Error('thread died'));
    expect(await call).toMatchObject({ message: 'thread died' });
    expect(opened.channel.pending).toBe(0);
  });

  it('recognises reply messages', () => {
    expect(isFromWorker({ type: 'ok', callId: 1, value: null })).toBe(true);
    expect(isFromWorker({ type: 'error', callId: 1, error: { code: 'X', message: 'm' } })).toBe(true);
    expect(isFromWorker({ type: 'error', callId: 1 })).toBe(false);
    expect(isFromWorker({ type: 'ok' })).toBe(false);
    expect(isFromWorker(null)).toBe(false);
  });
});
