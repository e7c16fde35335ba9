import { DEFAULT_QUEUE_CAPACITY, defaultWorkerCount } from '@pipeline/jobs';
import * as path from 'node:path';
import { formatBytes, isConfigError, wantsHelp } from '@pipeline/server-kit';
import { DEFAULT_BODY_LIMIT, describeConfig, parseConfig, usage } from './config';

describe('parseConfig', () => {
  const cwd = '/srv/app';

  it('uses the defaults when nothing is given', () => {
    const config = parseConfig([], {}, cwd);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataRoot: cwd,
      workers: defaultWorkerCount(),
      queueCapacity: DEFAULT_QUEUE_CAPACITY,
      bodyLimit: DEFAULT_BODY_LIMIT,
    });
    expect(config.memoryLimit).toBeUndefined();
    expect(DEFAULT_BODY_LIMIT).toBe(10 * 1024 * 1024);
    expect(Object.values(config.sources)).toEqual(Array(15).fill('default'));
    expect(config.sparkRemote).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads every setting from the environment', () => {
    const config = parseConfig(
      [],
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_ROOT: 'data',
        WORKERS: '3',
        QUEUE_CAPACITY: '7',
        MEMORY_LIMIT: '1.5GB',
        BODY_LIMIT: '2mb',
        DATABASE_URL: 'postgresql://jobs@db/pipeline',
        JOB_LEASE: '45s',
        JOB_RETENTION: '100',
        JOB_RETENTION_AGE: '2h',
        AUTH_TOKEN: ' t0ken ',
        AUTH_TOKENS_FILE: 'secrets/tokens',
        SPARK_REMOTE: 'sc://spark:15002',
        SPARK_DATA_ROOT: 's3a://bucket/data',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataRoot: path.join(cwd, 'data'),
      workers: 3,
      queueCapacity: 7,
      memoryLimit: '1.5GB',
      bodyLimit: 2 * 1024 * 1024,
      databaseUrl: 'postgresql://jobs@db/pipeline',
      jobLeaseMs: 45_000,
      jobRetention: 100,
      jobRetentionAgeMs: 7_200_000,
      authToken: 't0ken',
      authTokensFile: path.join(cwd, 'secrets/tokens'),
      sparkRemote: 'sc://spark:15002',
      sparkDataRoot: 's3a://bucket/data',
    });
    expect(config.sources).toEqual({
      port: 'PORT',
      authToken: 'AUTH_TOKEN',
      authTokensFile: 'AUTH_TOKENS_FILE',
      host: 'HOST',
      dataRoot: 'DATA_ROOT',
      workers: 'WORKERS',
      queueCapacity: 'QUEUE_CAPACITY',
      memoryLimit: 'MEMORY_LIMIT',
      bodyLimit: 'BODY_LIMIT',
      databaseUrl: 'DATABASE_URL',
      jobLeaseMs: 'JOB_LEASE',
      jobRetention: 'JOB_RETENTION',
      jobRetentionAgeMs: 'JOB_RETENTION_AGE',
      sparkRemote: 'SPARK_REMOTE',
      sparkDataRoot: 'SPARK_DATA_ROOT',
    });
  });

  it('lets a flag win over its variable, in both flag spellings', () => {
    const config = parseConfig(['--port', '0', '--data-root=/tmp/x', '--body-limit', '512KB'], { PORT: '9000' }, cwd);
    expect(config.port).toBe(0);
    expect(config.dataRoot).toBe('/tmp/x');
    expect(config.bodyLimit).toBe(512 * 1024);
    expect(config.sources.port).toBe('--port');
    expect(config.sources.dataRoot).toBe('--data-root');
  });

  it('treats an empty variable as absent', () => {
    expect(parseConfig([], { PORT: '' }, cwd).port).toBe(8080);
  });

  it.each([
    [['--port', '70000'], {}, 'invalid --port "70000": expected an integer from 0 to 65535'],
    [[], { PORT: 'http' }, 'invalid PORT "http": expected an integer from 0 to 65535'],
    [[], { WORKERS: '0' }, 'invalid WORKERS "0": expected an integer from 1 to 256'],
    [[], { WORKERS: '1.5' }, 'invalid WORKERS "1.5": expected an integer from 1 to 256'],
    [[], { QUEUE_CAPACITY: '-1' }, 'invalid QUEUE_CAPACITY "-1": expected an integer from 1 to 1000000'],
    [['--memory-limit', 'lots'], {}, 'invalid --memory-limit "lots": expected a size such as 512MB or 2GB'],
    [[], { MEMORY_LIMIT: '-1GB' }, 'invalid MEMORY_LIMIT "-1GB"'],
    [[], { BODY_LIMIT: 'lots' }, 'invalid BODY_LIMIT "lots": expected a size from 1 byte to 1gb'],
    [[], { BODY_LIMIT: '10tb' }, 'invalid BODY_LIMIT "10tb"'],
    [[], { BODY_LIMIT: '0' }, 'invalid BODY_LIMIT "0"'],
    [[], { DATABASE_URL: 'db.example:5432' }, 'invalid DATABASE_URL: expected a postgres:// or postgresql:// URL'],
    [[], { JOB_LEASE: '0' }, 'invalid JOB_LEASE "0": expected a positive duration'],
    [['--host='], {}, 'invalid --host: the host must not be empty'],
    [['--prot', '1'], {}, 'unknown flag --prot (expected one of --host, --port, --auth-token, --auth-tokens-file, --data-root'],
    [['serve'], {}, 'unexpected argument "serve"'],
    [['--port'], {}, 'flag --port needs a value'],
    [['--port', '--host', 'x'], {}, 'flag --port needs a value'],
    [['--port', '1', '--port=2'], {}, 'flag --port is given more than once'],
  ] as [string[], Record<string, string>, string][])('rejects %j %j', (argv, env, message) => {
    expect(() => parseConfig(argv, env, cwd)).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
    try {
      parseConfig(argv, env, cwd);
    } catch (e) {
      expect(isConfigError(e)).toBe(true);
    }
    expect(() => parseConfig(argv, env, cwd)).toThrow(message);
  });

  it('accepts sizes in bytes and with units', () => {
    expect(parseConfig([], { BODY_LIMIT: '1048576' }, cwd).bodyLimit).toBe(1048576);
    expect(parseConfig([], { BODY_LIMIT: '100b' }, cwd).bodyLimit).toBe(100);
    expect(parseConfig([], { BODY_LIMIT: '1gb' }, cwd).bodyLimit).toBe(1024 ** 3);
    expect(parseConfig([], { BODY_LIMIT: '1.5 MB' }, cwd).bodyLimit).toBe(1.5 * 1024 * 1024);
  });
});

