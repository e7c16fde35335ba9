/**
 * Creates each session's backend: DuckDB in this thread (its node API runs queries off the
 * JavaScript thread, so a slow query does not stall the server), danfo in a worker thread
 * (danfo computes synchronously in JavaScript), spark in a Spark Connect session of its own (the
 * server computes; this thread only waits). Every DuckDB session is a connection of one shared
 * database, so one `memory_limit` and one spill folder bound them all together.
 */
import { applyTransform, backendDriver, createSharedDuckDb, executePlan, type Backend, type BackendName, type SparkSettings } from '@pipeline/engine';
import type { InputSource } from '@pipeline/definition';
import type { SessionEngine } from './session-engine';
import { createDanfoWorkerHost, type DanfoWorkerHost } from './worker/worker-host';
import { resolveSessionWorkerFile } from './worker/worker-file';

/** Options of {@link createSessionEngineFactory}. */
export interface SessionEngineFactoryOptions {
  /** Absolute data root every path resolves inside. */
  readonly dataRoot: string;
  /**
   * Settings of the sessions' shared DuckDB database: `memoryLimit` bounds every DuckDB session
   * together (beyond it DuckDB spills into `tempDirectory`, by default the system temp folder).
   */
  readonly duckdb?: { readonly threads?: number; readonly memoryLimit?: string; readonly tempDirectory?: string };
  /** The Spark Connect server a spark session opens a session of; without a remote a spark session is refused. */
  readonly spark?: SparkSettings;
  /** The danfo worker file; default: the one `resolveSessionWorkerFile` finds. */
  readonly danfoWorkerFile?: string;
  /** Most danfo worker threads; default 2. */
  readonly danfoThreads?: number;
  /** Most megabytes of each danfo thread's heap; default V8's own. */
  readonly danfoHeapLimitMb?: number;
}

/** A source's columns (portable type names) and exact row count. */
export interface SourceSchema {
  readonly fields: readonly { readonly name: string; readonly dataType: string; readonly nullable: boolean }[];
  readonly rowCount: number;
}

/** Opens session backends; `close` stops the danfo threads once every session is closed. */
export interface SessionEngineFactory {
  open(backend: BackendName): Promise<SessionEngine>;
  /** Reads a source's schema and row count with a short-lived DuckDB backend. */
  inspect(source: InputSource, opts?: { signal?: AbortSignal }): Promise<SourceSchema>;
  /** Bytes the sessions' data holds now: DuckDB's (in memory and spilled) and danfo frames' (estimated). */
  heldBytes(): Promise<number>;
  close(): Promise<void>;
}

/** Wraps an in-thread backend instance as a session engine. */
export function localSessionEngine(backend: Backend, dataRoot: string): SessionEngine {
  return {
    backend: backend.name,
    readInput: async (ref, source, opts) => {
      const h = await backend.readInput(ref, source, opts);
      return { id: h.id, rowCount: h.rowCount };
    },
    apply: async (ref, source, inputs, opts) => {
      const h = await applyTransform(backend, ref, source, inputs, opts);
      return { id: h.id, rowCount: h.rowCount };
    },
    write: async (handleId, ref, source, opts) => {
      const r = await backend.write(handleId, ref, source, opts);
      return { rowsWritten: r.rowsWritten, skipped: r.skipped };
    },
    execute: async (plan, opts) => {
      await executePlan(plan, { dataRoot, backend }, opts);
    },
    release: (handleId) => backend.release(handleId),
    close: () => backend.close(),
  };
}

/** Creates the factory; the danfo worker file is resolved on the first danfo session. */
export function createSessionEngineFactory(options: SessionEngineFactoryOptions): SessionEngineFactory {
  let host: DanfoWorkerHost | undefined;
  const duckdb = createSharedDuckDb({ dataRoot: options.dataRoot, ...(options.duckdb ? { duckdb: options.duckdb } : {}) });
  return {
    async open(backend) {
      // A backend that computes on the JavaScript thread would stall the server: it gets a worker thread.
      if (backend === 'duckdb') return localSessionEngine(await duckdb.open(), options.dataRoot);
      if (!backendDriver(backend).computesInJavaScript) {
        // A backend outside this process (spark: a Spark Connect session) opens an instance of its own.
        const config = { dataRoot: options.dataRoot, ...(options.spark === undefined ? {} : { spark: options.spark }) };
        return localSessionEngine(await backendDriver(backend).open(config), options.dataRoot);
      }
      host ??= createDanfoWorkerHost({
        workerFile: resolveSessionWorkerFile(options.danfoWorkerFile),
        ...(options.danfoThreads === undefined ? {} : { threads: options.danfoThreads }),
        ...(options.danfoHeapLimitMb === undefined ? {} : { heapLimitMb: options.danfoHeapLimitMb }),
        engine: { dataRoot: options.dataRoot, backend },
      });
      return host.open();
    },
    async heldBytes() {
      const usage = await duckdb.usage();
      return usage.memoryBytes + usage.spilledBytes + (host?.heldBytes ?? 0);
    },
    async inspect(source, opts) {
      const backend = await duckdb.open();
      try {
        const result = await backend.inspect(source, opts);
        return { fields: result.fields.map((f) => ({ ...f })), rowCount: result.rowCount };
      } finally {
        await backend.close();
      }
    },
    async close() {
      await host?.close();
      await duckdb.close();
    },
  };
}
