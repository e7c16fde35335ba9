/**
 * The one log format of the service: pino JSON lines on stdout (`level`, `time`, `name`, `msg`
 * and fields), the same in both apps and in the job worker threads. A line about a request
 * carries its `requestId`; a line about a job carries its `jobId` (and the `requestId` that
 * submitted it). The level comes from `LOG_LEVEL` (default `info`); when stdout is a terminal
 * the lines are printed human-readable with pino-pretty instead.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import { configError } from './errors';

/** The service's logger (pino's). `logger.child({ requestId })` binds fields to every line. */
export type Logger = PinoLogger;

/** The levels `LOG_LEVEL` accepts. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** The component (`http-server`, `grpc-server`, `jobs-worker`), on every line as `name`. */
  readonly name: string;
  /** Default: `LOG_LEVEL` from `env`, else `info`. */
  readonly level?: string;
  /** Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where lines go; default stdout (pretty when it is a terminal). */
  readonly destination?: DestinationStream;
  /** Force or forbid the human-readable form; default: stdout is a TTY. */
  readonly pretty?: boolean;
}

/** Reads `LOG_LEVEL`; throws a ConfigError naming it when the level is unknown. */
export function logLevel(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const text = env['LOG_LEVEL']?.trim().toLowerCase();
  if (text === undefined || text === '') return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(text)) {
    throw configError('LOG_LEVEL', `invalid LOG_LEVEL "${env['LOG_LEVEL']}": expected one of ${LOG_LEVELS.join(', ')}`);
  }
  return text;
}

/** Creates a logger writing the service's log format. */
export function createLogger(options: LoggerOptions): Logger {
  const level = options.level ?? logLevel(options.env ?? process.env);
  const base = { level, name: options.name, base: { name: options.name }, timestamp: pino.stdTimeFunctions.isoTime };
  if (options.destination) return pino(base, options.destination);
  const pretty = options.pretty ?? process.stdout.isTTY === true;
  if (pretty) {
    // In-process and synchronous (no transport thread): the pretty stream writes to stdout.
    const prettyFactory = require('pino-pretty') as (o: Record<string, unknown>) => DestinationStream;
    return pino(base, prettyFactory({ colorize: true, sync: true, destination: 1, translateTime: 'SYS:HH:MM:ss.l' }));
  }
  // Asynchronous writes: lines logged while one write is in flight go out together in the next
  // one (a tiny job logs 7 lines; one write() each cost about 1 ms of CPU per job under load).
  // pino flushes synchronously on exit, so only a process killed outright can lose the lines of
  // its last moment.
  return pino(base, batchedPerTurn(pino.destination({ dest: 1, sync: false })));
}

/** What {@link batchedPerTurn} needs of pino's destination (a SonicBoom). */
interface FlushableStream {
  write(line: string): boolean;
  flush(cb?: (error?: Error) => void): void;
  flushSync(): void;
}

/**
 * Hands the lines logged during one turn of the event loop to `stream` in one write, at the end of
 * the turn: a busy server logs several lines per turn (each request, each job change), and every
 * write the stream starts is a system call on the thread pool. Its flushes (pino's on exit) hand
 * over what is pending first, so nothing is lost that was not lost before.
 */
export function batchedPerTurn<S extends FlushableStream>(stream: S): S {
  const write = stream.write.bind(stream);
  const flush = stream.flush.bind(stream);
  const flushSync = stream.flushSync.bind(stream);
  let pending = '';
  let scheduled = false;
  const handOver = (): void => {
    scheduled = false;
    if (pending === '') return;
    const lines = pending;
    pending = '';
    write(lines);
  };
  stream.write = (line: string): boolean => {
    pending += line;
    if (!scheduled) {
      scheduled = true;
      setImmediate(handOver);
    }
    return true;
  };
  stream.flush = (cb) => {
    handOver();
    flush(cb);
  };
  stream.flushSync = () => {
    handOver();
    flushSync();
  };
  return stream;
}

/**
 * A logger for work done in another thread: its lines (the same format, JSON) are kept and handed
 * to the main thread with the work's answer, which writes them through its own logger
 * (`writeLines`), so that one process has one log stream whatever thread a line comes from.
 */
export function createLineCollector(name: string, level: string): { readonly logger: Logger; readonly lines: string[] } {
  const lines: string[] = [];
  const sink: DestinationStream = { write: (line: string) => void lines.push(line.endsWith('\n') ? line.slice(0, -1) : line) };
  // A child of one logger per name and level, not a logger per collector: building a pino logger
  // cost a job worker about 0.2 ms of CPU per job, a child a few microseconds. The child writes to
  // its own sink (pino reads the stream from the instance), so collectors never share lines.
  const logger = collectorBase(name, level).child({});
  (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym] = sink;
  return { logger, lines };
}

const collectorBases = new Map<string, Logger>();

/** The logger collectors of `name` at `level` are children of (its own stream is never written). */
function collectorBase(name: string, level: string): Logger {
  const key = `${level} ${name}`;
  let base = collectorBases.get(key);
  if (base === undefined) {
    base = pino({ level, name, base: { name }, timestamp: pino.stdTimeFunctions.isoTime }, { write: () => undefined });
    collectorBases.set(key, base);
  }
  return base;
}

/** Writes lines made by `createLineCollector` (in another thread) to `logger`'s destination, as they are. */
export function writeLines(logger: Logger, lines: readonly string[]): void {
  const stream = (logger as unknown as Record<symbol, DestinationStream | undefined>)[pino.symbols.streamSym];
  if (!stream) return;
  for (const line of lines) stream.write(`${line}\n`);
}

/** A logger that writes nothing (tests that assert on answers, not logs). */
export const silentLogger: Logger = pino({ level: 'silent' });

/** A logger keeping its lines in memory as parsed objects (tests that assert on logs). */
export function createRecordingLogger(name = 'test'): { readonly logger: Logger; readonly lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger({ name, level: 'trace', destination: sink }), lines };
}

/** A fresh request id (or the client's, when it sent a usable `x-request-id`). */
export function requestIdFrom(given: unknown): string {
  if (typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given)) return given;
  return randomUUID();
}

/** Fields of an error for a log line: its name, message, code and stack. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const code = (error as { code?: unknown }).code;
  return { error: { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}), stack: error.stack } };
}
