/**
 * The one bound on an error message's length, applied where every catalogue error is built: a
 * value quoted in an error (a type text 5,000 levels deep made messages of 36,000 characters) must
 * not make the answer itself a problem (a gRPC status message is an HTTP/2 header, and a huge one
 * stalled the connection; a job's stored error is sent with every status read).
 */

/** Most characters of an error message. */
export const MAX_ERROR_MESSAGE_CHARS = 2_000;

/** `message` cut to {@link MAX_ERROR_MESSAGE_CHARS}, saying how much was cut, and well formed. */
export function boundErrorMessage(message: string): string {
  if (message.length <= MAX_ERROR_MESSAGE_CHARS) return wellFormed(message);
  const kept = message.slice(0, MAX_ERROR_MESSAGE_CHARS);
  return `${wellFormed(kept)}... (${message.length - MAX_ERROR_MESSAGE_CHARS} more characters cut)`;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` with every lone surrogate (from the input, or left by cutting a pair in two) replaced by
 * U+FFFD: grpc-js percent-encodes status messages with `encodeURI`, which throws on them and
 * takes the call down with it.
 */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}
