/** `GET /api/health` (liveness) and `GET /api/ready` (readiness). */
import type { JobServiceReadiness } from '@pipeline/jobs';
import { Router } from 'express';

/** Answers `{status:"ok", version}` while the process serves requests. */
export function healthRoutes(version: string, router: Router = Router()): Router {
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', version });
  });
  return router;
}

/**
 * Answers 200 `{status:"ready"}` while the service can take jobs, else 503 `{status:"not ready",
 * reason}`; `readiness` is the job service's (bounded in time), `stopping` aborts at shutdown.
 */
export function readyRoutes(readiness: () => Promise<JobServiceReadiness>, stopping: AbortSignal, router: Router = Router()): Router {
  router.get('/ready', (_req, res, next) => {
    const answer = stopping.aborted ? Promise.resolve<JobServiceReadiness>({ ready: false, reason: 'shutting down' }) : readiness();
    answer.then((state) => {
      res.setHeader('cache-control', 'no-store');
      if (state.ready) res.json({ status: 'ready' });
      else res.status(503).json({ status: 'not ready', reason: state.reason });
    }, next);
  });
  return router;
}
