/**
 * A JSON answer written straight to the response, for the routes every job goes through (submit,
 * wait, read): what express's `res.json` sends for them (`Content-Type: application/json;
 * charset=utf-8`, `Content-Length`, no body for HEAD; the app sends no ETag, so no 304), without
 * its content-type parsing and charset negotiation on every answer.
 */
import type { ServerResponse } from 'node:http';

export function answerJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
