/**
 * A minimal structured logger: one JSON line per event on stderr, so logs stay machine-readable
 * and never mix with anything a test reads from stdout.
 */

/** What the server logs through. Tests pass a recording or silent logger. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Logs JSON lines to stderr. */
export function createConsoleLogger(): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>): void => {
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
  };
  return {
    info: (message, fields) => write('info', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

/** Discards everything (for tests that do not inspect logs). */
export const silentLogger: Logger = { info: () => undefined, error: () => undefined };
