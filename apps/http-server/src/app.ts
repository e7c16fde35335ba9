/**
 * The express application: CORS for every origin, JSON bodies up to the configured limit, the
 * `/api` routes, and every error (unknown route included) answered `{error: string}` through the
 * error table. It holds no business logic; the libraries do the work.
 */
import type { JobService } from '@pipeline/jobs';
import { createServiceMetrics, type ServiceMetrics } from '@pipeline/metrics';
import { errorFields, requestIdFrom, type Logger } from '@pipeline/server-kit';
import cors from 'cors';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { httpError, toErrorResponse } from './errors';
import { createOpenApiDocument } from './openapi/document';
import { matchOperation } from './openapi/operations';
import { defaultDocsAssetsDir, docsRoutes } from './routes/docs';
import { healthRoutes, readyRoutes } from './routes/health';
import { jobRoutes } from './routes/jobs';
import { pipelineRoutes } from './routes/pipeline';

/** What the application needs from its host. */
export interface AppDeps {
  readonly jobs: JobService;
  /** Reported by health. */
  readonly version: string;
  /** Largest accepted request body, in bytes. */
  readonly bodyLimit: number;
  /** Aborted when the server shuts down; pending waits then answer at once. */
  readonly shutdownSignal: AbortSignal;
  readonly logger: Logger;
  /** The built web console (`console/` beside main.js), served at `/`; none when undefined. */
  readonly consoleDir?: string;
  /** This server's metrics: served at `/metrics`, request latency observed here (default: a fresh set). */
  readonly metrics?: ServiceMetrics;
  /** The Swagger UI files of the `/docs/` page (default: see defaultDocsAssetsDir). */
  readonly docsAssetsDir?: string;
}

/** Builds the application; listening is the caller's business (see server.ts). */
export function createApp(deps: AppDeps): Express {
  const metrics = deps.metrics ?? createServiceMetrics({ transport: 'http' });
  const app = express();
  app.disable('x-powered-by');
  // Job objects change under the same URL; a 304 from a stale ETag would only confuse pollers.
  app.disable('etag');

  // A request id on every request (the client's `x-request-id` when usable): sent back, and on
  // every log line about the request or the jobs it submits.
  app.use((req, res, next) => {
    const requestId = requestIdFrom(req.get('x-request-id'));
    res.locals['requestId'] = requestId;
    res.setHeader('x-request-id', requestId);
    next();
  });
  // Every request's latency, labelled by route template (never the raw path: ids would explode the series).
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      metrics.observeRequest({ method: req.method, route: routeLabel(req.method, req.originalUrl), status }, seconds);
    });
    next();
  });
  // Before the routes, so that every answer (errors and preflights included) carries the CORS headers.
  app.use(cors());
  // Every pipeline body is read as JSON whatever its Content-Type, so `curl -d` needs no header.
  app.post(['/api/validate', '/api/explain', '/api/jobs'], express.json({ limit: deps.bodyLimit, type: () => true }));

  app.use('/api', healthRoutes(deps.version));
  app.use('/api', readyRoutes(() => deps.jobs.readiness(), deps.shutdownSignal));
  app.use('/api', pipelineRoutes());
  app.use('/api', jobRoutes(deps.jobs, deps.shutdownSignal, deps.logger));
  app.use(docsRoutes(createOpenApiDocument(deps.version), metrics, deps.docsAssetsDir ?? defaultDocsAssetsDir()));
  if (deps.consoleDir !== undefined) app.use(consoleFiles(deps.consoleDir));

  app.use((req) => {
    throw httpError('HTTP_ROUTE_NOT_FOUND', `no route ${req.method} ${req.path}`);
  });
  app.use(errorHandler(deps.logger));
  return app;
}

/**
 * The web console's static files at `/` (GET and HEAD only). Never answers under `/api`, so the
 * API's own 404s stay as they are; anything not found falls through to the 404 handler.
 */
function consoleFiles(dir: string): RequestHandler {
  const files = express.static(dir, { index: 'index.html', redirect: false, dotfiles: 'ignore' });
  return (req, res, next) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    return files(req, res, next);
  };
}

/** The metric label of a request: its API path template, one of the service routes, or `unmatched`. */
export function routeLabel(method: string, url: string): string {
  const path = url.split('?')[0];
  const api = matchOperation(method, path);
  if (api !== undefined) return api.template;
  if (path === '/metrics' || path === '/openapi.json') return path;
  if (path === '/docs' || path.startsWith('/docs/')) return '/docs';
  return 'unmatched';
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const { status, body, unexpected } = toErrorResponse(error, { contentEncoding: req.get('content-encoding') });
    if (unexpected) {
      logger.error({ requestId: res.locals['requestId'], ...errorFields(error) }, `${req.method} ${req.originalUrl} failed`);
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(status).json(body);
  };
}
