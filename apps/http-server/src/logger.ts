/** The server's log: one line per event on stdout, failures with their stack on stderr. */

/** Where the server writes what happens to it. */
export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

/** Logs to the process's stdout and stderr. */
export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(error === undefined ? message : `${message}\n${describeError(error)}`),
};

/** Discards everything (tests that assert on responses, not logs). */
export const silentLogger: Logger = { info: () => undefined, error: () => undefined };

function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}
