/**
 * One DuckDB database for many long-lived backends (the gRPC sessions), each on a connection of
 * its own: a backend's tables are temporary, in its connection's catalog, and go when it closes.
 * A database per backend would give each its own `memory_limit`, so their sum grows with the
 * number of backends; here one `memory_limit` and one spill folder bound all of them together,
 * and `usage()` tells how much they hold.
 */
import { type Backend, resolveDuckDbSettings, type EngineConfig, openDataRoot } from '@pipeline/engine-core';
import { DuckDbBackend } from './duckdb-backend';
import { LockedDuckDb, type DuckDbDatabase } from './duckdb-database';

/** What the shared database holds: bytes in memory (within its `memory_limit`) and spilled to its temp folder. */
export interface SharedDuckDbUsage {
  readonly memoryBytes: number;
  readonly spilledBytes: number;
}

/** A shared DuckDB database handing out one backend per connection. */
export interface SharedDuckDb {
  /** A backend on a connection of the database (opened on first use): a new one, or one a closed backend only read on. */
  open(): Promise<Backend>;
  /** What the database holds now (zero before it is opened). */
  usage(): Promise<SharedDuckDbUsage>;
  /** Closes the database; every backend must be closed first. */
  close(): Promise<void>;
}

let sharedCounter = 0;

/**
 * Creates the shared database for `config` (its `duckdb.memoryLimit` bounds every backend
 * together). The data root is resolved and locked when the database opens, on the first `open`.
 */
export function createSharedDuckDb(config: EngineConfig): SharedDuckDb {
  const settings = resolveDuckDbSettings(config.duckdb);
  sharedCounter += 1;
  const tag = sharedCounter;
  let opened = 0;
  let db: Promise<{ locked: LockedDuckDb; probe: DuckDbDatabase }> | undefined;
  const root = () => openDataRoot(config.dataRoot);

  function database(): Promise<{ locked: LockedDuckDb; probe: DuckDbDatabase }> {
    db ??= (async () => {
      const locked = await LockedDuckDb.open(root(), settings);
      try {
        // Its own connection, so that reading the usage never waits behind a backend's query.
        return { locked, probe: await locked.connect() };
      } catch (e) {
        locked.close();
        throw e;
      }
    })();
    // A database that failed to open is tried again by the next backend.
    db.catch(() => (db = undefined));
    return db;
  }

  return {
    async open() {
      const { locked } = await database();
      opened += 1;
      return DuckDbBackend.onConnection(locked, root(), `s${tag}_${opened}_`);
    },
    async usage() {
      if (db === undefined) return { memoryBytes: 0, spilledBytes: 0 };
      const { probe } = await db;
      const [[memory, spilled]] = (await probe.rows(
        'SELECT coalesce(sum(memory_usage_bytes), 0)::BIGINT, coalesce(sum(temporary_storage_bytes), 0)::BIGINT FROM duckdb_memory()',
      )) as [[string | number, string | number]];
      return { memoryBytes: Number(memory), spilledBytes: Number(spilled) };
    },
    async close() {
      const opening = db;
      db = undefined;
      if (opening === undefined) return;
      const { locked, probe } = await opening;
      await probe.close();
      locked.close();
    },
  };
}
