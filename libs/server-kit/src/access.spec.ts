import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  bearerToken,
  createAccessControl,
  createRecordingLogger,
  exposureWarning,
  isConfigError,
  isLoopbackHost,
  reloadTokensOnSighup,
  type ConfigError,
} from './index';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'access-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function thrown(run: () => unknown): ConfigError {
  try {
    run();
  } catch (e) {
    if (isConfigError(e)) return e;
    throw e;
  }
  throw new Error('did not throw');
}

describe('createAccessControl', () => {
  it('lets everything through when no token is configured', () => {
    const access = createAccessControl({});
    expect(access.enabled).toBe(false);
    expect(access.allows(undefined)).toBe(true);
    expect(access.allows('Bearer anything')).toBe(true);
  });

  it('wants the configured token as a bearer token', () => {
    const access = createAccessControl({ token: 's3cret-token' });
    expect(access.enabled).toBe(true);
    expect(access.allows('Bearer s3cret-token')).toBe(true);
    expect(access.allows('bearer   s3cret-token ')).toBe(true);
    for (const refused of [undefined, '', 'Bearer', 'Bearer ', 's3cret-token', 'Basic s3cret-token', 'Bearer s3cret-toke', 'Bearer s3cret-token2', 'Bearer S3CRET-TOKEN', 'Bearer s3cret token']) {
      expect(access.allows(refused)).toBe(false);
    }
  });

  it('reads a tokens file (blank lines ignored) and accepts each token and the variable token', () => {
    const file = path.join(dir, 'tokens');
    fs.writeFileSync(file, 'alpha-1\n\n  beta-2  \r\ngamma-3');
    const access = createAccessControl({ token: 'env-token', tokensFile: file });
    expect(access.tokenCount).toBe(4);
    for (const token of ['alpha-1', 'beta-2', 'gamma-3', 'env-token']) expect(access.allows(`Bearer ${token}`)).toBe(true);
    expect(access.allows('Bearer delta-4')).toBe(false);
  });

  it('re-reads the file: new tokens in, removed ones out, the variable token kept', () => {
    const file = path.join(dir, 'tokens');
    fs.writeFileSync(file, 'old-token\n');
    const access = createAccessControl({ token: 'env-token', tokensFile: file });
    fs.writeFileSync(file, 'new-token\n');
    expect(access.reload()).toBe(1);
    expect(access.allows('Bearer new-token')).toBe(true);
    expect(access.allows('Bearer old-token')).toBe(false);
    expect(access.allows('Bearer env-token')).toBe(true);
    // Emptied: every call is refused, the service does not fall open.
    fs.writeFileSync(file, '\n');
    expect(access.reload()).toBe(0);
    expect(access.enabled).toBe(true);
    expect(access.allows('Bearer new-token')).toBe(false);
  });

  it('keeps the previous tokens when the file cannot be read again', () => {
    const file = path.join(dir, 'tokens');
    fs.writeFileSync(file, 'kept-token\n');
    const access = createAccessControl({ tokensFile: file });
    fs.rmSync(file);
    expect(thrown(() => access.reload()).message).toBe(`--auth-tokens-file "${file}" does not exist`);
    expect(access.allows('Bearer kept-token')).toBe(true);
  });

  it('refuses bad files and tokens at start-up, naming the setting and line but never the token', () => {
    const missing = path.join(dir, 'missing');
    expect(thrown(() => createAccessControl({ tokensFile: missing, tokensFileSource: 'AUTH_TOKENS_FILE' })).message).toBe(
      `AUTH_TOKENS_FILE "${missing}" does not exist`,
    );
    expect(thrown(() => createAccessControl({ tokensFile: dir })).message).toBe(`--auth-tokens-file "${dir}" is a directory`);
    const empty = path.join(dir, 'empty');
    fs.writeFileSync(empty, '\n \n');
    expect(thrown(() => createAccessControl({ tokensFile: empty })).message).toBe(`--auth-tokens-file "${empty}" holds no token (one token a line)`);
    const spaced = path.join(dir, 'spaced');
    fs.writeFileSync(spaced, 'fine\nhas a space\n');
    const error = thrown(() => createAccessControl({ tokensFile: spaced }));
    expect(error.message).toBe(`--auth-tokens-file "${spaced}" line 2: a token is printable ASCII without spaces`);
    expect(error.details.field).toBe('--auth-tokens-file');
    const bad = thrown(() => createAccessControl({ token: 'bad tøken', tokenSource: 'AUTH_TOKEN' }));
    expect(bad.message).toBe('invalid AUTH_TOKEN: a token is printable ASCII without spaces');
    expect(thrown(() => createAccessControl({ token: 'x'.repeat(4097) })).message).toContain('at most 4096 characters');
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerToken('Bearer abc.DEF-_~+/=')).toBe('abc.DEF-_~+/=');
    expect(bearerToken('Token abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe('reloadTokensOnSighup', () => {
  it('re-reads on the signal and logs the outcome, keeping the old tokens when the file is gone', () => {
    const file = path.join(dir, 'tokens');
    fs.writeFileSync(file, 'one\n');
    const access = createAccessControl({ tokensFile: file });
    const { logger, lines } = createRecordingLogger();
    const handlers: (() => void)[] = [];
    reloadTokensOnSighup(access, logger, (_event, handler) => handlers.push(handler));
    expect(handlers).toHaveLength(1);
    fs.writeFileSync(file, 'two\nthree\n');
    handlers[0]();
    expect(lines.at(-1)).toMatchObject({ level: 30, msg: 'access tokens re-read', tokens: 2, tokensFile: file });
    fs.rmSync(file);
    handlers[0]();
    expect(lines.at(-1)).toMatchObject({ level: 50, msg: 'access tokens not re-read: the previous tokens stay' });
    expect(access.allows('Bearer two')).toBe(true);
  });

  it('leaves SIGHUP alone without a tokens file', () => {
    const handlers: unknown[] = [];
    reloadTokensOnSighup(createAccessControl({ token: 't' }), createRecordingLogger().logger, (_e, h) => handlers.push(h));
    expect(handlers).toEqual([]);
  });
});

describe('exposure', () => {
  it('knows loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'example.org', '128.0.0.1', '::2']) expect(isLoopbackHost(host)).toBe(false);
  });

  it('warns only when listening beyond loopback without a token', () => {
    expect(exposureWarning('0.0.0.0', { enabled: false })).toMatch(/^ {2}warning: listening on 0\.0\.0\.0 without an access token/);
    expect(exposureWarning('0.0.0.0', { enabled: true })).toBeUndefined();
    expect(exposureWarning('127.0.0.1', { enabled: false })).toBeUndefined();
  });
});
