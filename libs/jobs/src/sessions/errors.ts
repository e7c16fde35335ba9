/**
 * The error catalogue of the session manager: a stable code, a one-sentence message naming the
 * session, handle or field concerned, and structured details. Apps map codes to statuses.
 */
import { CatalogueError } from '../errors';

/** Every code the session manager raises. */
export const SESSION_ERROR_CODES = [
  'SESSION_NOT_FOUND',
  'SESSION_HANDLE_NOT_FOUND',
  'SESSION_LIMIT',
  'SESSION_INVALID_REQUEST',
  'SESSION_SHUTTING_DOWN',
  'SESSION_WORKER_FAILED',
] as const;

/** A code of the session catalogue. */
export type SessionErrorCode = (typeof SESSION_ERROR_CODES)[number];

/** An error raised by the session manager; `code` is stable, `details` is structured. */
export class SessionError extends CatalogueError<SessionErrorCode> {
  override readonly name = 'SessionError';
}

/** True for errors raised by the session manager. */
export function isSessionError(e: unknown): e is SessionError {
  return e instanceof SessionError;
}

/** Factories for every session error, so messages stay in one place. */
export const sessionErrors = {
  /** Unknown, closed or expired session; the text is the contract's. */
  notFound: (sessionId: string) => new SessionError('SESSION_NOT_FOUND', 'session not found', { sessionId }),
  /** Unknown handle, or a handle of another session; the text is the contract's. */
  handleNotFound: (sessionId: string, handleId: string) =>
    new SessionError('SESSION_HANDLE_NOT_FOUND', 'handle not found', { sessionId, handleId }),
  limit: (max: number) =>
    new SessionError('SESSION_LIMIT', `too many open sessions (limit ${max}); close one or wait for idle ones to expire`, {
      max,
    }),
  /** A request field is malformed; `message` names the asset and field. */
  invalidRequest: (message: string, details: Readonly<Record<string, unknown>> = {}) =>
    new SessionError('SESSION_INVALID_REQUEST', message, details),
  shuttingDown: () => new SessionError('SESSION_SHUTTING_DOWN', 'session manager is shutting down'),
  workerFailed: (reason: string) =>
    new SessionError('SESSION_WORKER_FAILED', `the session's worker thread failed: ${reason}`, { reason }),
} satisfies Record<string, (...args: never[]) => SessionError>;
