/**
 * `POST /api/validate` and `POST /api/explain`: validation and plan text, no job. Validate also
 * checks the columns the inputs' CSV headers in the data root tell (the job service's look). With
 * `?physical=true`, explain adds the physical plan of the body's backend: the steps it would run
 * (DuckDB's with their SQL), compiled without reading any file. With `?lineage=true`, it adds the
 * lineage and catalog document (spec 18.7 - 18.10): propagated tags, URNs, upstream and
 * downstream of every asset, its metadata, and the exposures.
 */
import { checkBackendSupport, compilePhysicalPlan, parseBackendName, renderPhysicalPlan } from '@pipeline/engine';
import { explainPlan, lineageDocument, planPipeline } from '@pipeline/planner';
import type { JobService } from '@pipeline/jobs';
import { diagnosticOf } from '@pipeline/validation';
import { Router } from 'express';
import { httpError, invalidRequest } from '../errors';
import { readPipelineRequest } from '../request';

/** Validate answers 200 even for an invalid pipeline; explain answers such a pipeline with 400. */
export function pipelineRoutes(jobs: Pick<JobService, 'validate'>, router: Router = Router()): Router {

  router.post('/validate', async (req, res) => {
    const { yaml, variables, backend } = readPipelineRequest(req.body);
    const result = await jobs.validate({ yaml, ...(variables === undefined ? {} : { variables }), ...(backend === undefined ? {} : { backend }) });
    if (result.ok) {
      res.json({ valid: true });
      return;
    }
    const { specCode } = result.error.details;
    const errors = result.errors.map(diagnosticOf).map(({ specCode: code, ...d }) => ({ ...d, ...(code === undefined ? {} : { spec_code: code }) }));
    res.json({ valid: false, error: result.error.message, ...(specCode === undefined ? {} : { spec_code: specCode }), errors });
  });

  router.post('/explain', (req, res) => {
    const { yaml, variables, backend } = readPipelineRequest(req.body);
    const physical = queryFlag('physical', req.query.physical);
    const withLineage = queryFlag('lineage', req.query.lineage);
    const result = planPipeline(yaml, variables);
    if (!result.ok) {
      throw httpError(result.error.kind === 'parse' ? 'HTTP_PIPELINE_PARSE' : 'HTTP_PIPELINE_INVALID', result.error.message);
    }
    const plan = explainPlan(result.plan);
    const lineage = withLineage ? { lineage: lineageDocument(result.pipeline, result.plan) } : {};
    if (!physical) {
      res.json({ plan, ...lineage });
      return;
    }
    const name = parseBackendName(backend);
    const unsupported = checkBackendSupport(result.pipeline.assets, name);
    if (unsupported !== undefined) throw httpError('HTTP_PIPELINE_INVALID', unsupported.message);
    const compiled = compilePhysicalPlan(result.plan, name);
    res.json({ plan, ...lineage, physical: { backend: compiled.backend, layout: compiled.layout, text: renderPhysicalPlan(compiled).trimEnd() } });
  });

  return router;
}

/** A boolean query parameter (`physical`, `lineage`): absent, `true` or `false`. */
function queryFlag(name: string, value: unknown): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw invalidRequest(`query parameter "${name}" must be true or false (got ${JSON.stringify(value)})`);
}
