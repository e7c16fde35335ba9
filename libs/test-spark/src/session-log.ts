/**
 * Which Spark Connect sessions a server holds, as its own log says: the server logs each session
 * when a call first reaches it ("Session with userId: U and sessionId: S accessed") and when it
 * closes it ("Closing session with userId: U and sessionId: S"), whether released by the client
 * or expired. Tests give their server URL a `user_id` of their own, so sessions of other tests
 * sharing the server do not count.
 */
import * as fs from 'node:fs';

/** The environment variable that carries the test server's log file to the tests. */
export const TEST_SPARK_LOG_ENV = 'PIPELINE_TEST_SPARK_LOG';

/** The sessions of one user the server has seen, closed, and still holds. */
export interface SparkSessionLog {
  readonly seen: readonly string[];
  readonly closed: readonly string[];
  /** Seen and not closed: the server still holds them. */
  readonly open: readonly string[];
}

/** The log file of the run's test server (set by the Jest global setup; a server of your own: set it yourself). */
export function testSparkLogFile(): string {
  const file = process.env[TEST_SPARK_LOG_ENV];
  if (!file) throw new Error(`${TEST_SPARK_LOG_ENV} is not set: name the Spark Connect server's log file (the global setup sets it for the server it starts)`);
  return file;
}

/** The sessions of `userId` in the server log `logFile`. */
export function sparkSessionLog(logFile: string, userId: string): SparkSessionLog {
  const text = fs.readFileSync(logFile, 'utf8');
  const seen = new Set<string>();
  const closed = new Set<string>();
  const user = userId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const m of text.matchAll(new RegExp(`(Closing session|Session) with userId: ${user} and sessionId: ([0-9a-f-]{36})`, 'g'))) {
    const id = m[2] as string;
    seen.add(id);
    if (m[1] === 'Closing session') closed.add(id);
  }
  return { seen: [...seen], closed: [...closed], open: [...seen].filter((id) => !closed.has(id)) };
}

/**
 * Waits until the server holds no session of `userId` (the log is written a moment after the
 * call returns) and returns the log then; after `timeoutMs` it returns what it saw, open ones included.
 */
export async function settledSparkSessions(logFile: string, userId: string, timeoutMs = 10_000): Promise<SparkSessionLog> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = sparkSessionLog(logFile, userId);
    if (log.open.length === 0 || Date.now() > deadline) return log;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
