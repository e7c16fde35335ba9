/**
 * One transformation step computed and, for the kinds that check their rows (assertion,
 * schemaEnforce), checked: the same code for a job's plan and a session's ApplyTransform, so row
 * checks run in one place whatever the backend.
 */
import type { Source } from '@pipeline/definition';
import type { Backend, HandleInfo, RunOptions } from '../backend';
import { runRowChecks } from '../quality/run-quality';
import type { RelationStep } from '../plan/physical-plan';
import { mayCheckRows } from '../plan/row-check-kinds';
import { requireTransform, upstreamHandleIds } from '../transform-source';
import { handlePrimitives } from './handle-primitives';
import type { PlanPrimitives, RelationLookup } from './plan-primitives';

/** Computes `step` from `upstream` and runs its row checks; a failed check releases what was computed. */
export async function computeRelation<R>(
  primitives: PlanPrimitives<R>,
  step: RelationStep,
  upstream: readonly R[],
  lookup: RelationLookup<R>,
  options: RunOptions,
): Promise<R> {
  const { relation: computed, checks } = await primitives.relation(step, upstream, lookup, options);
  if (checks === undefined) return computed;
  const over = checks.over === 'input' ? upstream[0] : computed;
  try {
    await runRowChecks(step.asset, checks, primitives.columns(over), primitives.measurer(over, {}, options), options);
  } catch (e) {
    await primitives.release(computed);
    throw e;
  }
  return computed;
}

/**
 * A session's ApplyTransform: one relation step over existing handles, run as a plan's step is
 * (row checks included); `inputs` maps each upstream asset to its handle id.
 */
export async function applyTransform(
  backend: Backend,
  ref: string,
  source: Source,
  inputs: Readonly<Record<string, string>>,
  options: RunOptions = {},
): Promise<HandleInfo> {
  const transform = requireTransform(ref, source);
  const upstream = upstreamHandleIds(ref, transform, inputs);
  const step: RelationStep = {
    op: 'relation',
    asset: ref,
    kind: transform.kind,
    source: transform,
    from: upstream.map((u) => u.asset),
    storage: 'handle',
    ordered: true,
    checksRows: mayCheckRows(transform.kind),
    blame: { asset: ref, field: transform.kind },
  };
  return computeRelation(handlePrimitives(backend), step, upstream.map((u) => backend.describe(u.id)), () => undefined, options);
}
