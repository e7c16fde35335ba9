/**
 * How a server process ends, the same for both apps. The first SIGTERM or SIGINT stops
 * gracefully and exits 0. A second one stops *now*: running work is cancelled at once, but the
 * process still waits (bounded) until the job workers are out of DuckDB before it exits 130. A
 * fatal error (an exception or rejection nobody handled) does the same, then exits 1.
 *
 * Why never `process.exit` at once: ending the process tears down every worker thread, and a
 * worker whose thread is inside a DuckDB query aborts the whole process. When the query's native
 * completion runs against the torn-down thread environment, node-addon-api throws a C++
 * `Napi::Error` that nothing catches: `terminate called after throwing an instance of
 * 'Napi::Error'`, SIGABRT, core dump. An interrupted query that has returned is harmless.
 */
import type { Logger } from './logger';
import { errorFields } from './logger';

/** Exit code after a second signal (128 + SIGINT, what shells report for an interrupted program). */
export const EXIT_STOPPED_NOW = 130;

/** The longest a stop-now waits for work to end before the process exits regardless. */
export const DEFAULT_STOP_NOW_BOUND_MS = 15_000;

/** What the process stops. */
export interface StopTarget {
  /**
   * Graceful with `now` false; with `now` true (possibly while a graceful stop runs) running
   * work is cancelled at once. Resolves once the work has ended (or its own bound passed).
   */
  stop(now: boolean): Promise<void>;
}

/** Options of {@link stopOnSignals}. */
export interface StopOnSignalsOptions {
  readonly logger: Logger;
  readonly target: StopTarget;
  /** The longest a stop-now waits; default {@link DEFAULT_STOP_NOW_BOUND_MS}. */
  readonly stopNowBoundMs?: number;
  /** Ends the process; default `process.exit` (tests pass their own). */
  readonly exit?: (code: number) => void;
  /** Where the handlers are installed; default `process`. */
  readonly on?: (event: 'SIGTERM' | 'SIGINT' | 'uncaughtException' | 'unhandledRejection', handler: (arg?: unknown) => void) => void;
}

/** The state of the process's stop, for tests. */
export interface SignalStopper {
  /** Handles a signal as the process would. */
  signal(name: 'SIGTERM' | 'SIGINT'): void;
  /** Handles a fatal error as the process would. */
  fatal(error: unknown): void;
}

/** Installs the handlers on the process (or on `options.on`). */
export function stopOnSignals(options: StopOnSignalsOptions): SignalStopper {
  const { logger, target } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const boundMs = options.stopNowBoundMs ?? DEFAULT_STOP_NOW_BOUND_MS;
  let graceful: Promise<void> | undefined;
  let now: Promise<void> | undefined;
  let exitCode = 0;
  let exited = false;
  const end = (code: number): void => {
    if (exited) return;
    exited = true;
    exit(code);
  };

  const stopNow = (code: number, why: string): void => {
    exitCode = code;
    if (now !== undefined) {
      logger.info({ why }, 'already stopping now: waiting for running work to end');
      return;
    }
    logger.info({ why, boundMs }, 'stopping now: cancelling running work, waiting for it to end');
    const bound = setTimeout(() => {
      logger.error({ boundMs }, 'running work did not end in time: exiting regardless');
      end(exitCode);
    }, boundMs);
    bound.unref();
    now = target.stop(true).then(
      () => end(exitCode),
      (error: unknown) => {
        logger.error(errorFields(error), 'stopping failed');
        end(exitCode === 0 ? 1 : exitCode);
      },
    );
  };

  const signal = (name: 'SIGTERM' | 'SIGINT'): void => {
    if (graceful !== undefined) {
      stopNow(EXIT_STOPPED_NOW, `${name} again`);
      return;
    }
    logger.info({ signal: name }, `${name}: no longer accepting connections, draining`);
    graceful = target.stop(false).then(
      () => {
        if (now !== undefined) return; // the stop-now decides the exit
        logger.info('stopped');
        end(exitCode);
      },
      (error: unknown) => {
        if (now !== undefined) return;
        logger.error(errorFields(error), 'shutdown failed');
        end(1);
      },
    );
  };

  const fatal = (error: unknown): void => {
    logger.fatal(errorFields(error), 'unexpected error: stopping');
    stopNow(1, 'fatal error');
  };

  const on = options.on ?? ((event, handler) => process.on(event, handler));
  on('SIGTERM', () => signal('SIGTERM'));
  on('SIGINT', () => signal('SIGINT'));
  on('uncaughtException', (error) => fatal(error));
  on('unhandledRejection', (reason) => fatal(reason));
  return { signal, fatal };
}
