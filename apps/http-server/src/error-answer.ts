/**
 * The answer to a failed request, for express's error handler and the job fast path alike: the
 * error table's status and `{error}` body, a log line for what no table entry explains, and a cut
 * connection when the answer had already begun.
 */
import { errorFields, type Logger } from '@pipeline/server-kit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toErrorResponse } from './errors';
import { answerJson } from './json-answer';

/** Answers `req` (first sent as `url`) with what `error` means. */
export function answerError(error: unknown, req: IncomingMessage, url: string, res: ServerResponse, requestId: unknown, logger: Logger): void {
  const { status, body, unexpected } = toErrorResponse(error, { contentEncoding: req.headers['content-encoding'] });
  if (unexpected) {
    logger.error({ requestId, ...errorFields(error) }, `${req.method} ${url} failed`);
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  answerJson(res, status, body);
}
