/**
 * What a submitted request becomes before anything runs: its known fields checked, its pipeline
 * validated and planned, its backend checked to run every kind. Pure; the service, the dispatcher
 * (a job another replica submitted) and the looks share it.
 */
import { checkBackendSupport, checkPipelineColumns, parseBackendName, sparkNotConfigured, type BackendName } from '@pipeline/engine';
import type { PipelineDefinition } from '@pipeline/definition';
import { planPipeline, type Plan } from '@pipeline/planner';
import type { ValidationError } from '@pipeline/validation';
import { jobsErrors, type JobsError } from '../errors';
import type { JobRequest } from '../job';

/** The `pipeline` field of log lines about a job of `plan` (none when the document has no name). */
export function nameOf(plan: Plan): { pipeline?: string } {
  return plan.name === undefined ? {} : { pipeline: plan.name };
}

/**
 * Validates, plans and checks the backend of a request; throws the JobsError a submit answers.
 * `sparkConfigured`: whether this server has a Spark Connect remote (else `spark` is V-014).
 */
export function planRequest(request: JobRequest, sparkConfigured = false): { plan: Plan; backend: BackendName; pipeline: PipelineDefinition } {
  let backend: BackendName;
  try {
    backend = parseBackendName(request.backend);
  } catch (error) {
    throw jobsErrors.unknownBackend(String(request.backend), (error as Error).message);
  }
  const planned = planPipeline(request.yaml, request.variables ?? {});
  if (!planned.ok) throw invalidPipeline(planned.error);
  const refused = checkBackendSupport(planned.pipeline.assets, backend) ?? (backend === 'spark' && !sparkConfigured ? sparkNotConfigured() : undefined);
  if (refused !== undefined) throw invalidPipeline(refused);
  return { plan: planned.plan, backend, pipeline: planned.pipeline };
}

/**
 * Throws JOB_INVALID_PIPELINE (V-009) for the first column the pipeline reads that its inputs do
 * not have, where a look at the inputs' files in `dataRoot` tells (see the engine's
 * checkPipelineColumns); a submit calls it after planRequest, before a job is made.
 */
export async function checkRequestColumns(request: JobRequest, pipeline: PipelineDefinition, backend: BackendName, dataRoot: string): Promise<void> {
  const [first] = await checkPipelineColumns(request.yaml, pipeline, { dataRoot, backend });
  if (first !== undefined) throw invalidPipeline(first);
}

/** Keeps only the request's known fields, checked, so a stored record holds nothing unexpected. */
export function normaliseRequest(request: JobRequest): JobRequest {
  const invalid = (what: string): JobsError => jobsErrors.invalidRequest(what);
  if (request === null || typeof request !== 'object') throw invalid('the request must be an object');
  if (typeof request.yaml !== 'string') throw invalid('yaml must be a string');
  const out: { yaml: string; variables?: Record<string, string>; backend?: string } = { yaml: request.yaml };
  if (request.variables !== undefined && request.variables !== null) {
    if (typeof request.variables !== 'object' || Array.isArray(request.variables)) {
      throw invalid('variables must map strings to strings');
    }
    // A null-prototype map keeps a variable named `__proto__` as data instead of dropping it.
    const variables: Record<string, string> = Object.create(null);
    for (const [key, value] of Object.entries(request.variables)) {
      if (typeof value !== 'string') throw invalid(`variable "${key}" must be a string`);
      variables[key] = value;
    }
    out.variables = variables;
  }
  if (request.backend !== undefined && request.backend !== null) {
    if (typeof request.backend !== 'string') throw invalid('backend must be a string');
    out.backend = request.backend;
  }
  return out;
}

/** JOB_INVALID_PIPELINE carrying a validation error's message and details. */
function invalidPipeline(error: ValidationError): JobsError {
  return jobsErrors.invalidPipeline(error.message, { ...error.details, kind: error.kind, validationCode: error.code });
}
