/**
 * The `timeout` query parameter of `GET /api/jobs/{id}/wait`: whole seconds, 0 or absent meaning
 * the default of 300, values above 3600 capped.
 */
import { invalidRequest } from './errors';

/** Seconds waited when `timeout` is absent or 0. */
export const DEFAULT_WAIT_SECONDS = 300;

/** The longest wait granted, in seconds. */
export const MAX_WAIT_SECONDS = 3600;

/** Reads the raw query value (express gives a string, an array when repeated); returns milliseconds. */
export function parseWaitTimeout(raw: unknown): number {
  if (raw === undefined) return DEFAULT_WAIT_SECONDS * 1000;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) {
    throw invalidRequest('timeout must be a non-negative integer');
  }
  // Digits only, so Number() is exact up to 2^53 and merely large beyond; both end up capped.
  const seconds = Number(raw);
  if (seconds === 0) return DEFAULT_WAIT_SECONDS * 1000;
  return Math.min(seconds, MAX_WAIT_SECONDS) * 1000;
}
