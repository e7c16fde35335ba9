/** `/api/jobs`: submit, list, read, wait for and cancel jobs of the job service, and read their lineage. */
import { listVersion, runEvents, type JobService } from '@pipeline/jobs';
import { Router } from 'express';
import type { ServerResponse } from 'node:http';
import { httpError, invalidRequest } from '../errors';
import { answerJson } from '../json-answer';
import { toJobJson, toJobProgressJson, type JobJson } from '../job-json';
import { checkJobId, readPipelineRequest } from '../request';
import { DEFAULT_LIST_WAIT_SECONDS, MAX_LIST_WAIT_SECONDS, parseWaitTimeout } from '../wait-timeout';

/**
 * The job routes over `jobs`; `shutdownSignal` ends pending waits early with the job as it is.
 * The job service logs each job's changes (`job queued` with the request id and the backend).
 */
export function jobRoutes(jobs: JobService, shutdownSignal: AbortSignal, router: Router = Router()): Router {

  router.post('/jobs', async (req, res) => {
    answerJson(res, 202, await submitJob(jobs, req.body, String(res.locals['requestId'])));
  });

  // With `since` (the version of the list the client has), held until the list differs or
  // `timeout` passes: a job submitted on any replica appears at once, without polling.
  router.get('/jobs', async (req, res) => {
    const since = req.query['since'];
    if (since === undefined) {
      const list = await jobs.list();
      res.json({ jobs: list.map((job) => toJobJson(job, { steps: false })), version: listVersion(list) });
      return;
    }
    if (typeof since !== 'string' || !/^[A-Za-z0-9_-]{0,64}$/.test(since)) {
      throw invalidRequest('since must be the version a previous GET /api/jobs answered');
    }
    const timeoutMs = parseWaitTimeout(req.query['timeout'], { defaultSeconds: DEFAULT_LIST_WAIT_SECONDS, maxSeconds: MAX_LIST_WAIT_SECONDS });
    const ended = endOfWait(res, shutdownSignal);
    let view;
    try {
      view = await jobs.waitForList(since, timeoutMs, ended.signal);
    } finally {
      ended.dispose();
    }
    if (ended.clientGone()) return;
    res.json({ jobs: view.jobs.map((job) => toJobJson(job, { steps: false })), version: view.version });
  });

  router.get('/jobs/:id', async (req, res) => {
    answerJson(res, 200, toJobJson((await jobs.get(checkJobId(req.params.id))) ?? notFound()));
  });

  router.get('/jobs/:id/progress', async (req, res) => {
    res.json(toJobProgressJson((await jobs.get(checkJobId(req.params.id))) ?? notFound()));
  });

  // OpenLineage RunEvents (spec 18.9), derived from the stored job, so every replica answers alike.
  router.get('/jobs/:id/lineage', async (req, res) => {
    res.json({ events: runEvents((await jobs.get(checkJobId(req.params.id))) ?? notFound()) });
  });

  router.get('/jobs/:id/wait', async (req, res) => {
    const job = await waitForJob(jobs, req.params.id, req.query['timeout'], res, shutdownSignal);
    if (job !== undefined) answerJson(res, 200, job);
  });

  router.delete('/jobs/:id', async (req, res) => {
    const result = (await jobs.cancel(checkJobId(req.params.id))) ?? notFound();
    if (result.outcome === 'already_terminal') {
      throw httpError('HTTP_JOB_ALREADY_TERMINAL', `job is already ${result.job.status}`);
    }
    res.json({ status: 'cancelling' });
  });

  return router;
}

/** `POST /api/jobs`: the pipeline request `body` submitted for `requestId`; the 202 answer's body. */
export async function submitJob(jobs: JobService, body: unknown, requestId: string): Promise<{ job_id: string; status: string }> {
  const { yaml, variables, backend } = readPipelineRequest(body);
  const job = await jobs.submit({ yaml, variables, ...(backend === undefined ? {} : { backend }) }, { requestId });
  return { job_id: job.id, status: job.status };
}

/**
 * `GET /api/jobs/{id}/wait?timeout=`: the job once it has ended, or as it is when the timeout
 * passes or the server shuts down; undefined when the client went away first (nothing to answer).
 */
export async function waitForJob(jobs: JobService, rawId: string, timeout: unknown, res: ServerResponse, shutdownSignal: AbortSignal): Promise<JobJson | undefined> {
  const id = checkJobId(rawId);
  const timeoutMs = parseWaitTimeout(timeout);
  const ended = endOfWait(res, shutdownSignal);
  let job;
  try {
    // Ended by shutdown, the wait resolves like an expired timeout: with the job as it is now.
    job = await jobs.wait(id, timeoutMs, ended.signal);
  } finally {
    ended.dispose();
  }
  if (ended.clientGone()) return undefined;
  return toJobJson(job ?? notFound());
}

function notFound(): never {
  throw httpError('HTTP_JOB_NOT_FOUND', 'job not found');
}

/**
 * A signal aborted when the client goes away before the response is sent, or when the server
 * shuts down. Not AbortSignal.any: on Node 20 each signal it makes stays reachable from the
 * long-lived shutdown signal (about 3 KB per wait, 3,000 aborted waits grew the server by
 * hundreds of MB); these listeners are removed when the wait ends.
 */
function endOfWait(res: ServerResponse, shutdownSignal: AbortSignal): { signal: AbortSignal; clientGone(): boolean; dispose(): void } {
  const controller = new AbortController();
  let gone = false;
  const onClose = () => {
    if (res.writableFinished) return;
    gone = true;
    controller.abort();
  };
  const onShutdown = () => controller.abort();
  res.on('close', onClose);
  if (shutdownSignal.aborted) controller.abort();
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
