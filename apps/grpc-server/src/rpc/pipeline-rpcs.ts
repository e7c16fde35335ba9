/**
 * Health, ValidatePipeline and ExplainPipeline: the same library calls as the HTTP routes.
 * Validation problems are answers of ValidatePipeline, and INVALID_ARGUMENT for ExplainPipeline;
 * an unknown backend or a backend option is INVALID_ARGUMENT for both (as for SubmitJob). With
 * `physical`, ExplainPipeline adds the physical plan of the request's backend; with `lineage`, the
 * lineage document as JSON (spec 18.7 - 18.10).
 */
import { checkBackendSupport, compilePhysicalPlan, parseBackendName, renderPhysicalPlan } from '@pipeline/engine';
import { explainPlan, lineageDocument, planPipeline } from '@pipeline/planner';
import type { JobService } from '@pipeline/jobs';
import { diagnosticOf } from '@pipeline/validation';
import { appError } from '../errors';
import type { PipelineServiceImplementation } from '../generated/pipeline/v1/pipeline';
import { checkPipelineRequest } from './pipeline-request';

type PipelineRpcs = Pick<PipelineServiceImplementation, 'health' | 'validatePipeline' | 'explainPipeline'>;

/** The pipeline RPCs; `version` is what Health reports; `jobs` validates as a submit would (its data root). */
export function pipelineRpcs(version: string, jobs: Pick<JobService, 'validate'>): PipelineRpcs {
  return {
    async health() {
      return { status: 'ok', version };
    },
    async validatePipeline(request) {
      checkPipelineRequest(request);
      const result = await jobs.validate({ yaml: request.yaml, variables: request.variables, backend: request.backend });
      return result.ok
        ? { valid: true, error: '', errors: [], specCode: '' }
        : { valid: false, error: result.error.message, errors: result.errors.map(diagnosticOf), specCode: result.error.details.specCode ?? '' };
    },
    async explainPipeline(request) {
      checkPipelineRequest(request, true);
      const result = planPipeline(request.yaml, request.variables);
      if (!result.ok) {
        throw appError(result.error.kind === 'parse' ? 'GRPC_PIPELINE_PARSE' : 'GRPC_PIPELINE_INVALID', result.error.message);
      }
      const plan = explainPlan(result.plan);
      const lineage = request.lineage ? { lineageJson: JSON.stringify(lineageDocument(result.pipeline, result.plan)) } : {};
      if (!request.physical) return { plan, ...lineage };
      // The physical plan of the request's backend, compiled without reading any file.
      const backend = parseBackendName(request.backend);
      const unsupported = checkBackendSupport(result.pipeline.assets, backend);
      if (unsupported !== undefined) throw appError('GRPC_PIPELINE_INVALID', unsupported.message);
      const compiled = compilePhysicalPlan(result.plan, backend);
      return { plan, ...lineage, physical: { backend: compiled.backend, layout: compiled.layout, text: renderPhysicalPlan(compiled).trimEnd() } };
    },
  };
}
