/**
 * Whole-pipeline execution: the plan is compiled for its backend (`plan/`) and run by the one
 * executor (`exec/`). With a backend name (jobs), a fresh instance runs it and is closed
 * afterwards (on DuckDB as one streamed chain of views). With a backend instance (a gRPC session),
 * every asset is a handle of that instance and stays behind.
 */
import type { Plan } from '@pipeline/planner';
import {
  type Backend,
  type RunOptions,
  type BackendName,
  type EngineConfig,
  throwIfAborted,
  executePhysicalPlan,
  handlePrimitives,
  type ExecutionResult,
  requireBackendSupport,
} from '@pipeline/engine-core';
import { backendDriver, parseBackendName } from './backend-drivers';

/** Configuration of one plan run: where files live, and which backend (name or live instance). */
export interface ExecutePlanConfig extends EngineConfig {
  /** A backend name (default duckdb) or a session's live backend instance. */
  readonly backend?: BackendName | Backend;
}

/** Runs every step of `plan`; rejects with an EngineError (E_CANCELLED when `signal` aborts). */
export async function executePlan(plan: Plan, config: ExecutePlanConfig, options: RunOptions = {}): Promise<ExecutionResult> {
  throwIfAborted(options.signal);
  const given = config.backend;
  const driver = backendDriver(given !== undefined && typeof given === 'object' ? given.name : parseBackendName(given));
  requireBackendSupport(plan.steps, driver.name, driver.kinds, driver.functions, driver.outputs);
  if (given === undefined || typeof given !== 'object') return driver.runPlan(plan, config, options);
  const { result, relations } = await executePhysicalPlan(driver.compile(plan, { retain: true }), handlePrimitives(given), options);
  return { ...result, handles: Object.fromEntries(relations) };
}
