/**
 * A job's OpenLineage `RunEvent`s (spec 18.9; OpenLineage 2-0-2): START when it began running,
 * then COMPLETE, FAIL or ABORT when it ended. The job is the pipeline (`pipeline.namespace`, else
 * `teckel`, and `pipeline.name`); the run id is the job id; datasets are the input and output files
 * in namespace `data-root`, named by their path relative to the data root. A completed job's
 * events carry each dataset's `schema` facet, each output's `columnLineage` facet (the input
 * columns each output column derives from) and its `outputStatistics` (rows written); a failed
 * job's FAIL event its `errorMessage`. A job that never ran (queued, or cancelled while queued)
 * has no events.
 *
 * Example: `runEvents(job)` of a completed job is `[{eventType: 'START', eventTime: job.startedAt,
 * run: {runId: job.id}, job: {namespace: 'teckel', name: 'orders'}, inputs: [...], outputs:
 * [...]}, {eventType: 'COMPLETE', ...}]`.
 */
import type { ColumnOrigin, RunLineage } from '@pipeline/engine';
import { planPipeline } from '@pipeline/planner';
import { SERVICE_VERSION } from '@pipeline/server-kit';
import type { JobRecord } from '../job';

/** Who produces the events (OpenLineage's `producer`, a URI naming this service and its version). */
export const OPENLINEAGE_PRODUCER = `urn:pipeline-service:${SERVICE_VERSION}`;

/** The dataset namespace of files under the server's data root. */
export const DATA_ROOT_NAMESPACE = 'data-root';

/** The job namespace of a pipeline without `pipeline.namespace`. */
export const DEFAULT_JOB_NAMESPACE = 'teckel';

const SPEC = 'https://openlineage.io/spec';
const RUN_EVENT_SCHEMA = `${SPEC}/2-0-2/OpenLineage.json#/$defs/RunEvent`;
const facet = (path: string, name: string) => ({ _producer: OPENLINEAGE_PRODUCER, _schemaURL: `${SPEC}/${path}#/$defs/${name}` });

/** The event types a job's run goes through. */
export type RunEventType = 'START' | 'COMPLETE' | 'FAIL' | 'ABORT';

/** An OpenLineage input or output dataset. */
export interface LineageDataset {
  readonly namespace: string;
  readonly name: string;
  readonly facets?: Readonly<Record<string, unknown>>;
  readonly outputFacets?: Readonly<Record<string, unknown>>;
}

/** One OpenLineage RunEvent. */
export interface RunEvent {
  readonly eventType: RunEventType;
  readonly eventTime: string;
  readonly producer: string;
  readonly schemaURL: string;
  readonly run: { readonly runId: string; readonly facets?: Readonly<Record<string, unknown>> };
  readonly job: { readonly namespace: string; readonly name: string; readonly facets: Readonly<Record<string, unknown>> };
  readonly inputs: readonly LineageDataset[];
  readonly outputs: readonly LineageDataset[];
}

interface FileDataset {
  readonly asset: string;
  readonly name: string;
  readonly format: string;
}

/** A path as the data root sees it: relative, `/`-separated, without `./`. */
function datasetName(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}

const schemaFacet = (columns: readonly { readonly name: string; readonly type: string }[]) => ({
  ...facet('facets/1-2-0/SchemaDatasetFacet.json', 'SchemaDatasetFacet'),
  fields: columns.map((c, i) => ({ name: c.name, type: c.type, ordinal_position: i + 1 })),
});

const inputField = (o: ColumnOrigin, names: ReadonlyMap<string, string>) => ({
  namespace: DATA_ROOT_NAMESPACE,
  name: names.get(o.asset) ?? o.asset,
  field: o.column,
  transformations: [{ type: o.type, subtype: o.subtype, description: '', masking: false }],
});

