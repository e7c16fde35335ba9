import { createLogger, createRecordingLogger, errorFields, logLevel, requestIdFrom } from './index';

describe('logger', () => {
  it('writes one JSON object per line with level, time, name, message and bound fields', () => {
    const { logger, lines } = createRecordingLogger('http-server');
    logger.child({ requestId: 'r1' }).info({ jobId: 'j1' }, 'job submitted');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, name: 'http-server', requestId: 'r1', jobId: 'j1', msg: 'job submitted' });
    expect(new Date(String(lines[0]['time'])).toISOString()).toBe(lines[0]['time']);
  });

  it('drops lines below the LOG_LEVEL level', () => {
    const written: string[] = [];
    const logger = createLogger({ name: 'probe', env: { LOG_LEVEL: 'warn' }, destination: { write: (line: string) => void written.push(line) } });
    logger.info('hidden');
    logger.warn({ jobId: 'j' }, 'shown');
    expect(written.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 40, name: 'probe', jobId: 'j', msg: 'shown' }),
    ]);
  });

  it('reads LOG_LEVEL and refuses an unknown one, naming it', () => {
    expect(logLevel({})).toBe('info');
    expect(logLevel({ LOG_LEVEL: 'DEBUG' })).toBe('debug');
    expect(() => logLevel({ LOG_LEVEL: 'loud' })).toThrow('invalid LOG_LEVEL "loud": expected one of trace, debug, info, warn, error, fatal, silent');
  });

  it('keeps a usable client request id and makes one otherwise', () => {
    expect(requestIdFrom('abc-123')).toBe('abc-123');
    expect(requestIdFrom('bad id with spaces')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('describes errors with name, message, code and stack', () => {
    const fields = errorFields(Object.assign(new Error('boom'), { code: 'E_X' })) as { error: Record<string, unknown> };
    expect(fields.error).toMatchObject({ name: 'Error', message: 'boom', code: 'E_X', stack: expect.stringContaining('boom') });
    expect(errorFields('text')).toEqual({ error: 'text' });
  });
});
