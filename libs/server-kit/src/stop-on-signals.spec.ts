import { createRecordingLogger } from './logger';
import { EXIT_STOPPED_NOW, stopOnSignals, type StopTarget } from './stop-on-signals';

/** A stop target whose graceful and immediate stops end when the test says so. */
function controlledTarget() {
  const calls: boolean[] = [];
  const pending: (() => void)[] = [];
  const target: StopTarget = {
    stop(now) {
      calls.push(now);
      return new Promise<void>((resolve) => pending.push(resolve));
    },
  };
  return { target, calls, finishAll: () => pending.splice(0).forEach((resolve) => resolve()) };
}

function setup(boundMs = 10_000) {
  const { logger, lines } = createRecordingLogger('test');
  const exits: number[] = [];
  const handlers = new Map<string, (arg?: unknown) => void>();
  const control = controlledTarget();
  const stopper = stopOnSignals({
    logger,
    target: control.target,
    stopNowBoundMs: boundMs,
    exit: (code) => exits.push(code),
    on: (event, handler) => handlers.set(event, handler),
  });
  return { ...control, exits, handlers, stopper, messages: () => lines.map((l) => String(l['msg'])) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('stopOnSignals', () => {
  it('installs handlers for both signals and for fatal errors', () => {
    expect([...setup().handlers.keys()].sort()).toEqual(['SIGINT', 'SIGTERM', 'uncaughtException', 'unhandledRejection']);
  });

  it('a first signal stops gracefully and exits 0 once the stop has ended', async () => {
    const s = setup();
    s.handlers.get('SIGTERM')?.();
    expect(s.calls).toEqual([false]);
    await tick();
    expect(s.exits).toEqual([]);
    s.finishAll();
    await tick();
    expect(s.exits).toEqual([0]);
    expect(s.messages()).toEqual(['SIGTERM: no longer accepting connections, draining', 'stopped']);
  });

  it('a second signal stops now, but exits 130 only once the work has ended, never before', async () => {
    const s = setup();
    s.stopper.signal('SIGTERM');
    s.stopper.signal('SIGINT');
    expect(s.calls).toEqual([false, true]);
    await tick();
    expect(s.exits).toEqual([]);
    // A third signal changes nothing: still waiting for the work to end.
    s.stopper.signal('SIGTERM');
    expect(s.calls).toEqual([false, true]);
    s.finishAll();
    await tick();
    expect(s.exits).toEqual([EXIT_STOPPED_NOW]);
  });

  it('a fatal error stops now and exits 1', async () => {
    const s = setup();
    s.handlers.get('uncaughtException')?.(new Error('boom'));
    expect(s.calls).toEqual([true]);
    s.finishAll();
    await tick();
    expect(s.exits).toEqual([1]);
    expect(s.messages()[0]).toBe('unexpected error: stopping');
  });

  it('exits regardless once the bound has passed', async () => {
    const s = setup(30);
    s.stopper.signal('SIGTERM');
    s.stopper.signal('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(s.exits).toEqual([EXIT_STOPPED_NOW]);
    expect(s.messages()).toContain('running work did not end in time: exiting regardless');
    s.finishAll();
    await tick();
    expect(s.exits).toEqual([EXIT_STOPPED_NOW]);
  });
});
