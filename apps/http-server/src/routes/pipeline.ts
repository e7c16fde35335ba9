/** `POST /api/validate` and `POST /api/explain`: validation and plan text, no job. */
import { explainPipeline } from '@pipeline/planner';
import { validatePipeline } from '@pipeline/validation';
import { Router } from 'express';
import { httpError } from '../errors';
import { readPipelineRequest } from '../request';

/** Validate answers 200 even for an invalid pipeline; explain answers such a pipeline with 400. */
export function pipelineRoutes(): Router {
  const router = Router();

  router.post('/validate', (req, res) => {
    const { yaml, variables } = readPipelineRequest(req.body);
    const result = validatePipeline(yaml, variables);
    res.json(result.ok ? { valid: true } : { valid: false, error: result.error.message });
  });

  router.post('/explain', (req, res) => {
    const { yaml, variables } = readPipelineRequest(req.body);
    const result = explainPipeline(yaml, variables);
    if (!result.ok) {
      throw httpError(result.error.kind === 'parse' ? 'HTTP_PIPELINE_PARSE' : 'HTTP_PIPELINE_INVALID', result.error.message);
    }
    res.json({ plan: result.text });
  });

  return router;
}
