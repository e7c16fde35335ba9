/**
 * The JSON Schemas of every `/api` answer, defined once: the OpenAPI document is generated from
 * them, and the black-box tests check each response they receive against that document. The
 * request body's schema comes from the request checks themselves (`PIPELINE_REQUEST_SCHEMA`).
 */
import { JOB_STATUSES } from '@pipeline/jobs';
import { FIELD_LIMITS, type JsonSchema } from '@pipeline/server-kit';
import { DEFAULT_ROWS_LIMIT, MAX_ROWS_LIMIT } from '@pipeline/engine';
import { DEFAULT_LOOK_TIMEOUT_MS, MAX_LOOK_TIMEOUT_MS } from '@pipeline/jobs';
import { MAX_VALIDATION_ERRORS } from '@pipeline/validation';
import { PIPELINE_REQUEST_SCHEMA } from '../request';
import { DEFAULT_LIST_WAIT_SECONDS, DEFAULT_WAIT_SECONDS, MAX_LIST_WAIT_SECONDS, MAX_WAIT_SECONDS } from '../wait-timeout';
import { JOB_ID_EXAMPLE, OUTPUT_ASSET_EXAMPLE } from './examples';

const timestamp = (what: string): JsonSchema => ({
  type: 'string',
  format: 'date-time',
  description: `${what}: UTC ISO 8601 with milliseconds.`,
});

