/**
 * A pipeline file checked as the servers check a submission: validation, the plan, and (for a
 * chosen backend) whether the backend runs every kind (V-014).
 */
import { checkBackendSupport, parseBackendName } from '@pipeline/engine';
import type { PipelineDefinition } from '@pipeline/definition';
import { planPipeline, type Plan } from '@pipeline/planner';
import type { ValidationError } from '@pipeline/validation';

/** The plan of a valid pipeline, or its errors in document order (`error` the first). */
export type CheckResult =
  | { readonly ok: true; readonly plan: Plan; readonly pipeline: PipelineDefinition }
  | { readonly ok: false; readonly error: ValidationError; readonly errors: readonly ValidationError[] };

/** Validates and plans `yaml`; with `backend`, also checks that the backend runs every kind. */
export function checkPipeline(yaml: string, variables: Readonly<Record<string, string>>, backend?: string): CheckResult {
  const planned = planPipeline(yaml, variables);
  if (!planned.ok) return planned;
  if (backend !== undefined) {
    const unsupported = checkBackendSupport(planned.pipeline.assets, parseBackendName(backend));
    if (unsupported !== undefined) return { ok: false, error: unsupported, errors: [unsupported] };
  }
  return { ok: true, plan: planned.plan, pipeline: planned.pipeline };
}
