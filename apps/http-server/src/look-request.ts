/**
 * The parameters of the rows and preview endpoints: `limit` (rows, default 100, at most 10,000:
 * a larger one is a 400, never silently cut), `timeout` (whole seconds, default 30, at most 600)
 * and, for a preview, the pipeline request plus `asset`.
 */
import { DEFAULT_ROWS_LIMIT, MAX_ROWS_LIMIT } from '@pipeline/engine';
import { DEFAULT_LOOK_TIMEOUT_MS, MAX_LOOK_TIMEOUT_MS } from '@pipeline/jobs';
import { lengthProblem } from '@pipeline/server-kit';
import { invalidRequest } from './errors';
import { readPipelineRequest, type PipelineRequest } from './request';

/** The fields a preview body adds to a pipeline request. */
export const PREVIEW_FIELDS = ['asset', 'limit', 'timeout'] as const;

/** A well-formed preview request. */
export interface PreviewRequest extends PipelineRequest {
  readonly asset: string;
  readonly limit: number;
  readonly timeoutMs: number;
}

/** Reads the `limit` query parameter (a string of digits); absent means 100. */
export function parseLimitQuery(raw: unknown): number {
  if (raw === undefined) return DEFAULT_ROWS_LIMIT;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw invalidRequest('limit must be a non-negative integer');
  return checkLimit(Number(raw));
}

function checkLimit(limit: number): number {
  if (limit > MAX_ROWS_LIMIT) throw invalidRequest(`limit must be at most ${MAX_ROWS_LIMIT} (got ${limit})`);
  return limit;
}

/** Reads a preview body: the pipeline request's fields (checked as a submit's) plus `asset`, `limit` and `timeout`. */
export function readPreviewRequest(body: unknown): PreviewRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidRequest('the body must be a JSON object with a string "yaml" and a string "asset"');
  }
  // The pipeline fields first, so that a malformed request is answered as a submit would be.
  const { asset, limit, timeout, ...pipeline } = body as Record<string, unknown>;
  if (asset === undefined) throw invalidRequest('"asset" is required');
  if (typeof asset !== 'string' || asset === '') throw invalidRequest('"asset" must be a non-empty string (an asset or output name)');
  const tooLong = lengthProblem('"asset"', asset, 'name');
  if (tooLong !== undefined) throw invalidRequest(tooLong);
  if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0)) {
    throw invalidRequest('"limit" must be a non-negative integer');
  }
  const maxSeconds = MAX_LOOK_TIMEOUT_MS / 1000;
  if (timeout !== undefined && (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < 1 || timeout > maxSeconds)) {
    throw invalidRequest(`"timeout" must be a whole number of seconds from 1 to ${maxSeconds}`);
  }
  return {
    ...readPipelineRequest(pipeline),
    asset,
    limit: limit === undefined ? DEFAULT_ROWS_LIMIT : checkLimit(limit),
    timeoutMs: timeout === undefined ? DEFAULT_LOOK_TIMEOUT_MS : timeout * 1000,
  };
}
