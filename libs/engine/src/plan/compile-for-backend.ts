/** The engine's compile entry: a validated plan as the physical plan a backend would run. */
import type { Plan } from '@pipeline/planner';
import { backendDriver, parseBackendName } from '../backend-drivers';
import { type BackendName, requireBackendSupport, type CompileOptions, type PhysicalPlan } from '@pipeline/engine-core';

/**
 * Compiles `plan` for `backend` (a name; absent or `""` means duckdb) without touching any data:
 * E_UNKNOWN_BACKEND, or the backend's refusal of a kind or function it does not run. Given the
 * inputs' columns (`options.inputs`), DuckDB's relations carry their SELECT too.
 */
export function compilePhysicalPlan(plan: Plan, backend?: BackendName | string, options: CompileOptions = {}): PhysicalPlan {
  const driver = backendDriver(parseBackendName(backend));
  requireBackendSupport(plan.steps, driver.name, driver.kinds, driver.functions, driver.outputs);
  return driver.compile(plan, options);
}
