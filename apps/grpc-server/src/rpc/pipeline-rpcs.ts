/**
 * Health, ValidatePipeline and ExplainPipeline: the same library calls as the HTTP routes.
 * Validation problems are answers of ValidatePipeline, and INVALID_ARGUMENT for ExplainPipeline;
 * an unknown backend or a backend option is INVALID_ARGUMENT for both (as for SubmitJob).
 */
import { explainPipeline } from '@pipeline/planner';
import { validatePipeline } from '@pipeline/validation';
import { appError } from '../errors';
import type { PipelineServiceImplementation } from '../generated/pipeline/v1/pipeline';
import { checkPipelineRequest } from './pipeline-request';

type PipelineRpcs = Pick<PipelineServiceImplementation, 'health' | 'validatePipeline' | 'explainPipeline'>;

/** The pipeline RPCs; `version` is what Health reports. */
export function pipelineRpcs(version: string): PipelineRpcs {
  return {
    async health() {
      return { status: 'ok', version };
    },
    async validatePipeline(request) {
      checkPipelineRequest(request);
      const result = validatePipeline(request.yaml, request.variables);
      return result.ok ? { valid: true, error: '' } : { valid: false, error: result.error.message };
    },
    async explainPipeline(request) {
      checkPipelineRequest(request);
      const result = explainPipeline(request.yaml, request.variables);
      if (!result.ok) {
        throw appError(result.error.kind === 'parse' ? 'GRPC_PIPELINE_PARSE' : 'GRPC_PIPELINE_INVALID', result.error.message);
      }
      return { plan: result.text };
    },
  };
}