/** Every named schema of the document (`#/components/schemas/<name>`). */
export const SCHEMAS = {
  PipelineRequest: PIPELINE_REQUEST_SCHEMA,
  Error: {
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: { error: { type: 'string', description: 'What went wrong, in one sentence (at most about 2,000 characters).' } },
  },
  Health: {
    type: 'object',
    required: ['status', 'version'],
    additionalProperties: false,
    properties: { status: { const: 'ok' }, version: { type: 'string', description: 'The server version.' } },
  },
  Ready: {
    type: 'object',
    required: ['status'],
    additionalProperties: false,
    properties: { status: { const: 'ready' } },
  },
  NotReady: {
    type: 'object',
    required: ['status', 'reason'],
    additionalProperties: false,
    properties: {
      status: { const: 'not ready' },
      reason: {
        type: 'string',
        description: '`starting`, `shutting down`, or why the job store does not answer (`job store unavailable: <detail>`).',
      },
    },
  },
  ValidateResult: {
    type: 'object',
    required: ['valid'],
    additionalProperties: false,
    properties: {
      valid: { type: 'boolean' },
      error: { type: 'string', description: 'Present when valid is false: `V-0xx: <detail>` or `parse error: <detail>`; the first of `errors`.' },
      spec_code: {
        type: 'string',
        pattern: '^E-[A-Z]+-[0-9]{3}$',
        description: "With `error`, when the Teckel specification names the failure: its code (section 25), such as `E-REF-001` for V-001's unknown reference.",
      },
      errors: {
        type: 'array',
        description: `Present when valid is false: every problem found, in document order (one per broken asset, at most ${MAX_VALIDATION_ERRORS}).`,
        maxItems: MAX_VALIDATION_ERRORS,
        items: {
          type: 'object',
          required: ['code', 'message'],
          additionalProperties: false,
          properties: {
            code: { type: 'string', description: '`PARSE` or `V-001` .. `V-014`.' },
            message: { type: 'string', description: 'The full message, with `(did you mean "x"?)` when a close name exists.' },
            asset: { type: 'string', description: 'The asset at fault, when it has a usable name.' },
            field: { type: 'string', description: 'The field at fault (`where.filter`, `agg[1]`, `asset_ref`).' },
            line: { type: 'integer', minimum: 1, description: 'Line of the offending value in the YAML text.' },
            column: { type: 'integer', minimum: 1, description: 'Column of the offending value.' },
            spec_code: { type: 'string', pattern: '^E-[A-Z]+-[0-9]{3}$', description: 'The Teckel specification\'s code for this problem, where it names one.' },
          },
        },
      },
    },
  },
  Plan: {
    type: 'object',
    required: ['plan'],
    additionalProperties: false,
    properties: {
      plan: { type: 'string', description: 'The execution plan text (multi-line, no trailing newline).' },
      lineage: { $ref: '#/components/schemas/Lineage' },
      physical: {
        type: 'object',
        description: 'With `?physical=true`: the physical plan of the body\'s backend, compiled without reading any file.',
        required: ['backend', 'layout', 'text'],
        additionalProperties: false,
        properties: {
          backend: { type: 'string', description: 'The backend it was compiled for.' },
          layout: { type: 'string', enum: ['streamed', 'handles'], description: '`streamed`: a chain of views each output streams (DuckDB); `handles`: every asset a handle, in plan order.' },
          text: { type: 'string', description: 'One numbered line per step (read, relation, stage, quality, release, commit) with its storage and blame; DuckDB\'s reads and writes with their SQL.' },
        },
      },
    },
  },
  Lineage: {
    type: 'object',
    description: 'With `?lineage=true`: the lineage graph and catalog manifest (spec 18.7 - 18.10, 19). Metadata fields appear where the document declares them; `meta` maps pass through as written.',
    required: ['pipeline', 'assets', 'exposures', 'edges'],
    additionalProperties: false,
    properties: {
      pipeline: {
        type: 'object',
        required: ['tags'],
        description: 'The `pipeline` metadata: name, namespace, version, description, owner, tags, schedule, freshness, catalog, meta.',
        properties: { name: { type: 'string' }, namespace: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
      },
      assets: {
        type: 'array',
        items: {
          type: 'object',
          required: ['asset', 'kind', 'role', 'upstream', 'downstream', 'allUpstream', 'allDownstream', 'exposures', 'tags', 'columns'],
          properties: {
            asset: { type: 'string' },
            kind: { type: 'string' },
            role: { type: 'string', enum: ['input', 'transformation', 'output'] },
            urn: { type: 'string', description: '`teckel://<namespace>/<asset>`, only when `pipeline.namespace` is declared (spec 18.8).' },
            upstream: { type: 'array', items: { type: 'string' } },
            downstream: { type: 'array', items: { type: 'string' } },
            allUpstream: { type: 'array', items: { type: 'string' }, description: 'Every asset feeding this one, directly or not (upstream impact).' },
            allDownstream: { type: 'array', items: { type: 'string' }, description: 'Every asset this one reaches, then `exposure:<name>` for each exposure reached (downstream impact).' },
            exposures: { type: 'array', items: { type: 'string' } },
            tags: { type: 'array', items: { type: 'string' }, description: 'Propagated (spec 18.7): the union of the upstream tags without `removeTags`, plus its own.' },
            columns: { type: 'array', items: { type: 'object' } },
          },
        },
      },
      exposures: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'type', 'dependsOn', 'tags'],
          properties: {
            name: { type: 'string' },
            type: { type: 'string' },
            dependsOn: { type: 'array', items: { type: 'string' } },
            tags: { type: 'array', items: { type: 'string' } },
            urns: { type: 'array', items: { type: 'string' }, description: 'The URNs of `dependsOn`, with `pipeline.namespace`.' },
          },
        },
      },
      edges: { type: 'array', items: { type: 'object', required: ['from', 'to'], properties: { from: { type: 'string' }, to: { type: 'string' } } } },
    },
  },
  JobSubmitted: {
    type: 'object',
    required: ['job_id', 'status'],
    additionalProperties: false,
    properties: {
      job_id: { type: 'string', format: 'uuid' },
      status: { type: 'string', enum: [...JOB_STATUSES], description: 'queued' },
    },
  },
  JobOutput: {
    type: 'object',
    required: ['asset', 'path', 'rows_written'],
    additionalProperties: false,
    properties: {
      asset: { type: 'string', description: 'The output asset.' },
      path: { type: 'string', description: 'The file, relative to the data root, as the pipeline names it.' },
      rows_written: { type: 'integer', minimum: 0, description: 'Rows the output added (0 when mode ignore found the file already there).' },
    },
  },
  Job: {
    type: 'object',
    required: ['id', 'status', 'created_at'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', format: 'uuid' },
      status: { type: 'string', enum: [...JOB_STATUSES] },
      created_at: timestamp('When the job was submitted'),
      started_at: timestamp('When it started running; absent while queued and for a job cancelled while queued'),
      completed_at: timestamp('When it reached its final status; absent until then'),
      duration_ms: { type: 'integer', minimum: 0, description: 'completed_at - started_at once final (0 when it never started); absent until then.' },
      error: { type: 'string', description: 'Only when the job failed: why.' },
      outputs: { type: 'array', items: { $ref: '#/components/schemas/JobOutput' }, description: 'Only when the job completed: what it wrote.' },
      quality: { type: 'array', items: { $ref: '#/components/schemas/JobQuality' }, description: 'Only when the job ran quality checks (completed, or failed by a check): their results.' },
      steps: {
        type: 'array',
        items: { $ref: '#/components/schemas/JobStep' },
        description:
          'Every asset of the plan: while the job runs (answered by the replica running it), each one waiting, running since `started_at` or done with its time; once it has completed, each one done with its time. Not in the list.',
      },
    },
  },
  JobStep: {
    type: 'object',
    required: ['asset', 'state'],
    additionalProperties: false,
    properties: {
      asset: { type: 'string' },
      state: { type: 'string', enum: ['waiting', 'running', 'done'] },
      started_at: timestamp('When it began running (while the job runs)'),
      ms: { type: 'number', minimum: 0, description: 'How long it took, once done (a view the engine builds lazily takes almost none: its output reads it).' },
      rows: { type: 'integer', minimum: 0, description: 'For an output once done: the rows it wrote (staged until the whole plan succeeds).' },
    },
  },
  JobQuality: {
    type: 'object',
    required: ['suite', 'check', 'check_type', 'target', 'status', 'severity', 'observed_value', 'expected', 'message', 'timestamp'],
    additionalProperties: false,
    description: 'One check\'s result: the check result model of Teckel spec 17.4.',
    properties: {
      suite: { type: 'string', description: 'The quality suite; for an assertion step, its asset.' },
      check: { type: 'string', description: 'completeness(email), volume rowCount, not_null(id), ...' },
      check_type: { type: 'string', description: 'The check type (completeness, volume, ...); for an assertion or schemaEnforce step, the step\'s kind.' },
      target: { type: 'string', description: 'The asset checked: the suite\'s target, or the step\'s asset.' },
      column: { type: 'string', description: 'The column checked, for checks of one column.' },
      status: { type: 'string', enum: ['pass', 'warn', 'fail', 'error'], description: 'fail: a check of severity error did not hold (the job failed); a check of severity info records its metric and passes.' },
      severity: { type: 'string', enum: ['error', 'warn', 'info'], description: 'The severity the check ran with (after escalation).' },
      observed_value: { type: ['number', 'null'], description: 'The measured value; null when there was nothing to measure.' },
      expected: { type: 'string' },
      failing_rows: { type: 'integer', minimum: 0, description: 'Row-level checks: the rows (or values) failing the check.' },
      failing_percent: { type: 'number', minimum: 0, maximum: 100, description: 'Row-level checks: their share of the rows (or values) checked, in percent.' },
      description: { type: 'string', description: 'The check\'s description, when it has one.' },
      message: { type: 'string' },
      timestamp: { type: 'string', description: 'When the check ran: UTC ISO 8601.' },
    },
  },
  JobProgress: {
    type: 'object',
    required: ['status'],
    additionalProperties: false,
    description: 'The job\'s status and, while it runs (once its first asset is done, on the replica running it), how far its plan has got.',
    properties: {
      status: { type: 'string', enum: [...JOB_STATUSES] },
      assets_done: { type: 'integer', minimum: 0 },
      assets_total: { type: 'integer', minimum: 1 },
      rows_written: { type: 'integer', minimum: 0, description: 'Rows its outputs have staged so far (placed when the whole plan succeeds).' },
    },
  },
  JobList: {
    type: 'object',
    required: ['jobs'],
    additionalProperties: false,
    properties: {
      jobs: { type: 'array', items: { $ref: '#/components/schemas/Job' }, description: 'Submission order, oldest first.' },
      version: {
        type: 'string',
        description: 'The version of this list (it changes when a job is submitted, changes status or is removed); send it back as `since` to wait for the next change.',
      },
    },
  },
  PreviewRequest: {
    type: 'object',
    required: [...(PIPELINE_REQUEST_SCHEMA['required'] as readonly string[]), 'asset'],
    additionalProperties: false,
    properties: {
      ...(PIPELINE_REQUEST_SCHEMA['properties'] as Record<string, JsonSchema>),
      asset: { type: 'string', minLength: 1, maxLength: FIELD_LIMITS.name, description: 'The asset to preview; an output\'s name previews the asset it writes. Only it and its upstream assets are computed.' },
      limit: { type: 'integer', minimum: 0, maximum: MAX_ROWS_LIMIT, default: DEFAULT_ROWS_LIMIT, description: `Rows to return; above ${MAX_ROWS_LIMIT} is a 400.` },
      timeout: { type: 'integer', minimum: 1, maximum: MAX_LOOK_TIMEOUT_MS / 1000, default: DEFAULT_LOOK_TIMEOUT_MS / 1000, description: 'Seconds the preview may run before it is cancelled (504).' },
    },
  },
  Rows: {
    type: 'object',
    required: ['columns', 'rows', 'truncated'],
    additionalProperties: false,
    description:
      'The first rows of an asset. Values are typed JSON: numbers as numbers (NaN and infinities as the texts "NaN", "Infinity", "-Infinity"), booleans, dates and timestamps as ISO text (`2024-01-31`, `2024-01-31 10:00:00`), arrays, maps and structs as JSON arrays and objects, NULL as null.',
    properties: {
      columns: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'type'],
          additionalProperties: false,
          properties: {
            name: { type: 'string' },
            type: { type: 'string', description: 'The portable type: string, integer, long, double, boolean, date, timestamp, decimal(p,s), array<T>, map<K,V>, struct<a:T,...>, ...' },
          },
        },
      },
      rows: { type: 'array', items: { type: 'array' }, description: 'One array per row, values in column order.' },
      truncated: { type: 'boolean', description: 'True when there are more rows than were returned.' },
    },
  },
  JobLineage: {
    type: 'object',
    required: ['events'],
    additionalProperties: false,
    description:
      'The job\'s OpenLineage RunEvents (OpenLineage 2-0-2, https://openlineage.io/spec/2-0-2/OpenLineage.json): START once it ran, then COMPLETE, FAIL or ABORT once it ended; none while queued or when cancelled before it ran.',
    properties: { events: { type: 'array', maxItems: 2, items: { $ref: '#/components/schemas/RunEvent' } } },
  },
  RunEvent: {
    type: 'object',
    required: ['eventType', 'eventTime', 'producer', 'schemaURL', 'run', 'job', 'inputs', 'outputs'],
    additionalProperties: false,
    description: 'One OpenLineage RunEvent (#/$defs/RunEvent of the OpenLineage schema).',
    properties: {
      eventType: { type: 'string', enum: ['START', 'COMPLETE', 'FAIL', 'ABORT'] },
      eventTime: timestamp('When the job started (START) or ended'),
      producer: { type: 'string', description: 'This service, as a URI with its version.' },
      schemaURL: { type: 'string', description: 'The OpenLineage schema of the event.' },
      run: {
        type: 'object',
        required: ['runId'],
        additionalProperties: false,
        properties: {
          runId: { type: 'string', description: 'The job id.' },
          facets: { type: 'object', description: 'FAIL: `errorMessage` (the job\'s error).' },
        },
      },
      job: {
        type: 'object',
        required: ['namespace', 'name'],
        additionalProperties: false,
        properties: {
          namespace: { type: 'string', description: '`pipeline.namespace`, else `teckel`.' },
          name: { type: 'string', description: '`pipeline.name`, else `pipeline`.' },
          facets: { type: 'object', description: '`jobType` (BATCH, TECKEL, PIPELINE).' },
        },
      },
      inputs: { type: 'array', items: { $ref: '#/components/schemas/LineageDataset' } },
      outputs: { type: 'array', items: { $ref: '#/components/schemas/LineageDataset' } },
    },
  },
  LineageDataset: {
    type: 'object',
    required: ['namespace', 'name'],
    additionalProperties: false,
    description: 'An input or output file: namespace `data-root`, named by its path relative to the data root.',
    properties: {
      namespace: { type: 'string' },
      name: { type: 'string' },
      facets: {
        type: 'object',
        description: 'COMPLETE: `schema` (the columns read or written); on an output also `columnLineage` (for each column, the input columns it derives from; `dataset`: what decides the rows).',
      },
      outputFacets: { type: 'object', description: 'COMPLETE: `outputStatistics` (`rowCount`, the rows written).' },
    },
  },
  Cancelling: {
    type: 'object',
    required: ['status'],
    additionalProperties: false,
    properties: { status: { const: 'cancelling' } },
  },
} as const satisfies Record<string, JsonSchema>;

