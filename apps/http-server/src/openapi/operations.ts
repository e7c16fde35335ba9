/**
 * Every `/api` operation: its path template, method, request and the answers it can give, by
 * status. The OpenAPI document, the route labels of the latency metric and the tests' response
 * checks all read this one table.
 */
import { JOB_LINEAGE_EXAMPLE, PIPELINE_REQUEST_EXAMPLE, PREVIEW_REQUEST_EXAMPLE, VALIDATE_ERRORS_EXAMPLE } from './examples';
import {
  JOB_ID_PARAMETER,
  LINEAGE_PARAMETER,
  LIST_SINCE_PARAMETER,
  LIST_TIMEOUT_PARAMETER,
  OUTPUT_ASSET_PARAMETER,
  PHYSICAL_PARAMETER,
  ROWS_LIMIT_PARAMETER,
  WAIT_TIMEOUT_PARAMETER,
  type SchemaName,
} from './schemas';

/** An HTTP method of the API. */
export type ApiMethod = 'get' | 'post' | 'delete';

/** One answer of an operation: what it means and the schema of its JSON body. */
export interface ApiResponse {
  readonly description: string;
  readonly schema: SchemaName;
  /** An example body. */
  readonly example?: unknown;
}

/** One operation of the API. */
export interface ApiOperation {
  /** The path template, OpenAPI style (`/api/jobs/{id}`). */
  readonly path: string;
  readonly method: ApiMethod;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tag: 'service' | 'pipelines' | 'jobs';
  readonly parameters?: readonly object[];
  /** The JSON body schema, when the operation reads a body. */
  readonly requestBody?: SchemaName;
  /** An example request body. */
  readonly requestExample?: unknown;
  /** Answers by status code (the 401 of a server with access tokens is added by the document). */
  readonly responses: Readonly<Record<number, ApiResponse>>;
  /** Answered without an access token even when the server has one (liveness only). */
  readonly open?: true;
}

const error = (description: string): ApiResponse => ({ description, schema: 'Error' });

/** Answers every body-reading operation can give before its own work starts. */
const BODY_ERRORS = {
  400: error('The body is not JSON, not an object with a string `yaml`, has an unknown field, a field over its limit, or names an unknown backend: `invalid request: <detail>`.'),
  413: error('The body is larger than the configured limit.'),
  415: error('The body uses a charset or Content-Encoding the server does not read: `invalid request: <detail>`.'),
} as const;

const INTERNAL = { 500: error('An unexpected failure (logged): `internal error`.') } as const;
const UNKNOWN_JOB = { 404: error('No job has this id: `job not found`.') } as const;
/** What a rows answer looks like. */
const ROWS_EXAMPLE = {
  columns: [
    { name: 'id', type: 'long' },
    { name: 'name', type: 'string' },
    { name: 'hired', type: 'date' },
    { name: 'tags', type: 'array<string>' },
  ],
  rows: [
    [1, 'Alice', '2019-03-01', ['eng']],
    [2, 'Bob', '2020-07-15', []],
  ],
  truncated: true,
};

const BAD_ID = { 400: error('The id is longer than any id the server hands out, or not valid percent-encoding: `invalid request: <detail>`.') } as const;
/** Every operation that reads or writes the job store (PostgreSQL may be down or restarting). */
const STORE_DOWN = { 503: error('The job store does not answer (the database is down or restarting): `job store unavailable: <detail>`.') } as const;

