/**
 * Start-up: `start()` has every worker thread open its engine and lets the dispatcher claim;
 * `ready()` then rehearses a small document on the workers no job holds, beside jobs, never in
 * front of them (see `warm-up.ts`). A service stopped before it started releases whoever waits.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WorkerPool } from '../pool/worker-pool';
import type { WorkerEngineConfig } from '../worker/protocol';
import { prepareRehearsal } from './warm-up';

export interface StartUpOptions {
  readonly pool: WorkerPool;
  readonly engine: WorkerEngineConfig;
  /** The service's temp area; the rehearsal writes in a folder of it, removed afterwards. */
  readonly tempArea: string;
  readonly accepting: () => boolean;
  /** Workers holding a job or a look now: they are warmed by it, not rehearsed. */
  readonly busy: () => number;
  /** Workers may be free for jobs now (started, or a rehearsal over). */
  readonly onFree: () => void;
  readonly onError: (error: Error) => void;
}

export interface StartUp {
  /** Starts once (not after shutdown began); again does nothing. */
  start(): void;
  /** Warms up once started; the first call begins it. Never rejects. */
  ready(): Promise<void>;
  /** Releases `ready()` callers of a service that stops before it started. */
  stopping(): void;
  /** Settles once nothing warms any more (the pool may close then); never rejects. */
  settled(): Promise<void>;
  readonly started: boolean;
  /** Every worker thread has opened its engine: the service takes jobs at full speed. */
  readonly engineOpen: boolean;
  /** Workers running the warm-up rehearsal: not free for jobs meanwhile. */
  readonly rehearsing: number;
}

export function createStartUp(options: StartUpOptions): StartUp {
  const { pool, engine } = options;
  let started = false;
  let engineOpen = false;
  let rehearsing = 0;
  let markStarted: () => void = () => undefined;
  const startedSignal = new Promise<void>((resolve) => (markStarted = resolve));
  // Settles once every worker thread has opened its engine (set by start()).
  let opened: Promise<void> | undefined;
  let warmedUp: Promise<void> | undefined;

  /** Runs the warm-up rehearsal on the workers no job holds, once they have opened their engines. */
  const rehearseBeside = async (engines: Promise<void>): Promise<void> => {
    // The main thread's part of a first request, while the threads open their databases.
    const folder = path.join(options.tempArea, 'warm-up');
    const rehearsal = prepareRehearsal(folder);
    if (rehearsal === undefined) options.onError(new Error('the warm-up document no longer plans, or its folder cannot be written'));
    await engines;
    // A worker holding a job (one taken back from the queue at start) or a look is warmed by it.
    const free = pool.size - options.busy();
    try {
      if (rehearsal !== undefined && options.accepting() && free > 0) {
        rehearsing = free;
        try {
          await pool.warm(engine, rehearsal, free);
        } finally {
          rehearsing = 0;
          options.onFree();
        }
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  };

  return {
    start() {
      if (started || !options.accepting()) return;
      started = true;
      // These reach Piscina before any job: each thread opens its engine first.
      opened = pool.warm(engine).then(() => {
        engineOpen = true;
      });
      options.onFree();
      markStarted();
    },
    ready: () => (warmedUp ??= startedSignal.then(() => (opened !== undefined && options.accepting() ? rehearseBeside(opened) : undefined))),
    stopping: () => markStarted(),
    settled: async () => {
      await Promise.all([opened, warmedUp]);
    },
    get started() {
      return started;
    },
    get engineOpen() {
      return engineOpen;
    },
    get rehearsing() {
      return rehearsing;
    },
  };
}
