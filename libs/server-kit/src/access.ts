/**
 * Who may call a server: the bearer tokens of `--auth-token` / `AUTH_TOKEN` and of
 * `--auth-tokens-file` (one token a line, re-read on SIGHUP). Each app puts `allows` in front of
 * its calls (an express middleware, a nice-grpc middleware); without any token the service is open.
 *
 * Tokens are kept as SHA-256 digests and a presented token is hashed before it is compared, with
 * `timingSafeEqual`, against every known digest: the time taken says nothing about where a wrong
 * token first differs, nor about a token's length, nor which token matched.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { configError } from './errors';
import type { Logger } from './logger';

/** The longest token accepted (in a file or a variable); headers this long are already unusual. */
export const MAX_TOKEN_CHARS = 4096;

/** What {@link createAccessControl} reads tokens from. */
export interface AccessOptions {
  /** One token (`--auth-token` / `AUTH_TOKEN`). */
  readonly token?: string;
  /** Where `token` came from, for error messages (`AUTH_TOKEN`, `--auth-token`). */
  readonly tokenSource?: string;
  /** A file of tokens, one a line (blank lines ignored), read now and again by `reload`. */
  readonly tokensFile?: string;
  /** Where `tokensFile` came from, for error messages. */
  readonly tokensFileSource?: string;
}

/** The access rule of one server process. */
export interface AccessControl {
  /** True when a token or a tokens file is configured: every call not exempt needs a token. */
  readonly enabled: boolean;
  /** The tokens file, when one is configured. */
  readonly tokensFile?: string;
  /** How many tokens are accepted now. */
  readonly tokenCount: number;
  /** Whether a call with this `Authorization` header (or gRPC `authorization` metadata) may proceed. */
  allows(authorization: string | undefined): boolean;
  /**
   * Re-reads the tokens file and answers how many tokens it holds. An unreadable file or a bad
   * line throws a ConfigError and the previous tokens stay; an empty file refuses every call.
   */
  reload(): number;
}

/** Reads the configured tokens; throws a ConfigError naming the setting at fault (never the token). */
export function createAccessControl(options: AccessOptions): AccessControl {
  const fixed = options.token === undefined ? [] : [checkToken(options.token, `invalid ${options.tokenSource ?? 'AUTH_TOKEN'}`, options.tokenSource ?? 'AUTH_TOKEN')];
  const file = options.tokensFile;
  const fileSource = options.tokensFileSource ?? '--auth-tokens-file';
  let fromFile = file === undefined ? [] : readTokensFile(file, fileSource);
  if (file !== undefined && fromFile.length === 0) {
    throw configError(fileSource, `${fileSource} "${file}" holds no token (one token a line)`);
  }
  let digests = [...fixed, ...fromFile].map(digest);
  const enabled = options.token !== undefined || file !== undefined;
  return {
    enabled,
    ...(file === undefined ? {} : { tokensFile: file }),
    get tokenCount() {
      return digests.length;
    },
    allows(authorization) {
      if (!enabled) return true;
      const presented = bearerToken(authorization);
      if (presented === undefined) return false;
      const wanted = digest(presented);
      // Every digest is compared, matched or not: the time does not say which token matched.
      let matched = 0;
      for (const known of digests) matched |= timingSafeEqual(known, wanted) ? 1 : 0;
      return matched === 1;
    },
    reload() {
      if (file === undefined) return digests.length;
      fromFile = readTokensFile(file, fileSource);
      digests = [...fixed, ...fromFile].map(digest);
      return fromFile.length;
    },
  };
}

/** The token of an `Authorization: Bearer <token>` header (scheme in any case), else undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  return /^Bearer +([\x21-\x7e]+) *$/i.exec(authorization)?.[1];
}

/** The tokens of a file, one a line; throws a ConfigError naming the file and line (never the token). */
export function readTokensFile(file: string, source: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'cannot be read (permission denied)' : (e as Error).message;
    throw configError(source, `${source} "${file}" ${reason}`);
  }
  const tokens: string[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    const token = line.trim();
    if (token !== '') tokens.push(checkToken(token, `${source} "${file}" line ${i + 1}`, source));
  }
  return tokens;
}

function checkToken(token: string, where: string, source: string): string {
  const trimmed = token.trim();
  if (trimmed === '') throw configError(source, `${where}: the token is empty`);
  if (trimmed.length > MAX_TOKEN_CHARS) throw configError(source, `${where}: a token is at most ${MAX_TOKEN_CHARS} characters`);
  // What an HTTP header carries unchanged, and what `bearerToken` reads back.
  if (!/^[\x21-\x7e]+$/.test(trimmed)) throw configError(source, `${where}: a token is printable ASCII without spaces`);
  return trimmed;
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * Re-reads the tokens file on SIGHUP (only installed when there is one: without it SIGHUP keeps
 * its default meaning). A failed re-read is logged and the previous tokens stay.
 */
export function reloadTokensOnSighup(
  access: AccessControl,
  logger: Logger,
  on: (event: 'SIGHUP', handler: () => void) => void = (event, handler) => void process.on(event, handler),
): void {
  if (access.tokensFile === undefined) return;
  const file = access.tokensFile;
  on('SIGHUP', () => {
    try {
      const count = access.reload();
      if (count === 0) logger.warn({ tokensFile: file, tokens: 0 }, 'access tokens re-read: the file holds no token, every call is refused');
      else logger.info({ tokensFile: file, tokens: count }, 'access tokens re-read');
    } catch (e) {
      logger.error({ tokensFile: file, error: { message: (e as Error).message } }, 'access tokens not re-read: the previous tokens stay');
    }
  });
}

/** True for an address only this machine reaches (`127.0.0.0/8`, `::1`, `localhost`). */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^(0{1,4}:){7}0{0,3}1$/.test(h) || /^::ffff:127\./.test(h);
  return false;
}

/** The banner's warning when the server listens beyond this machine and anyone may call it. */
export function exposureWarning(host: string, access: Pick<AccessControl, 'enabled'>): string | undefined {
  if (access.enabled || isLoopbackHost(host)) return undefined;
  return `  warning: listening on ${host} without an access token: anyone who reaches this address can run pipelines over the data root (set AUTH_TOKEN or --auth-tokens-file)`;
}
