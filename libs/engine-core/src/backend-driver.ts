/**
 * What the engine knows about one execution backend: how to open it, its compiler, and how it runs
 * whole plans. Every backend registers one driver in `backend-drivers.ts`; nothing else in
 * the engine (or above it) names a backend's classes.
 */
import type { Plan } from '@pipeline/planner';
import type { Backend, RunOptions } from './backend';
import type { BackendName } from './backend-name';
import type { EngineConfig } from './config';
import type { ExecutionResult } from './execution-result';
import type { FunctionSupport } from './kinds/function-support';
import type { KindSupport } from './kinds/kind-support';
import type { OutputSupport } from './kinds/backend-support';
import type { CompileOptions, PhysicalPlan } from './plan/physical-plan';
import type { RowsResult } from './rows/rows-result';

/** Usage figures of a long-lived plan runner (a worker's shared database). */
export interface PlanRuntimeStats {
  /** True while a shared database is open. */
  readonly databaseOpen: boolean;
  /** Databases opened since the runner was created. */
  readonly databasesOpened: number;
  /** Connections of the current database in use (one per running plan). */
  readonly openConnections: number;
  /** Connections kept open for the next run (one left clean by the last run finished, per database). */
  readonly idleConnections: number;
}

/** A long-lived runner of whole plans that reuses resources between runs (see engine-runtime.ts). */
export interface PlanRuntime {
  run(plan: Plan, options: RunOptions): Promise<ExecutionResult>;
  stats(): PlanRuntimeStats;
  /**
   * Opens what the first run would (the database, one connection) ahead of it, so that run does
   * not pay for it; a failure is kept for the runs to meet and report, never thrown here.
   */
  prepare(): Promise<void>;
  /** Closes what the runner holds once no run uses it; the caller has stopped starting runs. */
  close(): Promise<void>;
}

/** One backend's entry in the driver table. */
export interface BackendDriver {
  readonly name: BackendName;
  /** One sentence for documentation and the CLI. */
  readonly description: string;
  /**
   * True when the backend computes on the JavaScript thread that calls it, so a server runs its
   * sessions in a worker thread instead of its own event loop.
   */
  readonly computesInJavaScript: boolean;
  /** Which transformation kinds it runs (the rest are refused at validation with V-014). */
  readonly kinds: KindSupport;
  /** Which catalogue functions it computes (the rest are refused at validation with V-014). */
  readonly functions: FunctionSupport;
  /** Why it refuses an output as defined (refused at validation with V-014); absent: it writes every output. */
  readonly outputs?: OutputSupport;
  /** Opens an instance with resources of its own; the caller closes it. */
  open(config: EngineConfig): Promise<Backend>;
  /**
   * Compiles a plan (pure): what `runPlan` runs, or with `retain` what a session's plan on a live
   * instance runs (every asset a handle, kept for the session). A backend without it does not compile.
   */
  compile(plan: Plan, options?: CompileOptions): PhysicalPlan;
  /** Runs a whole plan on an instance of its own: its compiled plan, on the one executor. */
  runPlan(plan: Plan, config: EngineConfig, options: RunOptions): Promise<ExecutionResult>;
  /** A long-lived runner for a job worker; without it every run opens an instance of its own. */
  openRuntime?(config: EngineConfig): PlanRuntime;
  /**
   * The first `limit` rows of asset `target` of `plan` (only it and its upstream assets, no
   * output), nothing written: for a backend that `open` gives no instance of (see rows/look.ts).
   */
  preview?(plan: Plan, target: string, limit: number, config: EngineConfig, options: RunOptions): Promise<RowsResult>;
  /**
   * The backend that reads this backend's outputs back from the data root (the rows of a job's
   * output), when not this one: a backend that computes elsewhere has no instance here to read with.
   */
  readonly outputReader?: BackendName;
}
