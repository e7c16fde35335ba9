import { maskDatabaseUrl } from './settings';
import { bannerLines, commonSettings, formatBytes, isConfigError, listeningLine, parseConfig, readDuration, readSize, usage, type Setting } from './index';

const settings = {
  host: commonSettings.host(),
  port: commonSettings.port('PORT', 8080),
  dataRoot: commonSettings.dataRoot(),
  workers: commonSettings.workers(),
  queueCapacity: commonSettings.queueCapacity(1000),
  bodyLimit: {
    flag: 'body-limit',
    env: 'BODY_LIMIT',
    label: 'body limit',
    help: 'largest request body',
    fallback: () => 10 * 1024 * 1024,
    read: readSize,
    show: formatBytes,
  } satisfies Setting<number>,
};

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
}

describe('parseConfig', () => {
  it('uses the defaults, with their source', () => {
    const c = parseConfig(settings, [], {}, '/srv');
    expect(c).toMatchObject({ host: '127.0.0.1', port: 8080, dataRoot: '/srv', queueCapacity: 1000, bodyLimit: 10485760 });
    expect(c.workers).toBeGreaterThanOrEqual(1);
    expect(c.sources).toEqual({ host: 'default', port: 'default', dataRoot: 'default', workers: 'default', queueCapacity: 'default', bodyLimit: 'default' });
  });

  it('lets a flag (either spelling) win over its variable, and a variable over the default; empty variables are absent', () => {
    const c = parseConfig(settings, ['--port', '0', '--data-root=data'], { PORT: '9000', WORKERS: '3', HOST: '' }, '/srv');
    expect(c).toMatchObject({ port: 0, dataRoot: '/srv/data', workers: 3, host: '127.0.0.1' });
    expect(c.sources).toMatchObject({ port: '--port', dataRoot: '--data-root', workers: 'WORKERS', host: 'default' });
  });

  it.each([
    [['--port', '70000'], {}, '--port', 'invalid --port "70000": expected an integer from 0 to 65535'],
    [[], { PORT: 'http' }, 'PORT', 'invalid PORT "http": expected an integer from 0 to 65535'],
    [[], { WORKERS: '0' }, 'WORKERS', 'invalid WORKERS "0": expected an integer from 1 to 256'],
    [[], { WORKERS: '257' }, 'WORKERS', 'invalid WORKERS "257": expected an integer from 1 to 256'],
    [[], { QUEUE_CAPACITY: '-1' }, 'QUEUE_CAPACITY', 'invalid QUEUE_CAPACITY "-1": expected an integer from 1 to 1000000'],
    [[], { BODY_LIMIT: '10tb' }, 'BODY_LIMIT', 'invalid BODY_LIMIT "10tb": expected a size from 1 byte to 1gb'],
    [['--host='], {}, '--host', 'invalid --host: the host must not be empty'],
    [['--prot', '1'], {}, '--prot', 'unknown flag --prot (expected one of --host, --port, --data-root, --workers, --queue-capacity, --body-limit; see --help)'],
    [['serve'], {}, 'serve', 'unexpected argument "serve" (see --help)'],
    [['--port'], {}, '--port', 'flag --port needs a value'],
    [['--port', '--host', 'x'], {}, '--port', 'flag --port needs a value'],
    [['--port', '1', '--port=2'], {}, '--port', 'flag --port is given more than once'],
  ] as [string[], Record<string, string>, string, string][])('rejects %j %j naming %s', (argv, env, setting, message) => {
    const error = thrown(() => parseConfig(settings, argv, env, '/srv'));
    expect(isConfigError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'CONFIG_INVALID', details: { field: setting } });
    expect((error as Error).message.startsWith(message)).toBe(true);
  });
});

describe('readers', () => {
  it.each([
    ['90', 90_000],
    ['90s', 90_000],
    ['30m', 1_800_000],
    ['1h', 3_600_000],
    ['250ms', 250],
  ])('reads the duration %s as %d ms', (text, ms) => {
    expect(readDuration(text, 'X')).toBe(ms);
  });

  it('refuses a zero or unreadable duration', () => {
    expect(() => readDuration('0s', 'SESSION_TTL')).toThrow('invalid SESSION_TTL "0s": expected a positive duration');
    expect(() => readDuration('soon', 'SESSION_TTL')).toThrow('invalid SESSION_TTL "soon"');
  });

  it('reads sizes and formats them', () => {
    expect(readSize('512kb', 'X')).toBe(524288);
    expect(readSize('1GB', 'X')).toBe(1024 ** 3);
    expect(formatBytes(1048576)).toBe('1 MB (1048576 bytes)');
    expect(formatBytes(1000)).toBe('1000 bytes');
  });
});

describe('banner and usage', () => {
  it('prints one line per setting with its value and source, after the program line', () => {
    const lines = bannerLines('http-server', '1.2.3', settings, parseConfig(settings, ['--port', '0'], { BODY_LIMIT: '1mb' }, '/srv'));
    expect(lines[0]).toBe(`http-server 1.2.3 (node ${process.version}, pid ${process.pid})`);
    expect(lines).toContain('  port            0  [--port]');
    expect(lines).toContain('  data root       /srv  [default]');
    expect(lines).toContain('  body limit      1 MB (1048576 bytes)  [BODY_LIMIT]');
    expect(lines).toHaveLength(7);
    expect(listeningLine('http://127.0.0.1:1')).toBe('listening on http://127.0.0.1:1');
  });

  it('names every flag and variable in the usage', () => {
    const text = usage('node main.js', settings);
    expect(text.startsWith('Usage: node main.js [options]')).toBe(true);
    for (const s of Object.values(settings)) {
      expect(text).toContain(`--${s.flag} <value>`);
      expect(text).toContain(s.env);
    }
    expect(text).toContain('LOG_LEVEL');
  });

  it('aligns the usage in columns even when a flag or a variable is longer than the others', () => {
    const long = {
      ...settings,
      retentionAge: { ...settings.bodyLimit, flag: 'job-retention-age', env: 'JOB_RETENTION_AGE', help: 'finished jobs older than this are removed' },
    };
    const text = usage('node main.js', long);
    const lines = Object.values(long).map((s) => text.split('\n').find((line) => line.startsWith(`  --${s.flag} `)) as string);
    // Every variable starts in one column, every description in another.
    expect(new Set(Object.values(long).map((s, i) => lines[i]?.indexOf(` ${s.env}`))).size).toBe(1);
    expect(new Set(Object.values(long).map((s, i) => lines[i]?.indexOf(s.help))).size).toBe(1);
    expect(text.split('\n').find((line) => line.startsWith('  --help'))?.indexOf('print this text')).toBe(lines[0]?.indexOf(long.host.help));
    expect(lines.at(-1)).toMatch(/^ {2}--job-retention-age <value> {2,}JOB_RETENTION_AGE {2,}finished jobs/);
  });
});

describe('maskDatabaseUrl', () => {
  it('hides the password wherever the URL carries one, and nothing else', () => {
    expect(maskDatabaseUrl('postgres://jobs:s3cret@db.internal:5432/pipeline')).toBe('postgres://jobs:***@db.internal:5432/pipeline');
    expect(maskDatabaseUrl('postgresql://jobs@db/pipeline?sslmode=require&password=s3cret')).toBe(
      'postgresql://jobs@db/pipeline?sslmode=require&password=***',
    );
    expect(maskDatabaseUrl('postgres://db/pipeline')).toBe('postgres://db/pipeline');
    expect(maskDatabaseUrl('postgres://jobs:p@ss@[bad')).not.toContain('p@ss');
  });
});
