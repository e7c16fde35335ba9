/**
 * The `timeout` query parameter of `GET /api/jobs/{id}/wait`: whole seconds, 0 or absent meaning
 * the default of 300, values above 3600 capped; of a held `GET /api/jobs?since=`: 30 and 60.
 */
import { invalidRequest } from './errors';

/** Seconds waited when `timeout` is absent or 0. */
export const DEFAULT_WAIT_SECONDS = 300;

/** The longest wait granted, in seconds. */
export const MAX_WAIT_SECONDS = 3600;

/** Seconds a held wait on the job list lasts when `timeout` is absent or 0. */
export const DEFAULT_LIST_WAIT_SECONDS = 30;

/** The longest held wait on the job list, in seconds (each holds a connection). */
export const MAX_LIST_WAIT_SECONDS = 60;

/**
 * Reads the raw query value (express gives a string, an array when repeated); returns
 * milliseconds. `limits` default to the job wait's (300 s, at most 3600 s).
 */
export function parseWaitTimeout(raw: unknown, limits: { defaultSeconds: number; maxSeconds: number } = { defaultSeconds: DEFAULT_WAIT_SECONDS, maxSeconds: MAX_WAIT_SECONDS }): number {
  if (raw === undefined) return limits.defaultSeconds * 1000;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) {
    throw invalidRequest('timeout must be a non-negative integer');
  }
  // Digits only, so Number() is exact up to 2^53 and merely large beyond; both end up capped.
  const seconds = Number(raw);
  if (seconds === 0) return limits.defaultSeconds * 1000;
  return Math.min(seconds, limits.maxSeconds) * 1000;
}
