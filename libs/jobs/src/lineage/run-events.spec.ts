/**
 * A job's OpenLineage RunEvents: validated against OpenLineage's own JSON schemas (vendored in
 * openlineage-schema/, Apache-2.0, read from disk: nothing is downloaded), the run's life as
 * START then COMPLETE / FAIL / ABORT, datasets named by their data-root-relative paths, and the
 * schema, columnLineage and outputStatistics facets of a completed job.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import type { ColumnOrigin } from '@pipeline/engine';
import type { JobRecord } from '../job';
import { OPENLINEAGE_PRODUCER, runEvents, type RunEvent } from './run-events';

const SCHEMAS = path.join(__dirname, 'openlineage-schema');

type Validators = { event: ValidateFunction; facets: Record<string, ValidateFunction> };
let compiled: Validators | undefined;

/** Ajv over the vendored schemas (compiled once); the formats the events use checked by pattern. */
function validators(): Validators {
  if (compiled !== undefined) return compiled;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
  ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:\S+$/i);
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  const files = fs.readdirSync(SCHEMAS).filter((f) => f.endsWith('.json'));
  for (const f of files) ajv.addSchema(JSON.parse(fs.readFileSync(path.join(SCHEMAS, f), 'utf8')));
  const of = (id: string): ValidateFunction => ajv.getSchema(id) as ValidateFunction;
  compiled = {
    event: of('https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent'),
    facets: {
      schema: of('https://openlineage.io/spec/facets/1-2-0/SchemaDatasetFacet.json#/$defs/SchemaDatasetFacet'),
      columnLineage: of('https://openlineage.io/spec/facets/1-2-0/ColumnLineageDatasetFacet.json#/$defs/ColumnLineageDatasetFacet'),
      outputStatistics: of('https://openlineage.io/spec/facets/1-0-2/OutputStatisticsOutputDatasetFacet.json#/$defs/OutputStatisticsOutputDatasetFacet'),
      errorMessage: of('https://openlineage.io/spec/facets/1-0-1/ErrorMessageRunFacet.json#/$defs/ErrorMessageRunFacet'),
      jobType: of('https://openlineage.io/spec/facets/2-0-4/JobTypeJobFacet.json#/$defs/JobTypeJobFacet'),
    },
  };
  return compiled;
}

