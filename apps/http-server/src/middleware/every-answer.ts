/**
 * What every answer gets, whichever path serves its request (express, or the job fast path): a
 * request id (the client's `x-request-id` when usable) sent back and put on every log line about
 * the request or the jobs it submits, the access line and latency observation once it ends, the
 * security headers, and CORS's one header for every origin (preflights are cors()'s, in the app).
 */
import type { ServiceMetrics } from '@pipeline/metrics';
import { requestIdFrom, type Logger } from '@pipeline/server-kit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { observeRequest } from './request-log';
import { setSecurityHeaders } from './security-headers';

/** Starts the answer to `req`, before any route or check runs; returns the request id. */
export function beginAnswer(req: IncomingMessage, res: ServerResponse, metrics: ServiceMetrics, logger: Logger): string {
  const requestId = requestIdFrom(req.headers['x-request-id']);
  res.setHeader('x-request-id', requestId);
  const method = req.method ?? 'GET';
  const path = (req.url ?? '/').split('?')[0];
  observeRequest(method, path, res, requestId, metrics, logger);
  setSecurityHeaders(res, path);
  if (method !== 'OPTIONS') res.setHeader('Access-Control-Allow-Origin', '*');
  return requestId;
}
