/**
 * The low-level session manager behind the gRPC session RPCs. A session owns one backend
 * instance and the handles (data frames) created in it; operations on one session run one at a
 * time in arrival order; a session idle longer than its time-to-live is closed and forgotten, and
 * the number of open sessions is bounded, as is the memory their data holds in sum.
 */
import { randomUUID } from 'node:crypto';
import type { Source } from '@pipeline/definition';
import { resolveDuckDbSettings, type BackendName, type SparkSettings } from '@pipeline/engine';
import { sessionErrors } from './errors';
import { asOutOfMemory } from './out-of-memory';
import { sizeBytes } from './size';
import { createSerialQueue, type SerialQueue } from './serial-queue';
import type { EngineHandle, SessionEngine } from './session-engine';
import { createSessionEngineFactory, type SessionEngineFactory, type SourceSchema } from './engine-factory';
import {
  parseBackend,
  parseInputRequest,
  parseInspectRequest,
  parseOutputRequest,
  parsePipelineRequest,
  parseTransformRequest,
  type ReadInputRequest,
  type ApplyTransformRequest,
  type WriteOutputRequest,
  type ExecutePipelineRequest,
  type InspectRequest,
} from './session-requests';

export type { ReadInputRequest, ApplyTransformRequest, WriteOutputRequest, ExecutePipelineRequest, InspectRequest };

/** Default idle time-to-live of a session: 30 minutes. */
export const DEFAULT_SESSION_TTL_MS = 30 * 60_000;
/** Default maximum number of open sessions. */
export const DEFAULT_MAX_SESSIONS = 100;

/** Options of {@link createSessionManager}. */
export interface SessionManagerOptions {
  /** Absolute directory every input and output path resolves inside. */
  readonly dataRoot: string;
  /**
   * The sessions' memory limit, such as `512MB` (default: the engine's DuckDB default): the
   * `memory_limit` of the one DuckDB database every DuckDB session is a connection of, and the
   * heap limit of each danfo thread (at least 256 MB).
   */
  readonly memoryLimit?: string;
  /**
   * Bytes the sessions' data may hold in sum (DuckDB's tables in memory and spilled, danfo frames
   * estimated) before a new session or handle is refused; default the memory limit's bytes.
   */
  readonly memoryBudgetBytes?: number;
  /** DuckDB threads of the sessions' database, and the folder it spills into (default the system temp folder). */
  readonly duckdb?: { readonly threads?: number; readonly tempDirectory?: string };
  /** The Spark Connect server of spark sessions (each a Spark session of its own); without a remote they are refused. */
  readonly spark?: SparkSettings;
  /** The danfo session worker file (default: `danfo-session-worker.js` next to the code, see `resolveSessionWorkerFile`). */
  readonly danfoWorkerFile?: string;
  /** Most danfo worker threads; default 2. */
  readonly danfoThreads?: number;
  /** Replaces how session backends are opened (tests). */
  readonly engines?: SessionEngineFactory;
  /** Idle time after which a session is closed; default 30 minutes. */
  readonly ttlMs?: number;
  /** Open sessions allowed at once; default 100. */
  readonly maxSessions?: number;
  /** Told about failures nobody awaits (closing an expired session's backend). */
  readonly onBackgroundError?: (error: unknown, context: { sessionId: string; during: string }) => void;
}

/** A new handle: its id and exact row count. */
export interface HandleResult {
  readonly sessionId: string;
  readonly handleId: string;
  readonly rowCount: number;
}

/** The outcome of ExecutePipeline: failures of the pipeline are reported here, not thrown. */
export interface ExecuteResult {
  readonly jobId: string;
  readonly status: 'completed' | 'failed';
  /** Empty when completed. */
  readonly error: string;
  readonly durationMs: number;
}

/** Cancellation of one call (for example the client went away). */
export interface SessionCallOptions {
  readonly signal?: AbortSignal;
}

/** The session manager. Every method throws `SessionError` (or the engine's error) on failure. */
export interface SessionManager {
  /**
   * Opens a session on `backend` (`duckdb` when empty); SESSION_LIMIT beyond the maximum,
   * SESSION_MEMORY_FULL when the memory budget is spent and no idle session is left to evict.
   */
  create(backend: string): Promise<{ readonly sessionId: string; readonly backend: BackendName }>;
  /** Closes a session and releases everything it holds; SESSION_NOT_FOUND if it is not open. */
  close(sessionId: string): Promise<void>;
  readInput(sessionId: string, request: ReadInputRequest, opts?: SessionCallOptions): Promise<HandleResult>;
  applyTransform(sessionId: string, request: ApplyTransformRequest, opts?: SessionCallOptions): Promise<HandleResult>;
  writeOutput(
    sessionId: string,
    request: WriteOutputRequest,
    opts?: SessionCallOptions,
  ): Promise<{ readonly rowsWritten: number; readonly skipped: boolean }>;
  executePipeline(sessionId: string, request: ExecutePipelineRequest, opts?: SessionCallOptions): Promise<ExecuteResult>;
  /** Reads an input source's fields (portable type names) and exact row count; needs no session. */
  inspect(request: InspectRequest, opts?: SessionCallOptions): Promise<SourceSchema>;
  /** Open sessions. */
  readonly size: number;
  /** Closes every session and refuses new ones. */
  shutdown(): Promise<void>;
}

