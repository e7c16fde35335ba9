/**
 * A pipeline file checked as the servers check a submission: validation, the plan, and (for a
 * chosen backend) whether the backend runs every kind (V-014).
 */
import { checkBackendSupport, checkPipelineColumns, parseBackendName } from '@pipeline/engine';
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

/**
 * checkPipeline as `validate` runs it here: also the columns the inputs' CSV headers in
 * `dataRoot` tell (V-009 where a column is not there), as a server checks a submission.
 */
export async function checkPipelineWithData(yaml: string, variables: Readonly<Record<string, string>>, backend: string | undefined, dataRoot: string): Promise<CheckResult> {
  const checked = checkPipeline(yaml, variables, backend);
  if (!checked.ok) return checked;
  const errors = await checkPipelineColumns(yaml, checked.pipeline, { dataRoot, backend: parseBackendName(backend) });
  return errors.length === 0 ? checked : { ok: false, error: errors[0] as ValidationError, errors };
}