/** A schema name of {@link SCHEMAS}. */
export type SchemaName = keyof typeof SCHEMAS;

/** The `{id}` path parameter of the job routes. */
export const JOB_ID_PARAMETER = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'A job id as returned by POST /api/jobs.',
  schema: { type: 'string', maxLength: FIELD_LIMITS.id },
  example: JOB_ID_EXAMPLE,
} as const;

/** The `timeout` query parameter of the wait route (see wait-timeout.ts). */
export const WAIT_TIMEOUT_PARAMETER = {
  name: 'timeout',
  in: 'query',
  required: false,
  description: `Seconds to wait for a final status: 0 or absent means ${DEFAULT_WAIT_SECONDS}; values above ${MAX_WAIT_SECONDS} are capped. When it expires the job is answered as it is.`,
  schema: { type: 'integer', minimum: 0, default: DEFAULT_WAIT_SECONDS },
  example: 30,
} as const;

/** The `physical` query parameter of explain. */
export const PHYSICAL_PARAMETER = {
  name: 'physical',
  in: 'query',
  required: false,
  description: 'true: add the physical plan of the body\'s `backend` (the steps it would run, with the SQL or Spark Connect command each sends). Nothing runs and no file is read.',
  schema: { type: 'boolean', default: false },
  example: true,
} as const;

