/**
 * The preview of one asset on Spark: the assets it needs run in a session of their own as a job's
 * would (every asset a view, nothing written), then one `LIMIT` query reads its first rows, so
 * Spark computes no more than they need; the session goes when the preview ends.
 */
import type { Plan } from '@pipeline/planner';
import { engineError, executePhysicalPlan, isAssetStep, type EngineConfig, type RowsResult, type RunOptions } from '@pipeline/engine-core';
import { compileSparkPlan } from './physical-compiler';
import { sparkHead } from './spark-head';
import { sparkPrimitives } from './spark-primitives';
import { withSparkRun } from './spark-run';

/** The first `limit` rows of asset `target` of `plan` (which holds only it and its upstream assets, no output). */
export function sparkPreview(plan: Plan, target: string, limit: number, config: EngineConfig, options: RunOptions): Promise<RowsResult> {
  // Every view is retained: the target must outlive the plan's run to be read.
  const compiled = compileSparkPlan(plan, { retain: true });
  return withSparkRun(config, options, async (context) => {
    const { relations } = await executePhysicalPlan(compiled, sparkPrimitives(context), options);
    const relation = relations.get(target);
    if (relation === undefined) throw engineError('E_BAD_SOURCE', { asset: target, problem: `asset "${target}" was not computed` });
    const step = compiled.steps.filter(isAssetStep).find((s) => s.asset === target);
    const blame = step?.blame;
    return sparkHead(context.session, relation.name, relation.columns, limit, { ...(options.signal === undefined ? {} : { signal: options.signal }), ...(blame === undefined ? {} : { blame }) });
  });
}
