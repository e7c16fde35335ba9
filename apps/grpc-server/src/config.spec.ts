import { isConfigError } from '@pipeline/server-kit';
import { USAGE, describeConfig, loadConfig } from './config';

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
}

describe('loadConfig', () => {
  it('uses the contract defaults', () => {
    const c = loadConfig([], {}, '/srv');
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 50051,
      dataRoot: '/srv',
      queueCapacity: 1000,
      sessionTtlMs: 1_800_000,
      maxSessions: 100,
    });
    expect(c.workers).toBeGreaterThanOrEqual(1);
  });

  it('reads the environment', () => {
    const c = loadConfig(
      [],
      {
        GRPC_PORT: '6000',
        HOST: '127.0.0.1',
        DATA_ROOT: 'data',
        WORKERS: '3',
        QUEUE_CAPACITY: '7',
        SESSION_TTL: '2m',
        MAX_SESSIONS: '4',
      },
      '/srv',
    );
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 6000,
      dataRoot: '/srv/data',
      workers: 3,
      queueCapacity: 7,
      sessionTtlMs: 120_000,
      maxSessions: 4,
    });
    expect(c.sources).toMatchObject({ port: 'GRPC_PORT', sessionTtlMs: 'SESSION_TTL', maxSessions: 'MAX_SESSIONS' });
  });

  it('lets flags (both spellings) win over the environment', () => {
    const c = loadConfig(['--port', '0', '--data-root=/abs', '--session-ttl', '500ms'], { GRPC_PORT: '6000' }, '/srv');
    expect(c.port).toBe(0);
    expect(c.dataRoot).toBe('/abs');
    expect(c.sessionTtlMs).toBe(500);
  });

  it('ignores empty environment values', () => {
    expect(loadConfig([], { GRPC_PORT: '' }).port).toBe(50051);
  });

  // The same wording as the HTTP server's (one configuration module, @pipeline/server-kit).
  it.each([
    [['--port', 'abc'], {}, 'invalid --port "abc": expected an integer from 0 to 65535'],
    [[], { GRPC_PORT: '70000' }, 'invalid GRPC_PORT "70000": expected an integer from 0 to 65535'],
    [[], { WORKERS: '0' }, 'invalid WORKERS "0": expected an integer from 1 to 256'],
    [['--max-sessions'], {}, 'flag --max-sessions needs a value'],
    [[], { SESSION_TTL: 'soon' }, 'invalid SESSION_TTL "soon": expected a positive duration'],
    [[], { SESSION_TTL: '0s' }, 'invalid SESSION_TTL "0s": expected a positive duration'],
    [['--port', '1', '--port', '2'], {}, 'flag --port is given more than once'],
    [['--prot', '1'], {}, 'unknown flag --prot (expected one of --host, --port, --auth-token, --auth-tokens-file, --data-root'],
  ] as [string[], Record<string, string>, string][])('rejects %j %j', (argv, env, message) => {
    const error = thrown(() => loadConfig(argv, env));
    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toContain(message);
  });

  it('reads the metrics port (0 allowed: any free port); none by default', () => {
    expect(loadConfig([], {}, '/d').metricsPort).toBeUndefined();
    expect(loadConfig([], { METRICS_PORT: '9464' }, '/d').metricsPort).toBe(9464);
    expect(loadConfig(['--metrics-port', '0'], { METRICS_PORT: '9464' }, '/d').metricsPort).toBe(0);
    expect(() => loadConfig([], { METRICS_PORT: '70000' }, '/d')).toThrow('invalid METRICS_PORT "70000": expected an integer from 0 to 65535');
  });

  it('lists every flag in the usage', () => {
    expect(USAGE.startsWith('Usage: grpc-server [options]')).toBe(true);
    for (const word of ['--session-ttl', 'SESSION_TTL', '--max-sessions', 'MAX_SESSIONS', 'GRPC_PORT']) expect(USAGE).toContain(word);
  });

  it('describes every setting for the start-up banner, with its source', () => {
    const lines = describeConfig(loadConfig(['--port', '1234'], { SESSION_TTL: '90' }, '/d'), '1.2.3');
    expect(lines[0]).toBe(`grpc-server 1.2.3 (node ${process.version}, pid ${process.pid})`);
    expect(lines).toContain('  port            1234  [--port]');
    expect(lines).toContain('  data root       /d  [default]');
    expect(lines).toContain('  session ttl     90s  [SESSION_TTL]');
    expect(lines).toContain('  memory limit    auto (a share of memory per worker)  [default]');
    expect(lines).toContain('  metrics port    off  [default]');
    expect(lines).toContain('  job store       memory  [default]');
    expect(lines).toContain('  auth token      none  [default]');
    expect(lines).toContain('  spark           not configured  [default]');
    expect(lines).toContain('  spark data root file:// + the data root  [default]');
    expect(lines).toHaveLength(18);
  });

  it('reads the job store settings and masks the database password in the banner', () => {
    const c = loadConfig([], { DATABASE_URL: 'postgres://jobs:s3cret@db:5432/pipeline', JOB_LEASE: '10s', JOB_RETENTION: '500', JOB_RETENTION_AGE: '24h' }, '/d');
    expect(c).toMatchObject({ databaseUrl: 'postgres://jobs:s3cret@db:5432/pipeline', jobLeaseMs: 10_000, jobRetention: 500, jobRetentionAgeMs: 86_400_000 });
    const lines = describeConfig(c, '1.2.3');
    expect(lines).toContain('  job store       postgres postgres://jobs:***@db:5432/pipeline  [DATABASE_URL]');
    expect(lines.join('\n')).not.toContain('s3cret');
    expect(() => loadConfig(['--database-url', 'mysql://x'], {}, '/d')).toThrow('invalid --database-url: expected a postgres:// or postgresql:// URL');
  });
});
