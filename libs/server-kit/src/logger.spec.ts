import { createLineCollector, createLogger, createRecordingLogger, errorFields, logLevel, requestIdFrom, writeLines } from './index';
import { batchedPerTurn } from './logger';

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

  it('keeps the lines of each collector apart, in the service format, at the collector level', () => {
    const first = createLineCollector('jobs-worker', 'info');
    const second = createLineCollector('jobs-worker', 'info');
    const debug = createLineCollector('jobs-worker', 'debug');
    first.logger.child({ jobId: 'a' }).info({ rows: 1 }, 'one');
    second.logger.child({ jobId: 'b' }).info('two');
    first.logger.debug('hidden at info');
    debug.logger.debug('shown at debug');
    first.logger.warn('three');
    const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed(first.lines)).toEqual([
      expect.objectContaining({ level: 30, name: 'jobs-worker', jobId: 'a', rows: 1, msg: 'one' }),
      expect.objectContaining({ level: 40, name: 'jobs-worker', msg: 'three' }),
    ]);
    expect(parsed(second.lines)).toEqual([expect.objectContaining({ level: 30, name: 'jobs-worker', jobId: 'b', msg: 'two' })]);
    expect(parsed(debug.lines)).toEqual([expect.objectContaining({ level: 20, msg: 'shown at debug' })]);
    expect(first.lines.every((line) => !line.endsWith('\n'))).toBe(true);
    // The main thread writes them as they are.
    const written: string[] = [];
    writeLines(createLogger({ name: 'http-server', destination: { write: (line: string) => void written.push(line) } }), first.lines);
    expect(written).toEqual(first.lines.map((line) => `${line}\n`));
  });
});

describe('batchedPerTurn', () => {
  const fakeStream = () => {
    const writes: string[] = [];
    const calls: string[] = [];
    const stream = {
      write: (line: string) => (writes.push(line), true),
      flush: () => void calls.push('flush'),
      flushSync: () => void calls.push('flushSync'),
    };
    return { stream: batchedPerTurn(stream), writes, calls };
  };
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('writes the lines of one turn of the event loop in one write, at its end', async () => {
    const { stream, writes } = fakeStream();
    stream.write('a\n');
    stream.write('b\n');
    stream.write('c\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\nc\n']);
    stream.write('d\n');
    await nextTurn();
    await nextTurn();
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('hands what is pending to the stream before a flush (pino flushes synchronously on exit)', () => {
    const { stream, writes, calls } = fakeStream();
    stream.write('last\n');
    stream.flushSync();
    expect(writes).toEqual(['last\n']);
    expect(calls).toEqual(['flushSync']);
    stream.write('again\n');
    stream.flush();
    expect(writes).toEqual(['last\n', 'again\n']);
    expect(calls).toEqual(['flushSync', 'flush']);
  });
});
