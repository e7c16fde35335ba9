/**
 * Catalogue entries of the physical hints (`repartition`, `coalesce`, `hint`): Spark partitioning
 * and optimizer advice. DuckDB and the JavaScript backend plan for themselves, so the fields are
 * checked and the rows pass through unchanged (decisions 7).
 */
import type { HintSource, Source } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_LIST_FIELD } from './schema-parts';

/** Fields of a hint once checked (only `from` is used). */
export interface HintFields {
  readonly from: string;
}

const PARTITIONS = { type: 'integer', minimum: 1, description: 'number of partitions (1 or more)' } as const;

function hintKind<K extends HintSource['kind']>(kind: K, description: string, properties: Record<string, object>, required: string[]): KindDefinition<K, HintFields> {
  return {
    kind,
    role: 'transformation',
    description,
    label: kind.toUpperCase(),
    schema: { type: 'object', properties: { from: ASSET_REF_FIELD, ...properties }, required: ['from', ...required], additionalProperties: false },
    expressions: [],
    upstream: (source) => [(source as HintSource).from],
    build: (fields) => ({ kind, from: fields.from }) as unknown as Extract<Source, { kind: K }>,
  };
}

export const REPARTITION_KIND = hintKind(
  'repartition',
  'A Spark partitioning hint (`numPartitions`, `columns`): checked, and `from` passes through unchanged.',
  { numPartitions: PARTITIONS, columns: { ...COLUMN_LIST_FIELD, minItems: 0 } },
  ['numPartitions'],
);

export const COALESCE_KIND = hintKind(
  'coalesce',
  'A Spark partitioning hint (`numPartitions`): checked, and `from` passes through unchanged.',
  { numPartitions: PARTITIONS },
  ['numPartitions'],
);

export const HINT_KIND = hintKind(
  'hint',
  'Optimizer hints (`hints: [{name, parameters}]`): checked, and `from` passes through unchanged.',
  {
    hints: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 1 }, parameters: { type: 'array', items: { type: 'string' } } },
        required: ['name'],
        additionalProperties: false,
      },
    },
  },
  ['hints'],
);
