/**
 * The standard Spark Connect URL, `sc://host[:port][/;param=value;...]` (port 15002 by default).
 * Known parameters: `token` (sent as `Authorization: Bearer <token>`), `user_id`, `user_agent`,
 * `use_ssl` (true/false), `grpc_max_message_size`; any other parameter is sent as a gRPC header,
 * as Spark's own clients do. Every malformed part is an error naming it.
 */
import { sparkCatalogue, type SparkConnectError } from './errors';

/** Spark Connect's default port. */
export const DEFAULT_SPARK_CONNECT_PORT = 15002;

/** A parsed Spark Connect URL. */
export interface SparkConnectUrl {
  readonly host: string;
  readonly port: number;
  /** `host:port` for gRPC (IPv6 hosts bracketed). */
  readonly address: string;
  readonly token?: string;
  readonly userId?: string;
  readonly userAgent?: string;
  readonly useSsl: boolean;
  readonly maxMessageBytes?: number;
  /** The other parameters, sent as gRPC headers. */
  readonly headers: Readonly<Record<string, string>>;
}

const KNOWN = new Set(['token', 'user_id', 'user_agent', 'use_ssl', 'grpc_max_message_size']);
// Parameters of Spark's own clients that this one refuses: each job opens its own session.
const REFUSED: Record<string, string> = {
  session_id: 'the service opens one session per job and chooses its id',
};
// gRPC header names: lower case letters, digits, '-', '_', '.'; never a reserved one.
const HEADER_NAME = /^[a-z0-9_.-]+$/;

/** Parses `url`; throws `SPARK_INVALID_URL` naming what is wrong. */
export function parseSparkUrl(url: string): SparkConnectUrl {
  const fail = (reason: string, parameter?: string): SparkConnectError =>
    sparkCatalogue.create('SPARK_INVALID_URL', { url: redactToken(url), reason, ...(parameter === undefined ? {} : { parameter }) });
  if (typeof url !== 'string' || url.trim() === '') throw fail('the URL is empty (expected sc://host:port)');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//.exec(url);
  if (scheme === null) throw fail('expected sc://host:port');
  if (scheme[1].toLowerCase() !== 'sc') throw fail(`the scheme must be "sc", not "${scheme[1]}"`);
  const rest = url.slice(scheme[0].length);
  const slash = rest.indexOf('/');
  const authority = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? '' : rest.slice(slash + 1);
  if (authority.includes('@')) throw fail('user information before the host is not allowed (use ;user_id= and ;token=)');
  const { host, port } = parseAuthority(authority, fail);

  const params = new Map<string, string>();
  if (path !== '') {
    if (!path.startsWith(';')) throw fail(`the path must be empty; parameters follow "/;" (got "/${path.split(';')[0]}")`);
    for (const part of path.slice(1).split(';')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      if (eq <= 0) throw fail(`parameter "${part}" is not name=value`, part);
      const name = part.slice(0, eq);
      let value: string;
      try {
        value = decodeURIComponent(part.slice(eq + 1));
      } catch {
        throw fail(`parameter "${name}" has a malformed %-escape`, name);
      }
      if (params.has(name)) throw fail(`parameter "${name}" is given twice`, name);
      if (Object.hasOwn(REFUSED, name)) throw fail(`parameter "${name}" is not supported: ${REFUSED[name]}`, name);
      if (!KNOWN.has(name) && !HEADER_NAME.test(name)) {
        throw fail(`parameter "${name}" is neither a known parameter nor a valid header name (lower case letters, digits, - _ .)`, name);
      }
      params.set(name, value);
    }
  }
  const useSsl = parseBoolean(params.get('use_ssl'), fail);
  const maxText = params.get('grpc_max_message_size');
  let maxMessageBytes: number | undefined;
  if (maxText !== undefined) {
    maxMessageBytes = Number(maxText);
    if (!/^\d+$/.test(maxText) || !Number.isSafeInteger(maxMessageBytes) || maxMessageBytes < 1024) {
      throw fail(`grpc_max_message_size must be a whole number of bytes of at least 1024 (got "${maxText}")`, 'grpc_max_message_size');
    }
  }
  const token = params.get('token');
  if (token !== undefined && token === '') throw fail('token is empty', 'token');
  const headers: Record<string, string> = {};
  for (const [name, value] of params) if (!KNOWN.has(name)) headers[name] = value;
  return {
    host,
    port,
    address: host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`,
    ...(token === undefined ? {} : { token }),
    ...(params.has('user_id') ? { userId: params.get('user_id') as string } : {}),
    ...(params.has('user_agent') ? { userAgent: params.get('user_agent') as string } : {}),
    useSsl,
    ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
    headers,
  };
}

function parseAuthority(authority: string, fail: (reason: string, parameter?: string) => SparkConnectError): { host: string; port: number } {
  if (authority === '') throw fail('the host is missing (expected sc://host:port)');
  let host: string;
  let portText: string | undefined;
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    if (close === -1) throw fail('the IPv6 host has no closing "]"');
    host = authority.slice(1, close);
    const after = authority.slice(close + 1);
    if (after !== '' && !after.startsWith(':')) throw fail(`unexpected "${after}" after the IPv6 host`);
    portText = after === '' ? undefined : after.slice(1);
  } else {
    const parts = authority.split(':');
    if (parts.length > 2) throw fail('an IPv6 host must be in brackets, as sc://[::1]:15002');
    host = parts[0];
    portText = parts[1];
  }
  if (host === '') throw fail('the host is missing (expected sc://host:port)');
  if (!/^[A-Za-z0-9.:_-]+$/.test(host)) throw fail(`the host "${host}" has characters a host name cannot have`);
  if (portText === undefined) return { host, port: DEFAULT_SPARK_CONNECT_PORT };
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) throw fail(`the port "${portText}" is not a number from 1 to 65535`);
  return { host, port };
}

function parseBoolean(text: string | undefined, fail: (reason: string, parameter?: string) => SparkConnectError): boolean {
  if (text === undefined) return false;
  const lower = text.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw fail(`use_ssl must be true or false (got "${text}")`, 'use_ssl');
}

/** The URL with its token's value replaced, for messages and logs. */
export function redactToken(url: string): string {
  return String(url).replace(/(;token=)[^;]*/gi, '$1<redacted>');
}
