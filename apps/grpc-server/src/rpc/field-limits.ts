/**
 * The length rules of every PipelineService request and the wrapper that applies them before a
 * handler runs: an oversized field is INVALID_ARGUMENT `invalid request: "<field>" is N
 * characters long; the limit is L`, named as the proto spells it.
 */
import { firstFieldProblem, type FieldRules } from '@pipeline/server-kit';
import type { CallContext } from 'nice-grpc';
import { appError } from '../errors';
import type { PipelineServiceImplementation } from '../generated/pipeline/v1/pipeline';
import { isMalformedRequest, malformedRequestProblem } from './malformed-request';

type Rpc = keyof PipelineServiceImplementation;
type RequestOf<M extends Rpc> = Parameters<PipelineServiceImplementation[M]>[0];

const PIPELINE_REQUEST = {
  yaml: 'document',
  variables: { keys: 'name', values: 'variableValue' },
  backend: 'name',
  backendOptions: { keys: 'name', values: 'optionValue' },
} as const;

const FILE_OPTIONS = { keys: 'name', values: 'optionValue' } as const;

/** One rule per string and map field of each RPC's request: a new field without one does not compile. */
export const REQUEST_FIELD_RULES = {
  health: {},
  validatePipeline: PIPELINE_REQUEST,
  explainPipeline: PIPELINE_REQUEST,
  submitJob: PIPELINE_REQUEST,
  getJob: { jobId: 'id' },
  waitForJob: { jobId: 'id' },
  cancelJob: { jobId: 'id' },
  listJobs: {},
  inspectSource: { format: 'name', path: 'path', options: FILE_OPTIONS },
  createSession: { backend: 'name' },
  closeSession: { sessionId: 'id' },
  readInput: { sessionId: 'id', assetName: 'name', format: 'name', path: 'path', options: FILE_OPTIONS },
  applyTransform: {
    sessionId: 'id',
    assetName: 'name',
    sourceJson: 'text',
    inputHandles: { keys: 'name', values: 'id' },
  },
  writeOutput: { sessionId: 'id', handleId: 'id', format: 'name', path: 'path', mode: 'name', options: FILE_OPTIONS },
  executePipeline: { sessionId: 'id', yaml: 'document', variables: { keys: 'name', values: 'variableValue' } },
} as const satisfies { [M in Rpc]: FieldRules<RequestOf<M>> };

/** `backendOptions` -> `backend_options`: the name a client sees in the proto. */
export function protoFieldName(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * Throws GRPC_INVALID_REQUEST for a request whose bytes did not decode, or for the first field
 * of `request` over its limit.
 */
export function checkRequestFields<M extends Rpc>(rpc: M, request: RequestOf<M>): void {
  if (isMalformedRequest(request)) throw appError('GRPC_INVALID_REQUEST', malformedRequestProblem(request));
  const rules = REQUEST_FIELD_RULES[rpc] as FieldRules<RequestOf<M>>;
  const problem = firstFieldProblem(rules, request, protoFieldName);
  if (problem !== undefined) throw appError('GRPC_INVALID_REQUEST', problem);
}

/** `service` with every RPC checking its request (decoded, field lengths) before it runs. */
export function withFieldLimits(service: PipelineServiceImplementation): PipelineServiceImplementation {
  const checked: Partial<Record<Rpc, unknown>> = {};
  for (const rpc of Object.keys(REQUEST_FIELD_RULES) as Rpc[]) {
    const handler = service[rpc] as (request: object, context: CallContext) => Promise<unknown>;
    checked[rpc] = async (request: object, context: CallContext) => {
      checkRequestFields(rpc, request as RequestOf<typeof rpc>);
      return handler.call(service, request, context);
    };
  }
  return checked as PipelineServiceImplementation;
}
