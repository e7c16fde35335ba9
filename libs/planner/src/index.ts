/**
 * @pipeline/planner: dependency graph, execution waves and explain text.
 *
 * `createPlan` orders a validated `PipelineDefinition` (topological, ties by document order) and
 * assigns waves (inputs 0; an asset is 1 + its latest upstream); `explainPlan` renders the
 * contract's plan text; `planPipeline` / `explainPipeline` do YAML -> plan / text in one call.
 *
 * @example
 * const result = explainPipeline(yaml, variables);
 * if (!result.ok) throw new Error(result.error.message); // 'parse error: ...' or 'V-0xx: ...'
 * console.log(result.text); // '=== Pipeline Execution Plan ===\n\n--- Inputs ---\n  [raw] ...'
 * renderPlanGraph(result.plan, 'mermaid'); // 'flowchart LR\n  n0["raw<br/>INPUT"]\n  ...'
 */
export type { Plan, PlanStep } from './plan';
export { createPlan } from './create-plan';
export { explainPlan } from './explain-plan';
export { PLAN_GRAPH_FORMATS, isPlanGraphFormat, renderPlanGraph } from './plan-graph';
export type { PlanGraphFormat } from './plan-graph';
export { explainPipeline, planPipeline } from './plan-pipeline';
export type { ExplainPipelineResult, PlanPipelineResult } from './plan-pipeline';
export { PLANNER_ERROR_CODES, isPlannerError, plannerCatalogue, plannerErrors } from './errors';
export type { PlannerError, PlannerErrorCode, PlannerErrorDetails } from './errors';
export { assetUrn, lineageDocument, propagateTags } from './lineage';
export type { LineageAsset, LineageDocument } from './lineage';
