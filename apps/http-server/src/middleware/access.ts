/**
 * The access rule of the HTTP API: with access tokens configured, every `/api` call but the open
 * operations (`GET /api/health`) needs `Authorization: Bearer <token>`; anything else answers 401
 * `{error:"unauthorized"}` with `WWW-Authenticate: Bearer`, before its body is read. `/metrics`,
 * `/openapi.json`, `/docs/` and the console's files are not under `/api` and stay open.
 */
import type { AccessControl } from '@pipeline/server-kit';
import type { RequestHandler } from 'express';
import { httpError } from '../errors';
import { matchOperation } from '../openapi/operations';

/** The middleware to mount on `/api` (after CORS, so that preflights and refusals carry its headers). */
export function requireToken(access: AccessControl): RequestHandler {
  return (req, res, next) => {
    if (!access.enabled) return next();
    // The operations table decides, with express's own matching (any case, one trailing slash).
    if (matchOperation(req.method, req.originalUrl.split('?')[0])?.operation?.open === true) return next();
    if (access.allows(req.get('authorization'))) return next();
    res.setHeader('WWW-Authenticate', 'Bearer');
    next(httpError('HTTP_UNAUTHORIZED', 'unauthorized'));
  };
}