/** The `lineage` query parameter of explain. */
export const LINEAGE_PARAMETER = {
  name: 'lineage',
  in: 'query',
  required: false,
  description: 'true: add the lineage and catalog document (spec 18.7 - 18.10): every asset\'s upstream and downstream, propagated tags, URN (with `pipeline.namespace`), owner and column metadata, and the exposures. Nothing runs.',
  schema: { type: 'boolean', default: false },
  example: true,
} as const;

/** The `since` query parameter of the job list: the version the client has (a held wait). */
export const LIST_SINCE_PARAMETER = {
  name: 'since',
  in: 'query',
  required: false,
  description:
    'The `version` of the list the client already has. When given, the answer is held until the list differs from it (a job submitted, started or ended on any replica) or `timeout` passes (then the list as it is, with the same version); a different version answers at once.',
  schema: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]*$' },
  example: 'version-from-a-previous-list',
} as const;

/** The `timeout` query parameter of a held job list. */
export const LIST_TIMEOUT_PARAMETER = {
  name: 'timeout',
  in: 'query',
  required: false,
  description: `With \`since\`: seconds to hold the answer: 0 or absent means ${DEFAULT_LIST_WAIT_SECONDS}; values above ${MAX_LIST_WAIT_SECONDS} are capped.`,
  schema: { type: 'integer', minimum: 0, default: DEFAULT_LIST_WAIT_SECONDS },
  example: 10,
} as const;

/** The `limit` query parameter of the rows route (see look-request.ts). */
export const ROWS_LIMIT_PARAMETER = {
  name: 'limit',
  in: 'query',
  required: false,
  description: `Rows to return: absent means ${DEFAULT_ROWS_LIMIT}; above ${MAX_ROWS_LIMIT} is a 400.`,
  schema: { type: 'integer', minimum: 0, maximum: MAX_ROWS_LIMIT, default: DEFAULT_ROWS_LIMIT },
  example: 10,
} as const;

/** The `{asset}` path parameter of the rows route. */
export const OUTPUT_ASSET_PARAMETER = {
  name: 'asset',
  in: 'path',
  required: true,
  description: 'The output asset, as the job record\'s `outputs[].asset` names it.',
  schema: { type: 'string' },
  example: OUTPUT_ASSET_EXAMPLE,
} as const;
