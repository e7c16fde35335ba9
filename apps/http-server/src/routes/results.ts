/**
 * Seeing data: `GET /api/jobs/{id}/outputs/{asset}/rows` (the first rows of a completed job's
 * output, read back from the data root) and `POST /api/preview` (an asset computed from its
 * upstream assets, nothing written, no job kept). Both run on the job workers, never on this
 * event loop, and are cancelled when the client goes away or the server shuts down.
 */
import { jobsErrors, type JobService } from '@pipeline/jobs';
import { Router, type Response } from 'express';
import { httpError } from '../errors';
import { parseLimitQuery, readPreviewRequest } from '../look-request';
import { checkJobId } from '../request';

/** The result routes over `jobs`. */
export function resultRoutes(jobs: JobService, shutdownSignal: AbortSignal, router: Router = Router()): Router {

  router.get('/jobs/:id/outputs/:asset/rows', async (req, res) => {
    const id = checkJobId(req.params.id);
    const limit = parseLimitQuery(req.query['limit']);
    const ended = endOfLook(res, shutdownSignal);
    try {
      const rows = await jobs.outputRows(id, req.params.asset, { limit, signal: ended.signal });
      if (rows === undefined) throw httpError('HTTP_JOB_NOT_FOUND', 'job not found');
      res.json(rows);
    } catch (error) {
      if (!ended.clientGone()) throw error;
    } finally {
      ended.dispose();
    }
  });

  router.post('/preview', async (req, res) => {
    const { asset, limit, timeoutMs, ...pipeline } = readPreviewRequest(req.body);
    const ended = endOfLook(res, shutdownSignal);
    try {
      res.json(await jobs.preview(pipeline, asset, { limit, timeoutMs, signal: ended.signal }));
    } catch (error) {
      if (!ended.clientGone()) throw error;
    } finally {
      ended.dispose();
    }
  });

  return router;
}

/**
 * A signal aborted when the client goes away before the answer is sent (the look is cancelled
 * and its worker freed) or when the server shuts down; the listeners go when the look ends.
 */
function endOfLook(res: Response, shutdownSignal: AbortSignal): { signal: AbortSignal; clientGone(): boolean; dispose(): void } {
  const controller = new AbortController();
  let gone = false;
  const onClose = (): void => {
    if (res.writableFinished) return;
    gone = true;
    controller.abort(new Error('the client went away'));
  };
  const onShutdown = (): void => controller.abort(jobsErrors.shuttingDown());
  res.on('close', onClose);
  if (shutdownSignal.aborted) onShutdown();
  else shutdownSignal.addEventListener('abort', onShutdown, { once: true });
  return {
    signal: controller.signal,
    clientGone: () => gone,
    dispose: () => {
      res.off('close', onClose);
      shutdownSignal.removeEventListener('abort', onShutdown);
    },
  };
}
