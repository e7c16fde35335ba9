/**
 * The engine runtime of a worker thread. Opening a locked-down DuckDB database costs more than a
 * tiny job itself, so the thread keeps one runtime (one database) for the engine configuration
 * its jobs arrive with and reuses it for every job; the runtime gives each job its own connection
 * and removes everything the job created. A service sends one configuration, so in practice one
 * runtime lives as long as the thread (DuckDB removes its spill folder when the thread ends).
 */
import { createEngineRuntime, type EngineConfig, type EngineRuntime } from '@pipeline/engine';
import type { WorkerEngineConfig } from './protocol';

/** Hands out the runtime for a job's engine configuration. */
export interface RuntimeCache {
  /** The runtime for `config`: the cached one when the configuration is the same, else a new one. */
  runtimeFor(config: WorkerEngineConfig): EngineRuntime;
  /** Closes the cached runtime (after its running jobs). */
  close(): Promise<void>;
}

/** A cache holding one runtime; a different configuration replaces it (the old one closes when its jobs end). */
export function createRuntimeCache(create: (config: EngineConfig) => EngineRuntime = createEngineRuntime): RuntimeCache {
  let current: { key: string; runtime: EngineRuntime } | undefined;
  return {
    runtimeFor(config) {
      const key = JSON.stringify([config.dataRoot, config.duckdb?.threads ?? null, config.duckdb?.memoryLimit ?? null, config.duckdb?.tempDirectory ?? null, config.spark?.remote ?? null, config.spark?.dataRoot ?? null]);
      if (current?.key === key) return current.runtime;
      const runtime = create({
        dataRoot: config.dataRoot,
        ...(config.duckdb === undefined ? {} : { duckdb: { threads: config.duckdb.threads, memoryLimit: config.duckdb.memoryLimit, tempDirectory: config.duckdb.tempDirectory } }),
        ...(config.spark === undefined ? {} : { spark: config.spark }),
      });
      const previous = current?.runtime;
      current = { key, runtime };
      // close() waits for the old runtime's jobs and never rejects.
      void previous?.close();
      return runtime;
    },
    async close() {
      const runtime = current?.runtime;
      current = undefined;
      await runtime?.close();
    },
  };
}
