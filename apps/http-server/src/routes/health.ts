/** `GET /api/health`. */
import { Router } from 'express';

/** Answers `{status:"ok", version}` while the process serves requests. */
export function healthRoutes(version: string): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', version });
  });
  return router;
}
