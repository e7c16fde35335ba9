/**
 * A long-lived engine for one configuration (a job worker's). Opening and locking down a DuckDB
 * instance costs about 20 ms, most of a tiny job, so a runtime opens one database on first use and
 * runs every DuckDB plan on a connection of its own: temporary objects live in the connection's
 * own catalog under names unique to the run, are dropped when the run ends (completed, failed or
 * cancelled) and go with the connection in any case; `interrupt()` stops only that connection.
 * All runs share one data root and one DuckDB configuration, so the instance's lock-down settings
 * are the ones every run would have had. danfo plans keep a fresh backend per run.
 */
import type { Plan } from '@pipeline/planner';
import type { RunOptions } from './backend';
import { parseBackendName, type BackendName } from './backend-name';
import { resolveDuckDbSettings, type EngineConfig, type ResolvedDuckDbSettings } from './config';
import { DuckDbBackend } from './duckdb/duckdb-backend';
import { LockedDuckDb } from './duckdb/duckdb-database';
import { EngineError, isEngineError, throwIfAborted } from './errors';
import { executePlan } from './execute-plan';
import type { ExecutionResult } from './execution-result';
import { openDataRoot, type DataRoot } from './paths/data-root';

/** Options of one run on a runtime. */
export interface RuntimeRunOptions extends RunOptions {
  /** Backend name; `''` or absent means duckdb. */
  readonly backend?: BackendName | string;
}

/** What a runtime holds now (for tests and monitoring). */
export interface EngineRuntimeStats {
  /** Runs started and not finished. */
  readonly activeRuns: number;
  /** True while a shared DuckDB database is open. */
  readonly databaseOpen: boolean;
  /** DuckDB databases opened since the runtime was created (1 while nothing forced a new one). */
  readonly databasesOpened: number;
  /** Open connections of the current database (one per running DuckDB plan). */
  readonly openConnections: number;
}

/** A long-lived engine that reuses one DuckDB database across plan runs. */
export interface EngineRuntime {
  /** The configuration every run uses. */
  readonly config: EngineConfig;
  /** Runs `plan` as `executePlan` would with a backend name; rejects with an EngineError. */
  executePlan(plan: Plan, options?: RuntimeRunOptions): Promise<ExecutionResult>;
  /** Current usage. */
  stats(): EngineRuntimeStats;
  /** Refuses new runs (E_BACKEND_CLOSED), waits for running ones, closes the database; idempotent. */
  close(): Promise<void>;
}

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

/** Creates a runtime for `config`; bad DuckDB settings throw here, as `createBackend` would. */
export function createEngineRuntime(config: EngineConfig): EngineRuntime {
  return new Runtime(config, resolveDuckDbSettings(config.duckdb));
}

let runtimeCounter = 0;

class Runtime implements EngineRuntime {
  private current: SharedDatabase | undefined;
  private active = 0;
  private opened = 0;
  private runCounter = 0;
  private closing: Promise<void> | undefined;
  private readonly idle: (() => void)[] = [];
  /** Keeps object names unique across runtimes too (several may share a process). */
  private readonly tag: number;

  constructor(
    readonly config: EngineConfig,
    private readonly settings: ResolvedDuckDbSettings,
  ) {
    runtimeCounter += 1;
    this.tag = runtimeCounter;
  }

  async executePlan(plan: Plan, options: RuntimeRunOptions = {}): Promise<ExecutionResult> {
    const backend = parseBackendName(options.backend);
    if (this.closing !== undefined) throw new EngineError('E_BACKEND_CLOSED', 'the engine runtime is closed');
    throwIfAborted(options.signal);
    this.active += 1;
    try {
      if (backend !== 'duckdb') return await executePlan(plan, { ...this.config, backend }, { signal: options.signal });
      return await this.runOnShared(plan, options);
    } finally {
      this.active -= 1;
      if (this.active === 0) for (const wake of this.idle.splice(0)) wake();
    }
  }

  private async runOnShared(plan: Plan, { signal }: RunOptions): Promise<ExecutionResult> {
    // Checked on every run, as a fresh backend would: the root may have gone or been replaced.
    const root = openDataRoot(this.config.dataRoot);
    const shared = this.acquire(root);
    try {
      const db = await shared.ready;
      this.runCounter += 1;
      const backend = await DuckDbBackend.onConnection(db, root, `r${this.tag}_${this.runCounter}_`);
      try {
        return await backend.runPlanStreaming(plan, { signal });
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

  stats(): EngineRuntimeStats {
    const db = this.current?.opened;
    return {
      activeRuns: this.active,
      databaseOpen: db !== undefined,
      databasesOpened: this.opened,
      openConnections: db?.openConnections ?? 0,
    };
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.active > 0) await new Promise<void>((wake) => this.idle.push(wake));
      const shared = this.current;
      if (shared === undefined) return;
      await shared.ready.catch(() => undefined);
      this.retire(shared);
    })();
    return this.closing;
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
