/**
 * The express application: an access log line and security headers on every answer, CORS for
 * every origin, the access tokens on `/api`, JSON bodies up to the configured limit, the `/api`
 * routes, and every error (unknown route included) answered `{error: string}` through the error
 * table. A job's submit and wait skip it (job-fast-path.ts) with the same handlers and checks.
 * It holds no business logic; the libraries do the work.
 */
import type { JobService } from '@pipeline/jobs';
import { createServiceMetrics, type ServiceMetrics } from '@pipeline/metrics';
import { createAccessControl, type AccessControl, type Logger } from '@pipeline/server-kit';
import cors from 'cors';
import express, { Router, type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { RequestListener } from 'node:http';
import { answerError } from './error-answer';
import { httpError } from './errors';
import { jobFastPath } from './job-fast-path';
import { requireToken } from './middleware/access';
import { beginAnswer } from './middleware/every-answer';
import { createOpenApiDocument } from './openapi/document';
import { pipelineBodyParser } from './request';
import { defaultDocsAssetsDir, docsRoutes } from './routes/docs';
import { healthRoutes, readyRoutes } from './routes/health';
import { jobRoutes } from './routes/jobs';
import { pipelineRoutes } from './routes/pipeline';
import { resultRoutes } from './routes/results';

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
  /** Who may call `/api` (default: anyone). */
  readonly access?: AccessControl;
}

const OPEN = createAccessControl({});

/**
 * The server's request listener: a job's submit and wait on the fast path (job-fast-path.ts),
 * everything else on the application.
 */
export function createRequestListener(deps: AppDeps): RequestListener {
  const metrics = deps.metrics ?? createServiceMetrics({ transport: 'http' });
  const app = createApp({ ...deps, metrics });
  const fast = jobFastPath({ ...deps, metrics, access: deps.access ?? OPEN });
  return (req, res) => {
    if (!fast(req, res)) app(req, res);
  };
}

/** Builds the application; listening is the caller's business (see server.ts). */
export function createApp(deps: AppDeps): Express {
  const metrics = deps.metrics ?? createServiceMetrics({ transport: 'http' });
  const app = express();
  app.disable('x-powered-by');
  // Job objects change under the same URL; a 304 from a stale ETag would only confuse pollers.
  app.disable('etag');

  // Before the routes, so that every answer (errors and preflights included) carries the request
  // id, the security and CORS headers, and is logged and observed.
  const preflight = cors();
  app.use((req, res, next) => {
    res.locals['requestId'] = beginAnswer(req, res, metrics, deps.logger);
    if (req.method === 'OPTIONS') return preflight(req, res, next);
    next();
  });
  // Before the body parsers: a refused call's body is never read.
  app.use('/api', requireToken(deps.access ?? OPEN));
  app.post(['/api/validate', '/api/explain', '/api/jobs', '/api/preview'], pipelineBodyParser(deps.bodyLimit));

  // One router holds every `/api` route: each router mounted on its own made every request that
  // passed it pay for entering it (its path trimmed, its routes scanned, the path put back).
  const api = Router();
  healthRoutes(deps.version, api);
  readyRoutes(() => deps.jobs.readiness(), deps.shutdownSignal, api);
  pipelineRoutes(deps.jobs, api);
  jobRoutes(deps.jobs, deps.shutdownSignal, api);
  resultRoutes(deps.jobs, deps.shutdownSignal, api);
  app.use('/api', api);
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

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => answerError(error, req, req.originalUrl, res, res.locals['requestId'], logger);
}
