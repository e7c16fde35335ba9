import { runEvents } from '@pipeline/jobs';

/**
 * The request examples of the document: what Swagger UI's "Try it out" pre-fills. They run as
 * they are on a server over `sample-data/` (`npm start`); `openapi-examples.spec.ts` sends each
 * one to a real server over a copy of it.
 */

/**
 * A pipeline over `sample-data/employees.csv`: headcount and average salary per department of the
 * active employees, with a quality suite (spec 17) whose results the finished job lists.
 */
export const EXAMPLE_PIPELINE_YAML = [
  'version: "3.0"',
  'pipeline:',
  '  name: employees-by-department',
  '  assets:',
  '    - asset_ref: raw',
  '      source:',
  '        input: { format: csv, path: employees.csv, options: { header: "true" } }',
  '    - asset_ref: active',
  '      source:',
  '        where: { from: raw, filter: "active AND salary > ${MIN_SALARY:50000}" }',
  '    - asset_ref: by_dept',
  '      source:',
  '        group_by: { from: active, by: [department], agg: ["COUNT(*) AS headcount", "AVG(salary) AS avg_salary"] }',
  '    - asset_ref: summary',
  '      source:',
  '        output: { from: by_dept, format: csv, path: out/employees_by_department.csv, mode: overwrite }',
  'quality:',
  '  - suite: departments',
  '    target: by_dept',
  '    checks:',
  '      - { type: volume, rowCount: { min: 1 } }',
  '      - { type: completeness, column: department, description: every group has a department }',
  '',
].join('\n');

/** The body of validate, explain and submit. */
export const PIPELINE_REQUEST_EXAMPLE = { yaml: EXAMPLE_PIPELINE_YAML, variables: { MIN_SALARY: '60000' } };

/** The body of a preview: the example pipeline's per-department asset, nothing written. */
export const PREVIEW_REQUEST_EXAMPLE = { ...PIPELINE_REQUEST_EXAMPLE, asset: 'by_dept', limit: 5, timeout: 30 };

/** A job id of the shape the server hands out (path parameters need an id from POST /api/jobs to answer 200). */
export const JOB_ID_EXAMPLE = '3f2b8c1e-7d4a-4e5b-9c6d-1a2b3c4d5e6f';

/** The output the example pipeline writes. */
export const OUTPUT_ASSET_EXAMPLE = 'summary';

/** What validate answers a document with two broken assets (test/api-pipeline.spec.ts sends it and checks this). */
export const VALIDATE_ERRORS_EXAMPLE = {
  valid: false,
  error: 'V-001: asset "totals" references unknown asset "actve" (did you mean "active"?)',
  spec_code: 'E-REF-001',
  errors: [
    { code: 'V-001', message: 'V-001: asset "totals" references unknown asset "actve" (did you mean "active"?)', asset: 'totals', field: 'from', line: 12, column: 27, spec_code: 'E-REF-001' },
    { code: 'V-009', message: 'V-009: asset "top": columns[0]: unexpected end of expression at column 7', asset: 'top', field: 'columns[0]', line: 15, column: 43 },
  ],
};

/** What GET /api/jobs/{id}/lineage answers for a completed run of the example pipeline. */
export const JOB_LINEAGE_EXAMPLE = {
  events: runEvents({
    id: JOB_ID_EXAMPLE,
    status: 'completed',
    createdAt: '2026-03-01T09:00:00.000Z',
    startedAt: '2026-03-01T09:00:00.012Z',
    completedAt: '2026-03-01T09:00:00.061Z',
    durationMs: 49,
    request: PIPELINE_REQUEST_EXAMPLE,
    outcome: {
      outputs: [{ ref: 'summary', path: 'out/employees_by_department.csv', rowsWritten: 5, skipped: false }],
      steps: [],
      lineage: {
        inputs: [
          {
            asset: 'raw',
            columns: [
              { name: 'id', type: 'long' },
              { name: 'name', type: 'string' },
              { name: 'department', type: 'string' },
              { name: 'salary', type: 'long' },
              { name: 'hire_date', type: 'date' },
              { name: 'active', type: 'boolean' },
            ],
          },
        ],
        outputs: [
          {
            ref: 'summary',
            asset: 'by_dept',
            columns: [
              { name: 'department', type: 'string' },
              { name: 'headcount', type: 'long' },
              { name: 'avg_salary', type: 'double' },
            ],
            fields: {
              department: [{ asset: 'raw', column: 'department', type: 'DIRECT', subtype: 'IDENTITY' }],
              headcount: [],
              avg_salary: [{ asset: 'raw', column: 'salary', type: 'DIRECT', subtype: 'AGGREGATION' }],
            },
            dataset: [
              { asset: 'raw', column: 'active', type: 'INDIRECT', subtype: 'FILTER' },
              { asset: 'raw', column: 'salary', type: 'INDIRECT', subtype: 'FILTER' },
              { asset: 'raw', column: 'department', type: 'INDIRECT', subtype: 'GROUP_BY' },
            ],
          },
        ],
      },
    },
  }),
};