describe('describeConfig', () => {
  it('lists each value with its origin', () => {
    const lines = describeConfig(parseConfig(['--port', '0'], { WORKERS: '2' }, '/d'), '1.2.3');
    expect(lines).toEqual([
      `http-server 1.2.3 (node ${process.version}, pid ${process.pid})`,
      '  host            127.0.0.1  [default]',
      '  port            0  [--port]',
      '  auth token      none  [default]',
      '  auth tokens     none  [default]',
      '  data root       /d  [default]',
      '  workers         2  [WORKERS]',
      '  queue capacity  1000  [default]',
      '  memory limit    auto (a share of memory per worker)  [default]',
      '  body limit      10 MB (10485760 bytes)  [default]',
      '  job store       memory  [default]',
      '  spark           not configured  [default]',
      '  spark data root file:// + the data root  [default]',
      '  job lease       30s  [default]',
      '  job retention   10000  [default]',
      '  job max age     none  [default]',
    ]);
    const withDatabase = describeConfig(parseConfig(['--database-url', 'postgres://u:pw@db:5432/jobs?password=pw2'], {}, '/d'), '1');
    expect(withDatabase).toContain('  job store       postgres postgres://u:***@db:5432/jobs?password=***  [--database-url]');
    expect(withDatabase.join('\n')).not.toMatch(/pw2?@|pw2/);
    // The token itself never shows.
    const withToken = describeConfig(parseConfig([], { AUTH_TOKEN: 'sekrit-value' }, '/d'), '1');
    expect(withToken).toContain('  auth token      set (hidden)  [AUTH_TOKEN]');
    expect(withToken.join('\n')).not.toContain('sekrit');
  });

  it('formats sizes', () => {
    expect(formatBytes(1024 ** 3)).toBe('1 GB (1073741824 bytes)');
    expect(formatBytes(2048)).toBe('2 KB (2048 bytes)');
    expect(formatBytes(1000)).toBe('1000 bytes');
  });
});

describe('usage', () => {
  it('names every flag and variable', () => {
    for (const word of ['--port', 'PORT', '--host', 'HOST', '--data-root', 'DATA_ROOT', '--workers', 'WORKERS']) {
      expect(usage()).toContain(word);
    }
    expect(usage()).toContain('QUEUE_CAPACITY');
    expect(usage()).toContain('BODY_LIMIT');
    expect(wantsHelp(['--help'])).toBe(true);
    expect(wantsHelp(['--port', '1'])).toBe(false);
  });
});
