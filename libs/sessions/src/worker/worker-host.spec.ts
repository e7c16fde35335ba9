import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isEngineError } from '@pipeline/engine';
import { isSessionError } from '../errors';
import { createDanfoWorkerHost, type DanfoWorkerHost } from './worker-host';

// The host's thread management and call plumbing, against a scripted worker that speaks the
// protocol (@pipeline/workers: {type: 'call', callId, op} / {type: 'cancel', callId}): `readInput` answers after `source.path` milliseconds, ref "boom" fails with an
// engine error, ref "die" kills the thread, and a cancelled call answers E_CANCELLED.
const FAKE_WORKER = `
const { parentPort, threadId } = require('node:worker_threads');
const timers = new Map();
parentPort.on('message', (message) => {
  if (message.type === 'cancel') {
    const m = message;
    const t = timers.get(m.callId);
    if (t) { clearTimeout(t); timers.delete(m.callId);
      parentPort.postMessage({ type: 'error', callId: m.callId, error: { code: 'E_CANCELLED', message: 'execution cancelled' } }); }
    return;
  }
  const m = { callId: message.callId, ...message.op };
  if (m.op === 'readInput') {
    if (m.ref === 'die') process.exit(3);
    if (m.ref === 'boom') return parentPort.postMessage({ type: 'error', callId: m.callId,
      error: { code: 'E_FILE_NOT_FOUND', message: 'asset "boom": file not found: x.csv', details: { path: 'x.csv' } } });
    timers.set(m.callId, setTimeout(() => { timers.delete(m.callId);
      parentPort.postMessage({ type: 'ok', callId: m.callId, value: { id: m.sessionId + '@' + threadId, rowCount: 5 } }); }, Number(m.source.path)));
    return;
  }
  parentPort.postMessage({ type: 'ok', callId: m.callId, value: null });
});
`;

const input = (ms: number) => ({ kind: 'input', format: 'csv', path: String(ms), options: {} }) as const;

describe('createDanfoWorkerHost', () => {
  let dir: string;
  let host: DanfoWorkerHost;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'danfo-host-'));
    writeFileSync(join(dir, 'worker.js'), FAKE_WORKER);
    host = createDanfoWorkerHost({ workerFile: join(dir, 'worker.js'), threads: 2, engine: { dataRoot: dir, backend: 'danfo' } });
  });
  afterEach(async () => {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('spreads sessions over at most `threads` threads and answers calls', async () => {
    const a = await host.open();
    const b = await host.open();
    const c = await host.open();
    expect(host.threads).toBe(2);
    const [ha, hb, hc] = await Promise.all([a.readInput('x', input(5)), b.readInput('x', input(5)), c.readInput('x', input(5))]);
    const thread = (id: string) => id.split('@')[1];
    expect(thread(ha.id)).not.toBe(thread(hb.id));
    expect(thread(hc.id)).toBe(thread(ha.id));
    expect(ha.rowCount).toBe(5);
  });

  it('stops a thread left without sessions after the idle time (its memory goes back), and reuses it before', async () => {
    await host.close();
    host = createDanfoWorkerHost({ workerFile: join(dir, 'worker.js'), threads: 2, engine: { dataRoot: dir, backend: 'danfo' }, idleMs: 100 });
    const a = await host.open();
    await a.close();
    // Reopened within the idle time: the same thread serves.
    const b = await host.open();
    expect(host.threads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(host.threads).toBe(1);
    await b.close();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(host.threads).toBe(0);
    // A later session gets a fresh thread.
    const c = await host.open();
    await expect(c.readInput('x', input(1))).resolves.toMatchObject({ rowCount: 5 });
    expect(host.threads).toBe(1);
  });

  it('rebuilds engine errors from plain data', async () => {
    const a = await host.open();
    const error = await a.readInput('boom', input(0)).catch((e: unknown) => e);
    expect(isEngineError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'E_FILE_NOT_FOUND', message: 'asset "boom": file not found: x.csv', details: { path: 'x.csv' } });
  });

  it('forwards an abort to the worker as a cancel message', async () => {
    const a = await host.open();
    const controller = new AbortController();
    const call = a.readInput('slow', input(5000), { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toMatchObject({ code: 'E_CANCELLED' });
  });

  it('fails the calls and sessions of a thread that dies, and starts a fresh one for new sessions', async () => {
    const a = await host.open();
    const slow = a.readInput('slow', input(5000)).catch((e: unknown) => e);
    const error = await (await host.open()).readInput('die', input(0)).catch((e: unknown) => e);
    // The second session went to the other thread; only that one died.
    expect(isSessionError(error) && error.code).toBe('SESSION_WORKER_FAILED');
    expect(host.threads).toBe(1);
    const c = await host.open();
    await expect(c.readInput('x', input(1))).resolves.toMatchObject({ rowCount: 5 });
    await expect(a.close()).resolves.toBeUndefined();
    await host.close();
    await expect(slow).resolves.toMatchObject({ code: 'SESSION_WORKER_FAILED' });
  });
});
