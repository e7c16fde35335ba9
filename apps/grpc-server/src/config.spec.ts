import { ConfigError, describeConfig, loadConfig, parseDuration } from './config';

describe('loadConfig', () => {
  it('uses the contract defaults', () => {
    const c = loadConfig([], {}, '/srv');
    expect(c).toMatchObject({
      host: '0.0.0.0',
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
    expect(c).toEqual({
      host: '127.0.0.1',
      port: 6000,
      dataRoot: '/srv/data',
      workers: 3,
      queueCapacity: 7,
      sessionTtlMs: 120_000,
      maxSessions: 4,
    });
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

  it.each([
    [['--port', 'abc'], {}, 'invalid configuration --port: "abc" is not a non-negative integer'],
    [[], { GRPC_PORT: '70000' }, 'invalid configuration GRPC_PORT: 70000 is outside 0..65535'],
    [[], { WORKERS: '0' }, 'invalid configuration WORKERS: 0 is outside 1..256'],
    [['--max-sessions'], {}, 'invalid configuration --max-sessions: missing value'],
    [[], { SESSION_TTL: 'soon' }, 'invalid configuration SESSION_TTL: "soon" is not a duration'],
  ])('rejects %j %j', (argv, env, message) => {
    expect(() => loadConfig(argv, env)).toThrow(ConfigError);
    expect(() => loadConfig(argv, env)).toThrow(message);
  });

  it('rejects unknown flags and shows the usage', () => {
    expect(() => loadConfig(['--prot', '1'], {})).toThrow(/unknown flag\nUsage: grpc-server/);
  });

  it('describes every setting for the start-up banner', () => {
    const text = describeConfig(loadConfig(['--port', '1234'], { SESSION_TTL: '90' }, '/d'));
    expect(text).toContain('port            1234');
    expect(text).toContain('data root       /d');
    expect(text).toContain('session ttl     90s');
    expect(text.split('\n')).toHaveLength(7);
  });
});

describe('parseDuration', () => {
  it.each([
    ['90', 90_000],
    ['90s', 90_000],
    ['30m', 1_800_000],
    ['1h', 3_600_000],
    ['250ms', 250],
  ])('%s -> %d ms', (text, ms) => {
    expect(parseDuration('X', text)).toBe(ms);
  });

  it('rejects zero', () => {
    expect(() => parseDuration('X', '0s')).toThrow('invalid configuration X: must be positive');
  });
});
