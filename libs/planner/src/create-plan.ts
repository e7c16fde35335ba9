/**
 * Definition -> plan: the assets in a topological order (ties by document order), each with its
 * upstream assets, consumers and execution wave.
 */
import {
  DependencyCycleError,
  type GraphLayout,
  layoutGraph,
  type PipelineDefinition,
  sourceUpstream,
} from '@pipeline/definition';
import { plannerErrors } from './errors';
import type { Plan, PlanStep } from './plan';

/**
 * Builds the plan of a validated pipeline. Throws PlannerError only when the definition breaks the
 * graph invariants validation guarantees (duplicate name, unknown reference, cycle).
 */
export function createPlan(pipeline: PipelineDefinition): Plan {
  const names = new Set<string>();
  for (const asset of pipeline.assets) {
    if (names.has(asset.ref)) throw plannerErrors.duplicateAsset(asset.ref);
    names.add(asset.ref);
  }
  const nodes = pipeline.assets.map((asset) => {
    const upstream = sourceUpstream(asset.source);
    for (const ref of upstream) {
      if (!names.has(ref)) throw plannerErrors.unknownAsset(asset.ref, ref);
    }
    return { asset, upstream };
  });

  let layout: GraphLayout;
  try {
    layout = layoutGraph(nodes.map(({ asset, upstream }) => ({ ref: asset.ref, upstream })));
  } catch (error) {
    if (error instanceof DependencyCycleError) throw plannerErrors.cycle(error.cycle);
    throw error;
  }

  const byRef = new Map(nodes.map((node) => [node.asset.ref, node]));
  const steps: PlanStep[] = layout.order.map((ref) => {
    const { asset, upstream } = byRef.get(ref) as (typeof nodes)[number];
    return {
      ref,
      source: asset.source,
      upstream,
      consumers: layout.consumersOf.get(ref) ?? [],
      wave: layout.waveOf.get(ref) ?? 0,
      ...(asset.madeBy === undefined ? {} : { madeBy: asset.madeBy }),
    };
  });
  return {
    ...(pipeline.name === undefined ? {} : { name: pipeline.name }),
    steps,
    waves: layout.waves,
    ...(pipeline.quality === undefined || pipeline.quality.length === 0 ? {} : { quality: pipeline.quality }),
  };
}
