/**
 * The access rule of the HTTP API: with access tokens configured, every `/api` call but the open
 * operations (`GET /api/health`) needs `Authorization: Bearer <token>`; anything else answers 401
 * `{error:"unauthorized"}` with `WWW-Authenticate: Bearer`, before its body is read. `/metrics`,
 * `/openapi.json`, `/docs/` and the console's files are not under `/api` and stay open.
 */
import type { AccessControl } from '@pipeline/server-kit';
import type { RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpError } from '../errors';
import { matchOperation } from '../openapi/operations';

/**
 * The error refusing `req` (an `/api` call, `path` without its query), with the challenge header
 * set on `res`; undefined when it may go on.
 */
export function refusal(access: AccessControl, req: IncomingMessage, path: string, res: ServerResponse): Error | undefined {
  if (!access.enabled) return undefined;
  // The operations table decides, with express's own matching (any case, one trailing slash).
  if (matchOperation(req.method ?? 'GET', path)?.operation?.open === true) return undefined;
  if (access.allows(req.headers.authorization)) return undefined;
  res.setHeader('WWW-Authenticate', 'Bearer');
  return httpError('HTTP_UNAUTHORIZED', 'unauthorized');
}

/** The middleware to mount on `/api` (after CORS, so that preflights and refusals carry its headers). */
export function requireToken(access: AccessControl): RequestHandler {
  return (req, res, next) => next(refusal(access, req, req.originalUrl.split('?')[0], res));
}
