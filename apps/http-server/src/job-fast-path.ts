/**
 * The two requests every job makes, its submit (`POST /api/jobs`) and its wait
 * (`GET /api/jobs/{id}/wait`), answered without going through express: its router and request
 * decoration cost a tiny job about 0.5 ms of CPU over bare node:http (tools/bench/e2e/floor.js),
 * a tenth of all the server spends on one. Both paths share the handlers (routes/jobs.ts), the
 * headers, access line and token check (middleware/), the body parser (request.ts) and the
 * error answer, so they answer alike; any spelling of these two requests the
 * fast path does not take as it is (another case, a trailing slash, an encoded id, a query on the
 * submit) goes to express, which answers it the same way.
 */
import type { JobService } from '@pipeline/jobs';
import type { ServiceMetrics } from '@pipeline/metrics';
import type { AccessControl, Logger } from '@pipeline/server-kit';
import type { Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { answerError } from './error-answer';
import { answerJson } from './json-answer';
import { refusal } from './middleware/access';
import { beginAnswer } from './middleware/every-answer';
import { pipelineBodyParser } from './request';
import { submitJob, waitForJob } from './routes/jobs';

/** What the fast path needs: the app's own job service, limits, signal, access rule and telemetry. */
export interface JobFastPathDeps {
  readonly jobs: JobService;
  readonly bodyLimit: number;
  readonly shutdownSignal: AbortSignal;
  readonly access: AccessControl;
  readonly metrics: ServiceMetrics;
  readonly logger: Logger;
}

const SUBMIT_URL = '/api/jobs';
/** A wait as the clients send it: a plain id (a job id is a UUID), the query as it comes. */
const WAIT_URL = /^\/api\/jobs\/([0-9A-Za-z-]{1,64})\/wait(?:\?(.*))?$/;

/** A request handler answering the two requests; false (nothing done) for any other request. */
export function jobFastPath(deps: JobFastPathDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const readJson = pipelineBodyParser(deps.bodyLimit);
  return (req, res) => {
    const url = req.url ?? '';
    const wait = req.method === 'GET' ? WAIT_URL.exec(url) : null;
    if (wait === null && !(req.method === 'POST' && url === SUBMIT_URL)) return false;
    const requestId = beginAnswer(req, res, deps.metrics, deps.logger);
    const fail = (error: unknown) => answerError(error, req, url, res, requestId, deps.logger);
    const refused = refusal(deps.access, req, url.split('?')[0], res);
    if (refused !== undefined) {
      fail(refused);
    } else if (wait !== null) {
      waitForJob(deps.jobs, wait[1], parseQuery(wait[2] ?? '')['timeout'], res, deps.shutdownSignal).then((job) => {
        if (job !== undefined) answerJson(res, 200, job);
      }, fail);
    } else {
      readJson(req as Request, res as Response, (error?: unknown) => {
        if (error !== undefined) return fail(error);
        submitJob(deps.jobs, (req as { body?: unknown }).body, requestId).then((answer) => answerJson(res, 202, answer), fail);
      });
    }
    return true;
  };
}
