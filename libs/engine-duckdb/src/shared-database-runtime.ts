/**
 * A job worker's DuckDB: opening and locking down an instance costs about 20 ms, most of a tiny
 * job, so one database is opened on first use and every plan runs on a connection of its own
 * (the previous run's, when that run left nothing on it: see LockedDuckDb.take).
 * Temporary objects live in the connection's own catalog (under names unique to the run, which
 * logs and errors can tell apart) and go with the connection when the run ends, however it ends;
 * `interrupt()` stops only that connection. All runs share one data root and one configuration, so
 * the instance's lock-down settings are the ones every run would have had.
 *
 * A small plan (see small-plan.ts) runs on a second database of one thread, opened the same way:
 * a many-thread instance spends nearly twice the CPU on a tiny statement.
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
import { isSmallPlan } from './small-plan';

/** Which of the runtime's databases a run uses: the configured threads, or one thread for a small plan. */
type Lane = 'full' | 'small';

/** One opened (or opening) shared database and the runs using it. */
interface SharedDatabase {
  readonly lane: Lane;
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
export function createSharedDatabaseRuntime(config: EngineConfig, options: SharedDatabaseRuntimeOptions = {}): PlanRuntime {
  return new SharedDatabaseRuntime(config, resolveDuckDbSettings(config.duckdb), options.smallPlanBytes);
}

/** Options of {@link createSharedDatabaseRuntime}. */
export interface SharedDatabaseRuntimeOptions {
  /** Input bytes up to which a plan runs on the one-thread database (default SMALL_PLAN_INPUT_BYTES; -1: never). */
  readonly smallPlanBytes?: number;
}

class SharedDatabaseRuntime implements PlanRuntime {
  private readonly current = new Map<Lane, SharedDatabase>();
  private opened = 0;
  private runCounter = 0;
  /** Keeps object names unique across runtimes too (several may share a process). */
  private readonly tag: number;

  constructor(
    private readonly config: EngineConfig,
    private readonly settings: ResolvedDuckDbSettings,
    private readonly smallPlanBytes?: number,
  ) {
    runtimeCounter += 1;
    this.tag = runtimeCounter;
  }

  async run(plan: Plan, options: RunOptions): Promise<ExecutionResult> {
    // Checked on every run, as a fresh backend would: the root may have gone or been replaced.
    const root = openDataRoot(this.config.dataRoot);
    const shared = this.acquire(root, this.laneOf(plan, root));
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
      // The lane tiny jobs use: a job reading more opens its database at its first run (about 20 ms).
      shared = this.acquire(openDataRoot(this.config.dataRoot), this.settings.threads > 1 ? 'small' : 'full');
      const db = await shared.ready;
      // One statement through a connection, as every run makes: the first job starts warm (and
      // takes this connection).
      const connection = await db.take();
      try {
        await connection.rows('SELECT 1');
      } finally {
        await db.handBack(connection);
      }
    } catch {
      // The first run opens the database again and reports what fails, as it would without this.
    } finally {
      if (shared !== undefined) this.release(shared);
    }
  }

  /** One thread for a small plan when the configuration has more (else there is only one lane). */
  private laneOf(plan: Plan, root: DataRoot): Lane {
    if (this.settings.threads === 1 || this.smallPlanBytes === -1) return 'full';
    return isSmallPlan(plan, root, this.smallPlanBytes) ? 'small' : 'full';
  }

  /** The database runs of `lane` on `root` use now, opened when there is none (or the root moved). */
  private acquire(root: DataRoot, lane: Lane): SharedDatabase {
    let shared = this.current.get(lane);
    if (shared !== undefined && (shared.retired || shared.rootReal !== root.real)) {
      this.retire(shared);
      shared = undefined;
    }
    if (shared === undefined) {
      const opening: SharedDatabase = {
        lane,
        ready: LockedDuckDb.open(root, lane === 'small' ? { ...this.settings, threads: 1 } : this.settings),
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
      this.current.set(lane, opening);
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
    if (this.current.get(shared.lane) === shared) this.current.delete(shared.lane);
    if (shared.users === 0) shared.opened?.close();
  }

  stats(): PlanRuntimeStats {
    const open = [...this.current.values()].flatMap((s) => (s.opened === undefined ? [] : [s.opened]));
    const idle = open.reduce((n, db) => n + db.idleConnections, 0);
    return {
      databaseOpen: open.length > 0,
      databasesOpened: this.opened,
      openConnections: open.reduce((n, db) => n + db.openConnections, 0) - idle,
      idleConnections: idle,
    };
  }

  async close(): Promise<void> {
    await Promise.all(
      [...this.current.values()].map(async (shared) => {
        await shared.ready.catch(() => undefined);
        this.retire(shared);
      }),
    );
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