interface HandleEntry {
  readonly ref: string;
  readonly engineId: string;
  readonly rowCount: number;
}

interface Session {
  readonly id: string;
  readonly engine: SessionEngine;
  readonly handles: Map<string, HandleEntry>;
  readonly queue: SerialQueue;
  /** Aborted when the session closes, so a running operation stops at its next step. */
  readonly lifetime: AbortController;
  timer?: NodeJS.Timeout;
  closed: boolean;
  /** When its last call began (`performance.now()`): the least recently used idle session is evicted first. */
  lastUsed: number;
}

/** Smallest heap a danfo thread gets, whatever the memory limit: danfo holds a file about 18 times its size. */
const MIN_DANFO_HEAP_MB = 256;

/** Creates a session manager. */
export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  if (!(ttlMs > 0)) throw new RangeError(`session ttlMs must be positive (got ${ttlMs})`);
  if (!Number.isInteger(maxSessions) || maxSessions < 1) {
    throw new RangeError(`maxSessions must be a positive integer (got ${maxSessions})`);
  }
  const memoryLimit = resolveDuckDbSettings({ memoryLimit: options.memoryLimit }).memoryLimit;
  const budget = options.memoryBudgetBytes ?? sizeBytes(memoryLimit);
  if (!(budget > 0)) throw new RangeError(`memoryBudgetBytes must be positive (got ${budget})`);
  const budgetText = options.memoryBudgetBytes === undefined ? memoryLimit : `${budget} B`;
  const engines =
    options.engines ??
    createSessionEngineFactory({
      dataRoot: options.dataRoot,
      duckdb: { ...options.duckdb, memoryLimit },
      danfoHeapLimitMb: Math.max(MIN_DANFO_HEAP_MB, Math.ceil(sizeBytes(memoryLimit) / (1024 * 1024))),
      ...(options.spark === undefined ? {} : { spark: options.spark }),
      ...(options.danfoWorkerFile === undefined ? {} : { danfoWorkerFile: options.danfoWorkerFile }),
      ...(options.danfoThreads === undefined ? {} : { danfoThreads: options.danfoThreads }),
    });
  const sessions = new Map<string, Session>();
  let opening = 0;
  let shuttingDown = false;

  const background = (sessionId: string, during: string) => (error: unknown) =>
    options.onBackgroundError?.(error, { sessionId, during });

  function armTimer(session: Session): void {
    clearTimeout(session.timer);
    session.timer = setTimeout(() => {
      if (session.queue.pending === 0) void closeSession(session).catch(background(session.id, 'expiry'));
    }, ttlMs);
    // An idle session must not keep the process alive.
    session.timer.unref();
  }

  /** Forgets the session at once (later calls get SESSION_NOT_FOUND), then frees its backend. */
  async function closeSession(session: Session): Promise<void> {
    if (session.closed) return;
    session.closed = true;
    clearTimeout(session.timer);
    sessions.delete(session.id);
    session.lifetime.abort();
    // Let a running operation see the abort and finish before the backend goes away.
    await session.queue.drained();
    session.handles.clear();
    await session.engine.close();
  }

  /**
   * Makes room before a call that adds data: while the sessions hold the whole budget, the least
   * recently used idle session (none of its calls running or waiting) other than `caller` is
   * closed; when none is left, SESSION_MEMORY_FULL.
   */
  async function admit(caller?: Session): Promise<void> {
    let held = await engines.heldBytes();
    while (held >= budget) {
      const idle = [...sessions.values()]
        .filter((s) => s !== caller && !s.closed && s.queue.pending === 0)
        .sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (idle === undefined) throw sessionErrors.memoryFull(budgetText, held, sessions.size);
      await closeSession(idle).catch(background(idle.id, 'eviction'));
      held = await engines.heldBytes();
    }
  }

  function lookup(sessionId: string): Session {
    const session = sessions.get(sessionId);
    if (!session || session.closed) throw sessionErrors.notFound(sessionId);
    return session;
  }

  /** Runs `op` in the session's queue with a signal that fires on close or on the caller's abort. */
  async function within<T>(
    sessionId: string,
    opts: SessionCallOptions | undefined,
    op: (s: Session, signal: AbortSignal) => Promise<T>,
    adds: { readonly data: boolean } = { data: false },
  ): Promise<T> {
    const session = lookup(sessionId);
    clearTimeout(session.timer);
    return session.queue.run(async () => {
      // Closed while this operation waited its turn.
      if (session.closed) throw sessionErrors.notFound(sessionId);
      session.lastUsed = performance.now();
      if (adds.data) await admit(session);
      if (opts?.signal === undefined) return op(session, session.lifetime.signal);
      // Not AbortSignal.any: on Node 20 every signal it makes stays reachable from a long-lived
      // source (the session's lifetime) until that source goes, about 3 KB per call.
      const linked = new AbortController();
      const abort = (): void => linked.abort();
      const sources = [session.lifetime.signal, opts.signal];
      for (const source of sources) {
        if (source.aborted) linked.abort();
        else source.addEventListener('abort', abort, { once: true });
      }
      try {
        return await op(session, linked.signal);
      } finally {
        for (const source of sources) source.removeEventListener('abort', abort);
      }
    });
  }

  /** Runs one backend operation for asset `ref`; running out of memory becomes SESSION_OUT_OF_MEMORY naming the asset. */
  async function engineCall<T>(ref: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      throw asOutOfMemory(e, ref, memoryLimit);
    }
  }

  function handle(session: Session, handleId: string): HandleEntry {
    const entry = session.handles.get(handleId);
    if (!entry) throw sessionErrors.handleNotFound(session.id, handleId);
    return entry;
  }

  function addHandle(session: Session, ref: string, h: EngineHandle): HandleResult {
    const handleId = randomUUID();
    session.handles.set(handleId, { ref, engineId: h.id, rowCount: h.rowCount });
    return { sessionId: session.id, handleId, rowCount: h.rowCount };
  }

  return {
    async create(backendText) {
      const backend = parseBackend(backendText);
      if (shuttingDown) throw sessionErrors.shuttingDown();
      if (sessions.size + opening >= maxSessions) throw sessionErrors.limit(maxSessions);
      opening++;
      let engine: SessionEngine;
      try {
        await admit();
        engine = await engines.open(backend);
      } finally {
        opening--;
      }
      const id = randomUUID();
      const session: Session = {
        id,
        engine,
        handles: new Map(),
        lifetime: new AbortController(),
        closed: false,
        lastUsed: performance.now(),
        queue: createSerialQueue(() => {
          if (!session.closed) armTimer(session);
        }),
      };
      if (shuttingDown) {
        await engine.close();
        throw sessionErrors.shuttingDown();
      }
      sessions.set(id, session);
      armTimer(session);
      return { sessionId: id, backend };
    },

    async close(sessionId) {
      await closeSession(lookup(sessionId));
    },

    readInput(sessionId, request, opts) {
      return within(
        sessionId,
        opts,
        async (session, signal) => {
          const { ref, source } = parseInputRequest(request);
          return addHandle(session, ref, await engineCall(ref, () => session.engine.readInput(ref, source, { signal })));
        },
        { data: true },
      );
    },

    applyTransform(sessionId, request, opts) {
      return within(
        sessionId,
        opts,
        async (session, signal) => {
          const { ref, source, upstream } = parseTransformRequest(request);
          const inputs: Record<string, string> = {};
          for (const asset of upstream) inputs[asset] = handle(session, request.inputHandles[asset]).engineId;
          return addHandle(session, ref, await engineCall(ref, () => session.engine.apply(ref, source as Source, inputs, { signal })));
        },
        { data: true },
      );
    },

    writeOutput(sessionId, request, opts) {
      return within(sessionId, opts, async (session, signal) => {
        const entry = handle(session, request.handleId);
        const { ref, source } = parseOutputRequest(request, entry.ref);
        return engineCall(ref, () => session.engine.write(entry.engineId, ref, source, { signal }));
      });
    },

    executePipeline(sessionId, request, opts) {
      return within(sessionId, opts, async (session, signal) => {
        await admit(session);
        const jobId = randomUUID();
        const started = performance.now();
        const elapsed = () => Math.max(0, Math.round(performance.now() - started));
        const parsed = parsePipelineRequest(request);
        if (!parsed.ok) return { jobId, status: 'failed', error: parsed.error, durationMs: elapsed() };
        try {
          await session.engine.execute(parsed.plan, { signal });
          return { jobId, status: 'completed', error: '', durationMs: elapsed() };
        } catch (caught) {
          const e = asOutOfMemory(caught, parsed.plan.steps.at(-1)?.ref ?? '', memoryLimit);
          const error = e instanceof Error ? e.message : String(e);
          return { jobId, status: 'failed', error: error || 'execution failed', durationMs: elapsed() };
        }
      });
    },

    async inspect(request, opts) {
      return engines.inspect(parseInspectRequest(request), opts);
    },

    get size() {
      return sessions.size;
    },

    async shutdown() {
      shuttingDown = true;
      const open = [...sessions.values()];
      const results = await Promise.allSettled(open.map((s) => closeSession(s)));
      for (const [i, r] of results.entries()) {
        if (r.status === 'rejected') background(open[i].id, 'shutdown')(r.reason);
      }
      await engines.close();
    },
  };
}
