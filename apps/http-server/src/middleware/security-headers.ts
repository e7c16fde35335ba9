/**
 * Security headers on every answer: `X-Content-Type-Options: nosniff`, `Referrer-Policy:
 * no-referrer`, `X-Frame-Options: DENY` and a Content-Security-Policy: for the console and the
 * docs page only what their own files need (scripts and styles from this origin, nothing inline),
 * for everything else (JSON, metrics) nothing at all. Pages are never framed (`frame-ancestors`).
 * Both pages' content is put in as text, never as markup: the policy is the second line of defence.
 */
import type { ServerResponse } from 'node:http';

const COMMON = ["base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'", "object-src 'none'"];

/**
 * The console: its bundle, stylesheet and icon. CodeMirror writes its styles into a `<style>`
 * element at run time (their text varies, so no hash fits), hence inline styles; scripts stay
 * this origin's files only. `connect-src` allows any http(s) API because the console may drive
 * another replica (`?api=`); it sends a token only to the server that asked for it.
 */
export const CONSOLE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self' http: https:",
  ...COMMON,
].join('; ');

/** Swagger UI: its bundle and stylesheet from this origin; it writes inline styles and shows data: images. */
export const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  ...COMMON,
].join('; ');

/** Answers that are not pages: no script, no style, nothing loads. */
export const NONE_POLICY = ["default-src 'none'", ...COMMON].join('; ');

/** The policy of a path: the docs page's, the API's (and other data), or the console's. */
export function policyFor(path: string): string {
  const lower = path.toLowerCase();
  if (lower === '/docs' || lower.startsWith('/docs/')) return DOCS_POLICY;
  if (lower === '/api' || lower.startsWith('/api/') || lower === '/metrics' || lower === '/openapi.json') return NONE_POLICY;
  return CONSOLE_POLICY;
}

/** Sets the headers of an answer to a request for `path` (without its query), before anything answers. */
export function setSecurityHeaders(res: ServerResponse, path: string): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', policyFor(path));
}
