/**
 * The error catalogue of the session manager (on `@pipeline/errors`): a stable code, a
 * one-sentence message naming the session, handle or field concerned, and structured details.
 * Apps map the public codes to statuses.
 */
import { defineErrorCatalogue, type CatalogueError, type ErrorDetails, type PublicCodeOf } from '@pipeline/errors';

/** The session manager's catalogue. */
export const sessionCatalogue = defineErrorCatalogue({
  name: 'SessionError',
  prefix: 'SESSION',
  entries: {
    SESSION_NOT_FOUND: {
      meaning: 'The session is unknown, closed or expired.',
      // The text is the contract's.
      message: (_: { sessionId: string }) => 'session not found',
    },
    SESSION_HANDLE_NOT_FOUND: {
      meaning: 'The handle is unknown, or belongs to another session.',
      message: (_: { sessionId: string; handleId: string }) => 'handle not found',
    },
    SESSION_LIMIT: {
      meaning: 'As many sessions are open as the limit allows.',
      message: (a: { max: number }) => `too many open sessions (limit ${a.max}); close one or wait for idle ones to expire`,
    },
    SESSION_INVALID_REQUEST: {
      meaning: 'A request field is malformed; the message names the asset and field.',
      message: (a: { message: string; details: ErrorDetails }) => a.message,
      details: (a: { details: ErrorDetails }) => a.details,
    },
    SESSION_SHUTTING_DOWN: {
      meaning: 'The session manager is closing and accepts no new calls.',
      message: () => 'session manager is shutting down',
    },
    SESSION_MEMORY_FULL: {
      meaning: "The sessions' memory budget is spent (idle sessions already evicted): no new session or handle.",
      message: (a: { budget: string; heldMb: number; open: number }) =>
        `the sessions' memory budget of ${a.budget} is spent (${a.open} open sessions hold about ${a.heldMb} MB, none idle to evict); close sessions or release handles, then retry`,
    },
    SESSION_OUT_OF_MEMORY: {
      meaning: "An operation needed more memory than the sessions' memory limit allows; the message names the asset.",
      message: (a: { asset: string; limit: string; reason: string }) =>
        `asset "${a.asset}": out of memory under the sessions' memory limit of ${a.limit} (${a.reason})`,
    },
    SESSION_WORKER_FAILED: {
      meaning: "The worker thread holding the session's data died or could not start.",
      message: (a: { reason: string }) => `the session's worker thread failed: ${a.reason}`,
    },
  },
});

/** Every code the session manager raises. */
export const SESSION_ERROR_CODES = sessionCatalogue.codes;

/** A code of the session catalogue. */
export type SessionErrorCode = (typeof SESSION_ERROR_CODES)[number];

/** A code of the session catalogue that apps must map to a status. */
export type SessionPublicErrorCode = PublicCodeOf<typeof sessionCatalogue.entries>;

/** An error raised by the session manager; `code` is stable, `details` is structured. */
export type SessionError = CatalogueError<SessionErrorCode>;

/** True for errors raised by the session manager (also rebuilt from plain data). */
export function isSessionError(e: unknown): e is SessionError {
  return sessionCatalogue.is(e);
}

/** Builders for every session error, so messages stay in one place. */
export const sessionErrors = {
  notFound: (sessionId: string) => sessionCatalogue.create('SESSION_NOT_FOUND', { sessionId }),
  handleNotFound: (sessionId: string, handleId: string) =>
    sessionCatalogue.create('SESSION_HANDLE_NOT_FOUND', { sessionId, handleId }),
  limit: (max: number) => sessionCatalogue.create('SESSION_LIMIT', { max }),
  invalidRequest: (message: string, details: ErrorDetails = {}) =>
    sessionCatalogue.create('SESSION_INVALID_REQUEST', { message, details }),
  shuttingDown: () => sessionCatalogue.create('SESSION_SHUTTING_DOWN'),
  memoryFull: (budget: string, heldBytes: number, open: number) =>
    sessionCatalogue.create('SESSION_MEMORY_FULL', { budget, heldMb: Math.round(heldBytes / (1024 * 1024)), open }),
  outOfMemory: (asset: string, limit: string, reason: string) =>
    sessionCatalogue.create('SESSION_OUT_OF_MEMORY', { asset, limit, reason }),
  workerFailed: (reason: string) => sessionCatalogue.create('SESSION_WORKER_FAILED', { reason }),
} satisfies Record<string, (...args: never[]) => SessionError>;
