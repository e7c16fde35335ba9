/**
 * A long-lived engine for one configuration (a job worker's). Each backend whose driver offers a
 * long-lived runner (DuckDB: one shared database, a connection per run) runs plans through it;
 * the others open an instance of their own per run.
 */
import type { Plan } from '@pipeline/planner';
import {
  type RunOptions,
  type PlanRuntime,
  type PlanRuntimeStats,
  type BackendDriver,
  type BackendName,
  resolveDuckDbSettings,
  type EngineConfig,
  engineError,
  throwIfAborted,
  type ExecutionResult,
  requireBackendSupport,
} from '@pipeline/engine-core';
import { BACKEND_DRIVERS, BACKEND_NAMES, parseBackendName } from './backend-drivers';
import { executePlan } from './execute-plan';

/** Options of one run on a runtime. */
export interface RuntimeRunOptions extends RunOptions {
  /** Backend name; `''` or absent means duckdb. */
  readonly backend?: BackendName | string;
}

/** What a runtime holds now (for tests and monitoring). */
export interface EngineRuntimeStats extends PlanRuntimeStats {
  /** Runs started and not finished. */
  readonly activeRuns: number;
}

/** A long-lived engine that reuses resources (DuckDB: one database) across plan runs. */
export interface EngineRuntime {
  /** The configuration every run uses. */
  readonly config: EngineConfig;
  /** Runs `plan` as `executePlan` would with a backend name; rejects with an EngineError. */
  executePlan(plan: Plan, options?: RuntimeRunOptions): Promise<ExecutionResult>;
  /**
   * Opens each backend's long-lived resources now (DuckDB: the database and a first connection)
   * instead of at the first run; never rejects: what fails here fails that run again, with its error.
   */
  prepare(): Promise<void>;
  /** Current usage. */
  stats(): EngineRuntimeStats;
  /** Refuses new runs (E_BACKEND_CLOSED), waits for running ones, closes what it holds; idempotent. */
  close(): Promise<void>;
}

/** Creates a runtime for `config`; bad DuckDB settings throw here, as `createBackend` would. */
export function createEngineRuntime(config: EngineConfig): EngineRuntime {
  resolveDuckDbSettings(config.duckdb);
  return new Runtime(config);
}

class Runtime implements EngineRuntime {
  private active = 0;
  private closing: Promise<void> | undefined;
  private readonly idle: (() => void)[] = [];
  /** The long-lived runner of each backend that has one. */
  private readonly runners = new Map<BackendName, PlanRuntime>();

  constructor(readonly config: EngineConfig) {
    for (const name of BACKEND_NAMES) {
      const driver = BACKEND_DRIVERS[name];
      if ('openRuntime' in driver) this.runners.set(name, driver.openRuntime(config));
    }
  }

  async executePlan(plan: Plan, options: RuntimeRunOptions = {}): Promise<ExecutionResult> {
    const backend = parseBackendName(options.backend);
    if (this.closing !== undefined) throw engineError('E_BACKEND_CLOSED', { problem: 'the engine runtime is closed' });
    throwIfAborted(options.signal);
    this.active += 1;
    try {
      const runner = this.runners.get(backend);
      const run = { ...(options.signal === undefined ? {} : { signal: options.signal }), ...(options.onStep === undefined ? {} : { onStep: options.onStep }) };
      if (runner === undefined) return await executePlan(plan, { ...this.config, backend }, run);
      const driver: BackendDriver = BACKEND_DRIVERS[backend];
      requireBackendSupport(plan.steps, backend, driver.kinds, driver.functions, driver.outputs);
      return await runner.run(plan, run);
    } finally {
      this.active -= 1;
      if (this.active === 0) for (const wake of this.idle.splice(0)) wake();
    }
  }

  async prepare(): Promise<void> {
    if (this.closing !== undefined) return;
    await Promise.all([...this.runners.values()].map((r) => r.prepare()));
  }

  stats(): EngineRuntimeStats {
    const total = { activeRuns: this.active, databaseOpen: false, databasesOpened: 0, openConnections: 0, idleConnections: 0 };
    for (const runner of this.runners.values()) {
      const s = runner.stats();
      total.databaseOpen ||= s.databaseOpen;
      total.databasesOpened += s.databasesOpened;
      total.openConnections += s.openConnections;
      total.idleConnections += s.idleConnections;
    }
    return total;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.active > 0) await new Promise<void>((wake) => this.idle.push(wake));
      await Promise.all([...this.runners.values()].map((r) => r.close()));
    })();
    return this.closing;
  }
}