/** Every problem of an event against the RunEvent schema and each facet's own schema. */
function problems(event: RunEvent): string[] {
  const { event: check, facets } = validators();
  const found: string[] = [];
  const run = (fn: ValidateFunction, value: unknown, where: string): void => {
    if (!fn(value)) found.push(...(fn.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message}`));
  };
  run(check, event, 'event');
  const facetsOf = (where: string, all: Readonly<Record<string, unknown>> | undefined): void => {
    for (const [name, value] of Object.entries(all ?? {})) {
      const fn = facets[name];
      if (fn === undefined) found.push(`${where}.${name}: no schema for this facet`);
      else run(fn, value, `${where}.${name}`);
    }
  };
  facetsOf('run.facets', event.run.facets);
  facetsOf('job.facets', event.job.facets);
  for (const d of [...event.inputs, ...event.outputs]) {
    facetsOf(`${d.name}.facets`, d.facets);
    facetsOf(`${d.name}.outputFacets`, d.outputFacets);
  }
  return found;
}

const YAML = [
  'version: "3.0"',
  'pipeline: { name: revenue, namespace: com.example.finance }',
  'input:',
  '  - { name: orders, format: csv, path: ./raw/orders.csv }',
  '  - { name: customers, format: csv, path: raw/customers.csv }',
  'transformation:',
  '  - name: joined',
  '    join: { left: orders, right: [ { name: customers, type: inner, on: ["orders.customer = customers.customer"] } ] }',
  '  - name: totals',
  '    group: { from: joined, by: [country], agg: ["sum(amount) AS total"] }',
  'output:',
  '  - { name: totals, format: csv, path: out/totals.csv, mode: overwrite }',
].join('\n');

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const base: JobRecord = { id: ID, status: 'queued', createdAt: '2026-01-02T03:04:05.000Z', request: { yaml: YAML } };
const started: JobRecord = { ...base, status: 'running', startedAt: '2026-01-02T03:04:06.000Z' };
const ended = { startedAt: '2026-01-02T03:04:06.000Z', completedAt: '2026-01-02T03:04:07.500Z', durationMs: 1500 };
const origin = (asset: string, column: string, type: ColumnOrigin['type'], subtype: ColumnOrigin['subtype']): ColumnOrigin => ({ asset, column, type, subtype });
const completed: JobRecord = {
  ...base,
  ...ended,
  status: 'completed',
  outcome: {
    outputs: [{ ref: 'output_totals', path: 'out/totals.csv', rowsWritten: 2, skipped: false }],
    steps: [],
    lineage: {
      inputs: [
        { asset: 'orders', columns: [{ name: 'customer', type: 'long' }, { name: 'amount', type: 'double' }] },
        { asset: 'customers', columns: [{ name: 'customer', type: 'long' }, { name: 'country', type: 'string' }] },
      ],
      outputs: [
        {
          ref: 'output_totals',
          asset: 'totals',
          columns: [{ name: 'country', type: 'string' }, { name: 'total', type: 'double' }],
          fields: { country: [origin('customers', 'country', 'DIRECT', 'IDENTITY')], total: [origin('orders', 'amount', 'DIRECT', 'AGGREGATION')] },
          dataset: [origin('orders', 'customer', 'INDIRECT', 'JOIN'), origin('customers', 'customer', 'INDIRECT', 'JOIN'), origin('customers', 'country', 'INDIRECT', 'GROUP_BY')],
        },
      ],
    },
  },
};

describe('runEvents', () => {
  it('has no events before the job runs', () => {
    expect(runEvents(base)).toEqual([]);
    expect(runEvents({ ...base, status: 'cancelled', completedAt: base.createdAt, durationMs: 0 })).toEqual([]);
  });

  it('starts a running job: the pipeline as the job, the files as datasets', () => {
    const events = runEvents(started);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventType: 'START',
      eventTime: '2026-01-02T03:04:06.000Z',
      run: { runId: ID },
      job: { namespace: 'com.example.finance', name: 'revenue' },
      inputs: [
        { namespace: 'data-root', name: 'raw/orders.csv' },
        { namespace: 'data-root', name: 'raw/customers.csv' },
      ],
      outputs: [{ namespace: 'data-root', name: 'out/totals.csv' }],
    });
    expect(problems(events[0])).toEqual([]);
  });

  it('completes with the schema, column lineage and row count of each dataset, valid against OpenLineage 2-0-2', () => {
    const events = runEvents(completed);
    expect(events.map((e) => [e.eventType, e.eventTime])).toEqual([
      ['START', '2026-01-02T03:04:06.000Z'],
      ['COMPLETE', '2026-01-02T03:04:07.500Z'],
    ]);
    for (const e of events) expect(problems(e)).toEqual([]);
    const complete = events[1];
    expect(complete.inputs[0].facets?.['schema']).toMatchObject({ fields: [{ name: 'customer', type: 'long', ordinal_position: 1 }, { name: 'amount', type: 'double', ordinal_position: 2 }] });
    const written = complete.outputs[0];
    expect(written.outputFacets?.['outputStatistics']).toMatchObject({ rowCount: 2 });
    const field = (name: string, f: string, type: string, subtype: string) => ({ namespace: 'data-root', name, field: f, transformations: [{ type, subtype, description: '', masking: false }] });
    expect(written.facets?.['columnLineage']).toEqual({
      _producer: OPENLINEAGE_PRODUCER,
      _schemaURL: 'https://openlineage.io/spec/facets/1-2-0/ColumnLineageDatasetFacet.json#/$defs/ColumnLineageDatasetFacet',
      fields: {
        country: { inputFields: [field('raw/customers.csv', 'country', 'DIRECT', 'IDENTITY')] },
        total: { inputFields: [field('raw/orders.csv', 'amount', 'DIRECT', 'AGGREGATION')] },
      },
      dataset: [
        field('raw/orders.csv', 'customer', 'INDIRECT', 'JOIN'),
        field('raw/customers.csv', 'customer', 'INDIRECT', 'JOIN'),
        field('raw/customers.csv', 'country', 'INDIRECT', 'GROUP_BY'),
      ],
    });
  });

  it('fails with the error message facet, aborts a cancelled run, both valid', () => {
    const failed = runEvents({ ...base, ...ended, status: 'failed', error: 'asset "totals": boom', errorCode: 'E_VALUE' });
    expect(failed.map((e) => e.eventType)).toEqual(['START', 'FAIL']);
    expect(failed[1].run.facets?.['errorMessage']).toMatchObject({ message: 'asset "totals": boom', programmingLanguage: 'teckel' });
    const aborted = runEvents({ ...base, ...ended, status: 'cancelled' });
    expect(aborted.map((e) => e.eventType)).toEqual(['START', 'ABORT']);
    for (const e of [...failed, ...aborted]) expect(problems(e)).toEqual([]);
  });

  it('the schema check catches a malformed event (it can fail)', () => {
    const bad = { ...runEvents(completed)[1], eventType: 'DONE', run: { runId: 'not-a-uuid' } } as unknown as RunEvent;
    expect(problems(bad).length).toBeGreaterThan(0);
  });

  it('uses the default job namespace and the pipeline name when no namespace is declared', () => {
    const yaml = YAML.replace('pipeline: { name: revenue, namespace: com.example.finance }', 'pipeline: { name: revenue }');
    expect(runEvents({ ...started, request: { yaml } })[0].job).toMatchObject({ namespace: 'teckel', name: 'revenue' });
  });
});
