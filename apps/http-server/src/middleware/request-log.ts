/**
 * Every request, once its answer is sent or the client has gone: one access log line (info:
 * method, route template, path, status, duration, request id) and one latency observation,
 * labelled by route template (never the raw path: ids would explode the series).
 */
import type { ServiceMetrics } from '@pipeline/metrics';
import type { Logger } from '@pipeline/server-kit';
import type { ServerResponse } from 'node:http';
import { matchOperation } from '../openapi/operations';

/** The longest path an access line quotes: a client may send a very long one. */
const MAX_LOGGED_PATH = 512;

/** Observes the request `method path` (as the client sent it, without its query) until `res` closes. */
export function observeRequest(method: string, path: string, res: ServerResponse, requestId: string, metrics: ServiceMetrics, logger: Logger): void {
  const started = process.hrtime.bigint();
  res.on('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = routeLabel(method, path);
    const aborted = !res.writableFinished;
    metrics.observeRequest({ method, route, status: aborted ? 'aborted' : String(res.statusCode) }, seconds);
    logger.info(
      {
        requestId,
        method,
        route,
        path: path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path,
        status: res.statusCode,
        durationMs: Math.round(seconds * 1e6) / 1e3,
        ...(aborted ? { aborted: true } : {}),
      },
      'request',
    );
  });
}

/** The route of a request: its API path template, one of the service routes, or `unmatched`. */
export function routeLabel(method: string, url: string): string {
  const path = url.split('?')[0];
  const api = matchOperation(method, path);
  if (api !== undefined) return api.template;
  if (path === '/metrics' || path === '/openapi.json') return path;
  if (path === '/docs' || path.startsWith('/docs/')) return '/docs';
  return 'unmatched';
}
