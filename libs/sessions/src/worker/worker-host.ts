/**
 * Runs danfo sessions in worker threads: a few threads started on demand, each holding the
 * backends of several sessions, a new session going to the least busy thread. A thread that dies
 * fails the calls it was running and the sessions it held; new sessions get a fresh thread.
 * Threads are only stopped when they hold no session, so none is ever stopped mid-computation.
 */
import { Worker } from 'node:worker_threads';
import { fromPlainError } from '@pipeline/engine';
import { createCallChannel, type CallChannel } from '@pipeline/workers';
import { sessionErrors } from '../errors';
import type { EngineCallOptions, EngineHandle, SessionEngine } from '../session-engine';
import { JS_OUT_OF_MEMORY_WIRE_CODE, type SessionCall, type SessionOp, type WorkerEngineSettings, type WorkerHandle } from './protocol';
import type { WireError } from '@pipeline/workers';

/** Options of {@link createDanfoWorkerHost}. */
export interface DanfoWorkerHostOptions {
  /** The built worker entry (see `resolveSessionWorkerFile`). */
  readonly workerFile: string;
  /** Most threads at once; default 2. */
  readonly threads?: number;
  readonly engine: WorkerEngineSettings;
  /**
   * How long a thread with no session is kept for the next one before it is stopped, which gives
   * its memory back (a V8 heap that held big frames does not shrink by itself); default 30 s.
   */
  readonly idleMs?: number;
  /**
   * Most megabytes of each thread's V8 heap (its old generation): V8 stops a thread that needs more,
   * which fails the calls and sessions it held instead of the whole process. Default: V8's own.
   */
  readonly heapLimitMb?: number;
}

/**
 * Bytes a danfo frame is counted for per value (rows x columns) in the sessions' memory budget:
 * reading a 1M-row, 4-column CSV (integers and short texts) into a danfo session raised the
 * server's resident memory by about 350 MB (`tools/bench/sessions`), about 85 bytes a value.
 */
export const DANFO_BYTES_PER_VALUE = 80;

/** Default time a danfo thread without sessions is kept. */
export const DEFAULT_DANFO_IDLE_MS = 30_000;

/** Opens danfo session backends in worker threads. */
export interface DanfoWorkerHost {
  open(): Promise<SessionEngine>;
  /** Threads alive now. */
  readonly threads: number;
  /** Estimated bytes held by the frames of open sessions ({@link DANFO_BYTES_PER_VALUE} per value). */
  readonly heldBytes: number;
  /** Stops every thread; call once every session is closed. */
  close(): Promise<void>;
}

interface Thread {
  readonly worker: Worker;
  readonly channel: CallChannel<SessionCall>;
  sessions: number;
  /** Why the thread died, once it has. */
  dead?: string;
  /** Stops the thread once it has stayed without sessions for the idle time. */
  idleTimer?: NodeJS.Timeout;
}

/** Creates the host; no thread starts before the first session. */
export function createDanfoWorkerHost(options: DanfoWorkerHostOptions): DanfoWorkerHost {
  const maxThreads = options.threads ?? 2;
  const idleMs = options.idleMs ?? DEFAULT_DANFO_IDLE_MS;
  const threads: Thread[] = [];
  let nextSession = 1;
  let heldBytes = 0;

  /** Marks a thread dead: its running calls fail, and no new session goes to it. */
  function bury(thread: Thread, reason: string): void {
    if (thread.dead) return;
    thread.dead = reason;
    const index = threads.indexOf(thread);
    if (index >= 0) threads.splice(index, 1);
    thread.channel.failAll(sessionErrors.workerFailed(reason));
  }

  function start(): Thread {
    const worker = new Worker(options.workerFile, {
      ...(options.heapLimitMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: options.heapLimitMb } }),
    });
    const thread: Thread = { worker, channel: createCallChannel<SessionCall>(worker, rebuild), sessions: 0 };
    worker.on('error', (e) => bury(thread, e.message));
    worker.on('exit', (code) => bury(thread, `exited with code ${code}`));
    // Idle threads must not keep the process alive; calls in flight are awaited by their callers.
    worker.unref();
    threads.push(thread);
    return thread;
  }

  function pick(): Thread {
    const idle = threads.filter((t) => !t.dead).sort((a, b) => a.sessions - b.sessions)[0];
    if (idle && (idle.sessions === 0 || threads.length >= maxThreads)) {
      clearTimeout(idle.idleTimer);
      return idle;
    }
    return start();
  }

  /**
   * A thread left without sessions is stopped after the idle time. Terminating it is safe: a
   * danfo thread computes in JavaScript only (never inside DuckDB), and it holds no session.
   */
  function releaseIfIdle(thread: Thread): void {
    if (thread.sessions > 0 || thread.dead) return;
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => {
      if (thread.sessions > 0 || thread.dead) return;
      bury(thread, 'stopped after its idle time');
      void thread.worker.terminate();
    }, idleMs);
    thread.idleTimer.unref();
  }

  function rebuild(error: WireError): Error {
    return error.code === JS_OUT_OF_MEMORY_WIRE_CODE ? new RangeError(error.message) : fromPlainError(error);
  }

  function call(thread: Thread, sessionId: string, op: SessionOp, opts?: EngineCallOptions): Promise<unknown> {
    if (thread.dead) return Promise.reject(sessionErrors.workerFailed(thread.dead));
    return thread.channel.call({ ...op, sessionId }, opts?.signal ? { signal: opts.signal } : {});
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
        releaseIfIdle(thread);
        throw e;
      }
      let closed = false;
      // What each of the session's frames is counted for in `heldBytes`.
      const held = new Map<string, number>();
      const forget = (handleId: string): void => {
        heldBytes -= held.get(handleId) ?? 0;
        held.delete(handleId);
      };
      const counted = (h: WorkerHandle): EngineHandle => {
        const bytes = h.rowCount * Math.max(1, h.columnCount) * DANFO_BYTES_PER_VALUE;
        held.set(h.id, bytes);
        heldBytes += bytes;
        return { id: h.id, rowCount: h.rowCount };
      };
      const engine: SessionEngine = {
        backend: options.engine.backend,
        readInput: async (ref, source, opts) =>
          counted((await call(thread, sessionId, { op: 'readInput', ref, source }, opts)) as WorkerHandle),
        apply: async (ref, source, inputs, opts) =>
          counted((await call(thread, sessionId, { op: 'apply', ref, source, inputs }, opts)) as WorkerHandle),
        write: async (handleId, ref, source, opts) =>
          (await call(thread, sessionId, { op: 'write', handleId, ref, source }, opts)) as {
            rowsWritten: number;
            skipped: boolean;
          },
        execute: async (plan, opts) => {
          await call(thread, sessionId, { op: 'execute', plan }, opts);
        },
        release: async (handleId) => {
          forget(handleId);
          await call(thread, sessionId, { op: 'release', handleId });
        },
        close: async () => {
          if (closed) return;
          closed = true;
          for (const handleId of [...held.keys()]) forget(handleId);
          thread.sessions--;
          // A dead thread took the session's frames with it.
          if (!thread.dead) await call(thread, sessionId, { op: 'close' });
          releaseIfIdle(thread);
        },
      };
      return engine;
    },
    get threads() {
      return threads.length;
    },
    get heldBytes() {
      return heldBytes;
    },
    async close() {
      const all = [...threads];
      for (const t of all) {
        clearTimeout(t.idleTimer);
        bury(t, 'the session host was closed');
      }
      await Promise.all(all.map((t) => t.worker.terminate()));
    },
  };
}
