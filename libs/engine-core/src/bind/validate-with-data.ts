/**
 * Validation that also looks at the data root: after the rules of the document, the column
 * references of every asset whose upstream columns can be known before running (inputs' CSV
 * headers, see input-columns.ts) are bound, and unknown columns are V-009s naming the close
 * column, placed at the expression that reads them. The servers, the CLI and the job submit path
 * call this, so `AVG(salry)` is refused before a job is made of it.
 */
import type { PipelineDefinition } from '@pipeline/definition';
import { MAX_VALIDATION_ERRORS, placeErrors, type ValidationError, type ValidationResult, validatePipeline } from '@pipeline/validation';
import { checkColumns, columnErrors } from './check-columns';
import { knownInputColumns, type InputColumnsConfig } from './input-columns';

export type { InputColumnsConfig } from './input-columns';

/** The unknown columns of a valid pipeline as placed V-009s, in asset order (none when nothing can be known). */
export async function checkPipelineColumns(yaml: string, pipeline: PipelineDefinition, config: InputColumnsConfig): Promise<ValidationError[]> {
  const inputs = await knownInputColumns(pipeline, config);
  if (inputs.size === 0) return [];
  let problems: ReturnType<typeof checkColumns>;
  try {
    problems = checkColumns(pipeline, inputs);
  } catch {
    // A look ahead that fails is no new way to fail: the job binds the same and says why.
    return [];
  }
  if (problems.length === 0) return [];
  return placeErrors(yaml, columnErrors(pipeline, problems.slice(0, MAX_VALIDATION_ERRORS)));
}

/** validatePipeline, then checkPipelineColumns when the document passed. Never throws for bad input. */
export async function validatePipelineWithData(yaml: string, variables: Readonly<Record<string, string>> | undefined, config: InputColumnsConfig): Promise<ValidationResult> {
  const result = validatePipeline(yaml, variables);
  if (!result.ok) return result;
  const errors = await checkPipelineColumns(yaml, result.pipeline, config);
  return errors.length === 0 ? result : { ok: false, error: errors[0] as ValidationError, errors };
}