/** The API, in the order the document lists it. */
export const API_OPERATIONS: readonly ApiOperation[] = [
  {
    path: '/api/health',
    method: 'get',
    operationId: 'health',
    summary: 'Health and version',
    tag: 'service',
    open: true,
    responses: { 200: { description: 'The server is serving requests.', schema: 'Health' }, ...INTERNAL },
  },
  {
    path: '/api/ready',
    method: 'get',
    operationId: 'ready',
    summary: 'Readiness: whether the service can take jobs now',
    description:
      'For orchestrators (a readiness probe): 503 while the server starts or stops, or while the job store does not answer within 2 s. `/api/health` is the liveness answer.',
    tag: 'service',
    responses: {
      200: { description: 'The service takes jobs.', schema: 'Ready' },
      503: { description: 'The service cannot take jobs now; `reason` says why.', schema: 'NotReady' },
      ...INTERNAL,
    },
  },
  {
    path: '/api/validate',
    method: 'post',
    operationId: 'validatePipeline',
    summary: 'Validate a pipeline without running it',
    description: 'An invalid or unparsable definition is still a 200: `{valid: false, error, errors}`, `error` the first of `errors` (every problem in document order, each with its line and column), with `spec_code` where the specification names the error. Once the document is valid, the columns its expressions read are checked against the inputs\' CSV headers in the data root, for the body\'s backend (V-009 `E-COL-001`, as a submit checks them).',
    tag: 'pipelines',
    requestBody: 'PipelineRequest',
    requestExample: PIPELINE_REQUEST_EXAMPLE,
    responses: { 200: { description: 'The validation result.', schema: 'ValidateResult', example: VALIDATE_ERRORS_EXAMPLE }, ...BODY_ERRORS, ...INTERNAL },
  },
  {
    path: '/api/explain',
    method: 'post',
    operationId: 'explainPipeline',
    summary: 'The execution plan of a pipeline',
    description:
      'With `?physical=true`, also the physical plan the body\'s backend would run (V-014 when it does not run a kind or function). With `?lineage=true`, also the lineage and catalog document (spec 18). The body is one document: merging several (spec 21) is the CLI\'s.',
    tag: 'pipelines',
    parameters: [PHYSICAL_PARAMETER, LINEAGE_PARAMETER],
    requestBody: 'PipelineRequest',
    requestExample: PIPELINE_REQUEST_EXAMPLE,
    responses: {
      200: { description: 'The plan text.', schema: 'Plan' },
      ...BODY_ERRORS,
      400: error('A malformed request (`invalid request: ...`), a definition that does not parse (`parse error: ...`) or one that breaks a rule (`validation failed: V-0xx: ...`).'),
      ...INTERNAL,
    },
  },
  {
    path: '/api/jobs',
    method: 'post',
    operationId: 'submitJob',
    summary: 'Validate a pipeline and queue it as a job',
    description: 'Validation happens first (fail fast); only a valid pipeline is queued. Answers at once with the job id.',
    tag: 'jobs',
    requestBody: 'PipelineRequest',
    requestExample: PIPELINE_REQUEST_EXAMPLE,
    responses: {
      202: { description: 'The job is queued.', schema: 'JobSubmitted' },
      ...BODY_ERRORS,
      400: error('A malformed request (`invalid request: ...`) or an invalid definition (`validation failed: <message>`).'),
      429: error('The job queue is full: `job queue is full`.'),
      503: error('The server is shutting down and takes no new jobs (`job service is shutting down and accepts no new jobs`), or the job store does not answer (`job store unavailable: <detail>`).'),
      ...INTERNAL,
    },
  },
  {
    path: '/api/jobs',
    method: 'get',
    operationId: 'listJobs',
    summary: 'Every job held, oldest first; with `since`, once the list changes',
    description:
      'Without `since`, answers at once. With `since` (the `version` of an earlier answer), a held wait: answered as soon as a job is submitted, starts or ends, here or on another replica sharing the PostgreSQL store (announced by the database, never polled), or when `timeout` passes. Held waits are bounded (429 beyond) and end at once when the server shuts down.',
    tag: 'jobs',
    parameters: [LIST_SINCE_PARAMETER, LIST_TIMEOUT_PARAMETER],
    responses: {
      200: { description: 'The jobs and the version of the list.', schema: 'JobList' },
      400: error('A bad `since` or `timeout`: `invalid request: timeout must be a non-negative integer`.'),
      429: error('As many held waits on the list are open as the server allows: `too many held waits on the job list (at most 256); try again later`.'),
      ...STORE_DOWN,
      ...INTERNAL,
    },
  },
  {
    path: '/api/jobs/{id}',
    method: 'get',
    operationId: 'getJob',
    summary: 'One job',
    tag: 'jobs',
    parameters: [JOB_ID_PARAMETER],
    responses: { 200: { description: 'The job as it is now.', schema: 'Job' }, ...BAD_ID, ...UNKNOWN_JOB, ...STORE_DOWN, ...INTERNAL },
  },
  {
    path: '/api/jobs/{id}/progress',
    method: 'get',
    operationId: 'getJobProgress',
    summary: 'How far a running job has got',
    tag: 'jobs',
    parameters: [JOB_ID_PARAMETER],
    responses: { 200: { description: 'The status, with assets done, assets total and rows staged while the job runs.', schema: 'JobProgress' }, ...BAD_ID, ...UNKNOWN_JOB, ...STORE_DOWN, ...INTERNAL },
  },
  {
    path: '/api/jobs/{id}/lineage',
    method: 'get',
    operationId: 'getJobLineage',
    summary: 'The job\'s OpenLineage run events',
    description:
      'OpenLineage RunEvents (spec 18.9): START when the job ran, COMPLETE, FAIL or ABORT when it ended; the pipeline is the job, the input and output files the datasets, with the `schema` and `columnLineage` facets of a completed job. Post them to any OpenLineage backend (Marquez, DataHub, ...) as they are.',
    tag: 'jobs',
    parameters: [JOB_ID_PARAMETER],
    responses: { 200: { description: 'The events, oldest first.', schema: 'JobLineage', example: JOB_LINEAGE_EXAMPLE }, ...BAD_ID, ...UNKNOWN_JOB, ...STORE_DOWN, ...INTERNAL },
  },
  {
    path: '/api/jobs/{id}/wait',
    method: 'get',
    operationId: 'waitForJob',
    summary: 'Wait for a job to reach a final status',
    description: 'Answers once the job is completed, failed or cancelled, or when the timeout expires (then with the job as it is: not an error). Never polls.',
    tag: 'jobs',
    parameters: [JOB_ID_PARAMETER, WAIT_TIMEOUT_PARAMETER],
    responses: {
      200: { description: 'The job, final or as it was when the wait ended.', schema: 'Job' },
      400: error('A bad id or timeout: `invalid request: timeout must be a non-negative integer`.'),
      ...UNKNOWN_JOB,
      ...STORE_DOWN,
      ...INTERNAL,
    },
  },
  {
    path: '/api/jobs/{id}',
    method: 'delete',
    operationId: 'cancelJob',
    summary: 'Cancel a job',
    description: 'A queued job is cancelled at once; a running one cooperatively (it ends `cancelled`).',
    tag: 'jobs',
    parameters: [JOB_ID_PARAMETER],
    responses: {
      200: { description: 'Cancellation is under way (or done, for a queued job).', schema: 'Cancelling' },
      ...BAD_ID,
      ...UNKNOWN_JOB,
      409: error('The job has already ended: `job is already <status>`.'),
      ...STORE_DOWN,
      ...INTERNAL,
    },
  },
  {
    path: '/api/jobs/{id}/outputs/{asset}/rows',
    method: 'get',
    operationId: 'getJobOutputRows',
    summary: 'The first rows of an output of a completed job',
    description:
      'Read back on a worker from the file the job recorded (inside the data root; the path never comes from the request), with the format and options the pipeline wrote it with (a CSV\'s types inferred); a Spark job\'s output, a directory of part files, is read part by part in write order, without Spark.',
    tag: 'jobs',
    parameters: [JOB_ID_PARAMETER, OUTPUT_ASSET_PARAMETER, ROWS_LIMIT_PARAMETER],
    responses: {
      200: { description: 'The first rows.', schema: 'Rows', example: ROWS_EXAMPLE },
      400: error('A bad id or limit: `invalid request: limit must be at most 10000 (got 20000)`.'),
      404: error('No job has this id (`job not found`), or the job has no output of this name (`job <id> has no output "x" (its outputs: out)`).'),
      409: error('The job has not completed: `job <id> is running: its outputs can be read once it has completed`.'),
      410: error('The file is no longer in the data root: `output "out" of job <id> is no longer in the data root (out/x.csv)`.'),
      422: error('Reading the file failed: `failed: <engine message>`.'),
      429: error('Every worker is busy and the line of waiting reads is full: `job queue is full`.'),
      503: error('The server is shutting down (`job service is shutting down and accepts no new jobs`), or the job store does not answer (`job store unavailable: <detail>`).'),
      504: error('Reading did not finish within 30 s and was cancelled.'),
      ...INTERNAL,
    },
  },
  {
    path: '/api/preview',
    method: 'post',
    operationId: 'previewAsset',
    summary: 'Compute one asset and show its first rows, writing nothing',
    description:
      'Like `dbt show`: validated first as a submit, then the asset and its upstream assets only are computed on a worker (a worker slot; 429 when every worker is busy and the line is full); no output is written and no job is kept. With `backend: spark` it runs on Spark, in a session of its own released afterwards. Cancelled when the client goes away or `timeout` passes.',
    tag: 'pipelines',
    requestBody: 'PreviewRequest',
    requestExample: PREVIEW_REQUEST_EXAMPLE,
    responses: {
      200: { description: 'The first rows of the asset.', schema: 'Rows', example: ROWS_EXAMPLE },
      ...BODY_ERRORS,
      400: error('A malformed request (`invalid request: ...`, an unknown asset: `invalid request: the pipeline has no asset "x" (its assets: ...)`) or an invalid definition (`validation failed: <message>`).'),
      422: error('Computing the asset failed on its data: `failed: <engine message>`.'),
      429: error('Every worker is busy and the line of waiting previews is full: `job queue is full`.'),
      503: {
        ...error('The server is shutting down (`job service is shutting down and accepts no new jobs`), or the backend\'s server is down: with `backend: spark`, a Spark that cannot be reached answers `spark unavailable: <reason> (<address>)`, as `/api/ready` reports it.'),
        example: { error: 'spark unavailable: connect ECONNREFUSED 127.0.0.1:15002 (127.0.0.1:15002)' },
      },
      504: error('The preview did not finish within its timeout and was cancelled: `preview did not finish within 30000 ms and was cancelled`.'),
      ...INTERNAL,
    },
  },
];

/** An operation found for a request, with its path template. */
export interface MatchedOperation {
  readonly template: string;
  /** Undefined when the path is an API path but the method is not one of its operations. */
  readonly operation?: ApiOperation;
}

const TEMPLATES = [...new Set(API_OPERATIONS.map((op) => op.path))].map((template) => ({
  template,
  // Express routes ignore case and one trailing slash; a parameter is one non-empty segment.
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i'),
}));

/** The API path template `path` (without query) matches, and the operation for `method`; undefined off the API. */
export function matchOperation(method: string, path: string): MatchedOperation | undefined {
  const found = TEMPLATES.find(({ pattern }) => pattern.test(path));
  if (found === undefined) return undefined;
  const lower = method.toLowerCase();
  // Express answers HEAD with the GET route.
  const wanted = lower === 'head' ? 'get' : lower;
  const operation = API_OPERATIONS.find((op) => op.path === found.template && op.method === wanted);
  return { template: found.template, ...(operation === undefined ? {} : { operation }) };
}
