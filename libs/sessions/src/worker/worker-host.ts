/**
 * Runs danfo sessions in worker threads: a few threads started on demand, each holding the
 * backends of several sessions, a new session going to the least busy thread. A thread that dies
 * fails the calls it was running and the sessions it held; new sessions get a fresh thread.
 * Threads are only stopped when they hold no session, so none is ever stopped mid-computation.
 */
import { Worker } from 'node:worker_threads';
import { fromPlainError } from '@pipeline/engine';
import { sessionErrors } from '../errors';
import type { EngineCallOptions, EngineHandle, SessionEngine } from '../session-engine';
import type { FromWorker, SessionOp, ToWorker, WorkerEngineSettings } from './protocol';

/** Options of {@link createDanfoWorkerHost}. */
export interface DanfoWorkerHostOptions {
  /** The bundled worker entry (see `resolveSessionWorkerFile`). */
  readonly workerFile: string;
  /** Most threads at once; default 2. */
  readonly threads?: number;
  readonly engine: WorkerEngineSettings;
}

/** Opens danfo session backends in worker threads. */
export interface DanfoWorkerHost {
  open(): Promise<SessionEngine>;
  /** Threads alive now. */
  readonly threads: number;
  /** Stops every thread; call once every session is closed. */
  close(): Promise<void>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
  sessions: number;
  /** Why the thread died, once it has. */
  dead?: string;
}

/** Creates the host; no thread starts before the first session. */
export function createDanfoWorkerHost(options: DanfoWorkerHostOptions): DanfoWorkerHost {
  const maxThreads = options.threads ?? 2;
  const threads: Thread[] = [];
  let nextCall = 1;
  let nextSession = 1;

  /** Marks a thread dead: its running calls fail, and no new session goes to it. */
  function bury(thread: Thread, reason: string): void {
    if (thread.dead) return;
    thread.dead = reason;
    const index = threads.indexOf(thread);
    if (index >= 0) threads.splice(index, 1);
    for (const p of thread.pending.values()) p.reject(sessionErrors.workerFailed(reason));
    thread.pending.clear();
  }

  function start(): Thread {
    const worker = new Worker(options.workerFile);
    const thread: Thread = { worker, pending: new Map(), sessions: 0 };
    worker.on('message', (message: FromWorker) => {
      const p = thread.pending.get(message.callId);
      if (!p) return;
      thread.pending.delete(message.callId);
      if (message.type === 'ok') p.resolve(message.value);
      else p.reject(fromPlainError(message.error));
    });
    worker.on('error', (e) => bury(thread, e.message));
    worker.on('exit', (code) => bury(thread, `exited with code ${code}`));
    // Idle threads must not keep the process alive; calls in flight are awaited by their callers.
    worker.unref();
    threads.push(thread);
    return thread;
  }

  function pick(): Thread {
    const idle = threads.filter((t) => !t.dead).sort((a, b) => a.sessions - b.sessions)[0];
    if (idle && (idle.sessions === 0 || threads.length >= maxThreads)) return idle;
    return start();
  }

  function call(thread: Thread, sessionId: string, op: SessionOp, opts?: EngineCallOptions): Promise<unknown> {
    if (thread.dead) return Promise.reject(sessionErrors.workerFailed(thread.dead));
    const callId = nextCall++;
    return new Promise((resolve, reject) => {
      const signal = opts?.signal;
      const onAbort = (): void => thread.worker.postMessage({ type: 'cancel', callId } satisfies ToWorker);
      const done = (): void => signal?.removeEventListener('abort', onAbort);
      thread.pending.set(callId, {
        resolve: (value) => (done(), resolve(value)),
        reject: (error) => (done(), reject(error)),
      });
      thread.worker.postMessage({ type: 'call', callId, sessionId, ...op } as ToWorker);
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  return {
    async open() {
      const thread = pick();
      const sessionId = `danfo-${nextSession++}`;
      thread.sessions++;
      try {
        await call(thread, sessionId, { op: 'open', engine: options.engine });
      } catch (e) {
        thread.sessions--;
        throw e;
      }
      let closed = false;
      const engine: SessionEngine = {
        backend: 'danfo',
        readInput: async (ref, source, opts) =>
          (await call(thread, sessionId, { op: 'readInput', ref, source }, opts)) as EngineHandle,
        apply: async (ref, source, inputs, opts) =>
          (await call(thread, sessionId, { op: 'apply', ref, source, inputs }, opts)) as EngineHandle,
        write: async (handleId, ref, source, opts) =>
          (await call(thread, sessionId, { op: 'write', handleId, ref, source }, opts)) as {
            rowsWritten: number;
            skipped: boolean;
          },
        execute: async (plan, opts) => {
          await call(thread, sessionId, { op: 'execute', plan }, opts);
        },
        release: async (handleId) => {
          await call(thread, sessionId, { op: 'release', handleId });
        },
        close: async () => {
          if (closed) return;
          closed = true;
          thread.sessions--;
          // A dead thread took the session's frames with it.
          if (!thread.dead) await call(thread, sessionId, { op: 'close' });
        },
      };
      return engine;
    },
    get threads() {
      return threads.length;
    },
    async close() {
      const all = [...threads];
      for (const t of all) bury(t, 'the session host was closed');
      await Promise.all(all.map((t) => t.worker.terminate()));
    },
  };
}
