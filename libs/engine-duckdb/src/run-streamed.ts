/**
 * Runs a whole plan on a DuckDB connection: compile (pure), the order pass that needs the inputs'
 * columns, then the one executor on the streamed primitives.
 */
import type { Plan } from '@pipeline/planner';
import {
  type RunOptions,
  type Column,
  bindSource,
  type BoundSource,
  executePhysicalPlan,
  type ExecutionResult,
  type PhysicalPlan,
  requireTransform,
} from '@pipeline/engine-core';
import { inputRelation, type InputRelation } from './input-relation';
import { compileDuckDbPlan } from './physical-compiler';
import { streamedPrimitives, type StreamedConnection } from './streamed-primitives';
import { unobservedOrder } from './unobserved-order';

/** Runs `plan` streamed on `connection`. */
export async function runStreamed(connection: StreamedConnection, plan: Plan, options: RunOptions): Promise<ExecutionResult> {
  const described = new Map<string, InputRelation>();
  const compiled = await withUnobservedOrder(compileDuckDbPlan(plan), plan, connection, described, options.signal);
  return (await executePhysicalPlan(compiled, streamedPrimitives(connection, described), options)).result;
}

/**
 * Pass: marks unordered every relation whose row order no output observes (`unobserved-order.ts`),
 * so its kind skips a sort kept only for parity. It needs every step bound, so the inputs are
 * described first (kept in `described` for the run); asked only when a read keeps row estimates
 * (see `estimateRowsForParitySorts`). Whatever fails here (a file, a bind) leaves every asset
 * ordered: the run meets the same failure at its step and reports it there.
 */
async function withUnobservedOrder(
  compiled: PhysicalPlan,
  plan: Plan,
  connection: StreamedConnection,
  described: Map<string, InputRelation>,
  signal: AbortSignal | undefined,
): Promise<PhysicalPlan> {
  if (!compiled.steps.some((s) => s.op === 'read' && s.estimateRows)) return compiled;
  const columns = new Map<string, readonly Column[]>();
  const bound = new Map<string, BoundSource>();
  try {
    for (const step of plan.steps) {
      const source = step.source;
      if (source.kind === 'output') continue;
      if (source.kind === 'input') {
        const input = await inputRelation(connection.db, connection.root, step.ref, source, signal, true);
        described.set(step.ref, input);
        columns.set(step.ref, input.columns);
        continue;
      }
      const upstream = step.upstream.map((asset) => ({ asset, columns: columns.get(asset) ?? [] }));
      const b = bindSource(step.ref, requireTransform(step.ref, source), upstream);
      bound.set(step.ref, b);
      columns.set(step.ref, b.columns);
    }
  } catch {
    return compiled;
  }
  return markUnordered(compiled, unobservedOrder(plan, bound));
}

/** Pass: the relation steps of `unordered` no longer keep their row order. */
export function markUnordered(plan: PhysicalPlan, unordered: ReadonlySet<string>): PhysicalPlan {
  if (unordered.size === 0) return plan;
  return { ...plan, steps: plan.steps.map((s) => (s.op === 'relation' && unordered.has(s.asset) ? { ...s, ordered: false } : s)) };
}
