/**
 * YAML -> plan in one call, for the servers: validation first (fail fast), then the plan.
 */
import { type ValidationError, validatePipeline } from '@pipeline/validation';
import type { PipelineDefinition } from '@pipeline/definition';
import { createPlan } from './create-plan';
import { explainPlan } from './explain-plan';
import type { Plan } from './plan';

/** A planned pipeline, or the validation (or parse) errors that stopped it (`error` the first of `errors`). */
export type PlanPipelineResult =
  | { readonly ok: true; readonly pipeline: PipelineDefinition; readonly plan: Plan }
  | { readonly ok: false; readonly error: ValidationError; readonly errors: readonly ValidationError[] };

/** Validates `yaml` with `variables` and plans it. Never throws for bad input. */
export function planPipeline(yaml: string, variables?: Readonly<Record<string, string>>): PlanPipelineResult {
  const validated = validatePipeline(yaml, variables);
  if (!validated.ok) return validated;
  return { ok: true, pipeline: validated.pipeline, plan: createPlan(validated.pipeline) };
}

/** The explain text of `yaml`, or the validation (or parse) error that stopped it. */
export type ExplainPipelineResult =
  | { readonly ok: true; readonly text: string; readonly plan: Plan }
  | { readonly ok: false; readonly error: ValidationError };

/** Validates, plans and explains `yaml` in one call. Never throws for bad input. */
export function explainPipeline(yaml: string, variables?: Readonly<Record<string, string>>): ExplainPipelineResult {
  const planned = planPipeline(yaml, variables);
  if (!planned.ok) return planned;
  return { ok: true, text: explainPlan(planned.plan), plan: planned.plan };
}