/** The columnLineage facet of one output from the run's lineage; input assets named by their files. */
function columnLineageFacet(output: RunLineage['outputs'][number], inputNames: ReadonlyMap<string, string>) {
  return {
    ...facet('facets/1-2-0/ColumnLineageDatasetFacet.json', 'ColumnLineageDatasetFacet'),
    fields: Object.fromEntries(output.columns.map((c) => [c.name, { inputFields: (output.fields[c.name] ?? []).map((o) => inputField(o, inputNames)) }])),
    dataset: output.dataset.map((o) => inputField(o, inputNames)),
  };
}

/** The events of `job` (none before it runs), in the order they happened. */
export function runEvents(job: JobRecord): RunEvent[] {
  if (job.startedAt === undefined) return [];
  const planned = planPipeline(job.request.yaml, job.request.variables ?? {});
  const files: FileDataset[] = [];
  const outputs: FileDataset[] = [];
  let namespace = DEFAULT_JOB_NAMESPACE;
  let name = 'pipeline';
  if (planned.ok) {
    namespace = planned.pipeline.metadata?.namespace || DEFAULT_JOB_NAMESPACE;
    name = planned.plan.name ?? name;
    for (const step of planned.plan.steps) {
      const s = step.source;
      if (s.kind === 'input') files.push({ asset: step.ref, name: datasetName(s.path), format: s.format });
      if (s.kind === 'output') outputs.push({ asset: step.ref, name: datasetName(s.path), format: s.format });
    }
  }
  const jobPart = {
    namespace,
    name,
    facets: { jobType: { ...facet('facets/2-0-4/JobTypeJobFacet.json', 'JobTypeJobFacet'), processingType: 'BATCH', integration: 'TECKEL', jobType: 'PIPELINE' } },
  };
  const base = (eventType: RunEventType, eventTime: string) => ({ eventType, eventTime, producer: OPENLINEAGE_PRODUCER, schemaURL: RUN_EVENT_SCHEMA });
  const bare = (d: FileDataset): LineageDataset => ({ namespace: DATA_ROOT_NAMESPACE, name: d.name });
  const start: RunEvent = { ...base('START', job.startedAt), run: { runId: job.id }, job: jobPart, inputs: files.map(bare), outputs: outputs.map(bare) };
  if (job.completedAt === undefined) return [start];

  if (job.status === 'completed') {
    const lineage = job.outcome?.lineage;
    const inputNames = new Map(files.map((f) => [f.asset, f.name]));
    const inputs = files.map((f): LineageDataset => {
      const read = lineage?.inputs.find((i) => i.asset === f.asset);
      return read === undefined ? bare(f) : { ...bare(f), facets: { schema: schemaFacet(read.columns) } };
    });
    const written = outputs.map((d): LineageDataset => {
      const result = job.outcome?.outputs.find((o) => o.ref === d.asset);
      const columns = lineage?.outputs.find((o) => o.ref === d.asset);
      return {
        ...bare(d),
        ...(columns === undefined ? {} : { facets: { schema: schemaFacet(columns.columns), columnLineage: columnLineageFacet(columns, inputNames) } }),
        ...(result === undefined || result.skipped
          ? {}
          : { outputFacets: { outputStatistics: { ...facet('facets/1-0-2/OutputStatisticsOutputDatasetFacet.json', 'OutputStatisticsOutputDatasetFacet'), rowCount: result.rowsWritten } } }),
      };
    });
    return [start, { ...base('COMPLETE', job.completedAt), run: { runId: job.id }, job: jobPart, inputs, outputs: written }];
  }
  if (job.status === 'failed') {
    const errorMessage = {
      ...facet('facets/1-0-1/ErrorMessageRunFacet.json', 'ErrorMessageRunFacet'),
      message: job.error ?? 'the job failed',
      programmingLanguage: 'teckel',
    };
    return [start, { ...base('FAIL', job.completedAt), run: { runId: job.id, facets: { errorMessage } }, job: jobPart, inputs: files.map(bare), outputs: outputs.map(bare) }];
  }
  return [start, { ...base('ABORT', job.completedAt), run: { runId: job.id }, job: jobPart, inputs: files.map(bare), outputs: outputs.map(bare) }];
}
