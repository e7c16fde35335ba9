/**
 * A job worker's DuckDB: opening and locking down an instance costs about 20 ms, most of a tiny
 * job, so one database is opened on first use and every plan runs on a connection of its own.
 * Temporary objects live in the connection's own catalog (under names unique to the run, which
 * logs and errors can tell apart) and go with the connection when the run ends, however it ends;
 * `interrupt()` stops only that connection. All runs share one data root and one configuration, so
 * the instance's lock-down settings are the ones every run would have had.
 */
import type { Plan } from '@pipeline/planner';
import {
  type RunOptions,
  type PlanRuntime,
  type PlanRuntimeStats,
  resolveDuckDbSettings,
  type EngineConfig,
  type ResolvedDuckDbSettings,
  isEngineError,
  type ExecutionResult,
  openDataRoot,
  type DataRoot,
} from '@pipeline/engine-core';
import { DuckDbBackend } from './duckdb-backend';
import { LockedDuckDb } from './duckdb-database';
import { runStreamed } from './run-streamed';

/** One opened (or opening) shared database and the runs using it. */
interface SharedDatabase {
  readonly ready: Promise<LockedDuckDb>;
  /** The data root's real path the instance was locked to. */
  readonly rootReal: string;
  users: number;
  /** Set when no new run may use it; it closes once its last user is done. */
  retired: boolean;
  opened?: LockedDuckDb;
}

let runtimeCounter = 0;

/** A runner of DuckDB plans on one shared database; bad DuckDB settings throw here. */
export function createSharedDatabaseRuntime(config: EngineConfig): PlanRuntime {
  return new SharedDatabaseRuntime(config, resolveDuckDbSettings(config.duckdb));
}

class SharedDatabaseRuntime implements PlanRuntime {
  private current: SharedDatabase | undefined;
  private opened = 0;
  private runCounter = 0;
  /** Keeps object names unique across runtimes too (several may share a process). */
  private readonly tag: number;

  constructor(
    private readonly config: EngineConfig,
    private readonly settings: ResolvedDuckDbSettings,
  ) {
    runtimeCounter += 1;
    this.tag = runtimeCounter;
  }

  async run(plan: Plan, options: RunOptions): Promise<ExecutionResult> {
    // Checked on every run, as a fresh backend would: the root may have gone or been replaced.
    const root = openDataRoot(this.config.dataRoot);
    const shared = this.acquire(root);
    try {
      const db = await shared.ready;
      this.runCounter += 1;
      const backend = await DuckDbBackend.onConnection(db, root, `r${this.tag}_${this.runCounter}_`);
      try {
        return await runStreamed(backend.streamedConnection(), plan, options);
      } finally {
        await backend.close();
      }
    } catch (e) {
      if (isFatal(e)) shared.retired = true;
      throw e;
    } finally {
      this.release(shared);
    }
  }

  async prepare(): Promise<void> {
    let shared: SharedDatabase | undefined;
    try {
      shared = this.acquire(openDataRoot(this.config.dataRoot));
      const db = await shared.ready;
      // One statement through a connection, as every run makes: the first job starts warm.
      const connection = await db.connect();
      try {
        await connection.rows('SELECT 1');
      } finally {
        await connection.close();
      }
    } catch {
      // The first run opens the database again and reports what fails, as it would without this.
    } finally {
      if (shared !== undefined) this.release(shared);
    }
  }

  /** The database runs on `root` use now, opened when there is none (or the root moved). */
  private acquire(root: DataRoot): SharedDatabase {
    let shared = this.current;
    if (shared !== undefined && (shared.retired || shared.rootReal !== root.real)) {
      this.retire(shared);
      shared = undefined;
    }
    if (shared === undefined) {
      const opening: SharedDatabase = {
        ready: LockedDuckDb.open(root, this.settings),
        rootReal: root.real,
        users: 0,
        retired: false,
      };
      this.opened += 1;
      opening.ready.then(
        (db) => {
          opening.opened = db;
          if (opening.retired && opening.users === 0) db.close();
        },
        // A database that failed to open is never reused: the next run tries again.
        () => this.retire(opening),
      );
      this.current = opening;
      shared = opening;
    }
    shared.users += 1;
    return shared;
  }

  private release(shared: SharedDatabase): void {
    shared.users -= 1;
    if (shared.retired) this.retire(shared);
  }

  /** Takes `shared` out of use; it is closed as soon as no run uses it. */
  private retire(shared: SharedDatabase): void {
    shared.retired = true;
    if (this.current === shared) this.current = undefined;
    if (shared.users === 0) shared.opened?.close();
  }

  stats(): PlanRuntimeStats {
    const db = this.current?.opened;
    return { databaseOpen: db !== undefined, databasesOpened: this.opened, openConnections: db?.openConnections ?? 0 };
  }

  async close(): Promise<void> {
    const shared = this.current;
    if (shared === undefined) return;
    await shared.ready.catch(() => undefined);
    this.retire(shared);
  }
}

/**
 * True for DuckDB errors after which the instance must not be used again (a fatal error
 * invalidates the whole database), so the next run opens a new one.
 */
export function isFatal(e: unknown): boolean {
  if (!isEngineError(e)) return false;
  const text = `${String(e.details.duckdb ?? '')} ${e.message}`;
  return /FATAL Error|database has been invalidated/i.test(text);
}
