/**
 * Reads the pipeline request body `{yaml, variables?, backend?}` shared by validate, explain and
 * job submission, rejecting anything else with a 400 `invalid request: <detail>`. The body's
 * JSON Schema (in the OpenAPI document) is generated from the same field rules and lists.
 */
import { BACKEND_NAMES, parseBackendName } from '@pipeline/engine';
import { fieldRuleSchema, firstFieldProblem, lengthProblem, type FieldRules, type JsonSchema } from '@pipeline/server-kit';
import express, { type RequestHandler } from 'express';
import { invalidRequest } from './errors';

/**
 * The parser of a pipeline request's body, up to `bodyLimit` bytes: read as JSON whatever its
 * Content-Type, so `curl -d` needs no header. The app and the job fast path both read with it.
 */
export function pipelineBodyParser(bodyLimit: number): RequestHandler {
  return express.json({ limit: bodyLimit, type: () => true });
}

/** A well-formed pipeline request. */
export interface PipelineRequest {
  readonly yaml: string;
  readonly variables: Readonly<Record<string, string>>;
  /** As sent; absent means the default backend. The engine checks the name. */
  readonly backend?: string;
}

/**
 * Length rules of the body's fields, checked before anything else reads them (the definition
 * library checks the YAML text's length first thing).
 */
export const PIPELINE_REQUEST_RULES = {
  yaml: 'document',
  variables: { keys: 'name', values: 'variableValue' },
  backend: 'name',
} as const satisfies FieldRules<PipelineRequest>;

/** The accepted fields, in the order error messages list them. */
const FIELDS = Object.keys(PIPELINE_REQUEST_RULES) as (keyof typeof PIPELINE_REQUEST_RULES)[];

/** The fields a body must carry. */
const REQUIRED_FIELDS: readonly (keyof typeof PIPELINE_REQUEST_RULES)[] = ['yaml'];

/** What each field means, for the OpenAPI document. */
const FIELD_DESCRIPTIONS = {
  yaml: 'The pipeline definition (Teckel v3.0 YAML text). Its length is checked by the definition library: an over-long one is an invalid definition.',
  variables: 'Values for `${NAME}` and `${NAME:default}` placeholders, name to string.',
  backend: 'The execution backend; absent or empty means duckdb.',
} as const satisfies Record<keyof typeof PIPELINE_REQUEST_RULES, string>;

/**
 * The JSON Schema of the body, generated from the rules above: what parsePipelineRequest accepts,
 * plus the backend names readPipelineRequest accepts (`request.spec.ts` checks they agree).
 */
export const PIPELINE_REQUEST_SCHEMA: JsonSchema = {
  type: 'object',
  required: REQUIRED_FIELDS,
  additionalProperties: false,
  properties: Object.fromEntries(
    FIELDS.map((field) => [
      field,
      {
        ...fieldRuleSchema(PIPELINE_REQUEST_RULES[field]),
        ...(field === 'backend' ? { enum: ['', ...BACKEND_NAMES] } : {}),
        description: FIELD_DESCRIPTIONS[field],
      },
    ]),
  ),
};

/** Checks the shape of a parsed JSON body; throws HttpError HTTP_INVALID_REQUEST naming the field at fault. */
export function parsePipelineRequest(body: unknown): PipelineRequest {
  if (!isPlainObject(body)) {
    throw invalidRequest(`the body must be a JSON object with a string "yaml" (got ${describe(body)})`);
  }
  // A misspelt field would otherwise be ignored silently (a "varaibles" map never applied).
  for (const key of Object.keys(body)) {
    if (!(FIELDS as string[]).includes(key)) throw invalidRequest(`unknown field "${key}" (expected ${FIELDS.join(', ')})`);
  }
  const tooLong = firstFieldProblem(PIPELINE_REQUEST_RULES, body);
  if (tooLong !== undefined) throw invalidRequest(tooLong);
  for (const field of REQUIRED_FIELDS) {
    if (body[field] === undefined) throw invalidRequest(`"${field}" is required`);
  }
  const { yaml, variables, backend } = body;
  if (typeof yaml !== 'string') throw invalidRequest(`"yaml" must be a string (got ${describe(yaml)})`);
  if (backend !== undefined && typeof backend !== 'string') {
    throw invalidRequest(`"backend" must be a string (got ${describe(backend)})`);
  }
  return { yaml, variables: readVariables(variables), ...(backend === undefined ? {} : { backend }) };
}

function readVariables(variables: unknown): Record<string, string> {
  if (variables === undefined) return {};
  if (!isPlainObject(variables)) {
    throw invalidRequest(`"variables" must be an object mapping names to strings (got ${describe(variables)})`);
  }
  const result: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(variables)) {
    if (typeof value !== 'string') {
      throw invalidRequest(`"variables.${name}" must be a string (got ${describe(value)})`);
    }
    result[name] = value;
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** parsePipelineRequest, then the backend name checked by the engine (E_UNKNOWN_BACKEND, a 400). */
export function readPipelineRequest(body: unknown): PipelineRequest {
  const request = parsePipelineRequest(body);
  parseBackendName(request.backend);
  return request;
}

/** Throws a 400 when a job id in the URL is longer than any id the server hands out. */
export function checkJobId(id: string): string {
  const problem = lengthProblem('"id"', id, 'id');
  if (problem !== undefined) throw invalidRequest(problem);
  return id;
}
