/**
 * Catalogue entries of the physical hints (`repartition`, `coalesce`, `hint`): Spark partitioning
 * and optimizer advice. DuckDB and the JavaScript backend plan for themselves, so the fields are
 * checked and the rows pass through unchanged (decisions 7).
 */
import { integer, list, object, optional, text } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN } from './schema-parts';

/** A physical hint (repartition, coalesce, hint): accepted, and the rows pass through unchanged. */
export interface HintSource<K extends 'repartition' | 'coalesce' | 'hint' = 'repartition' | 'coalesce' | 'hint'> {
  readonly kind: K;
  readonly from: string;
}

const PARTITIONS = integer({ minimum: 1, description: 'number of partitions (1 or more)' });

export const REPARTITION_KIND = defineKind({
  role: 'transformation',
  kind: 'repartition',
  description: 'A Spark partitioning hint (`numPartitions`, `columns`): checked, and `from` passes through unchanged.',
  label: 'REPARTITION',
  fields: { from: ASSET_REF, numPartitions: PARTITIONS, columns: optional(list(COLUMN, { minItems: 0, description: 'non-empty list of column names' })) },
  build: (fields): HintSource<'repartition'> => ({ kind: 'repartition', from: fields.from }),
  upstream: (source) => [source.from],
});

export const COALESCE_KIND = defineKind({
  role: 'transformation',
  kind: 'coalesce',
  description: 'A Spark partitioning hint (`numPartitions`): checked, and `from` passes through unchanged.',
  label: 'COALESCE',
  fields: { from: ASSET_REF, numPartitions: PARTITIONS },
  build: (fields): HintSource<'coalesce'> => ({ kind: 'coalesce', from: fields.from }),
  upstream: (source) => [source.from],
});

export const HINT_KIND = defineKind({
  role: 'transformation',
  kind: 'hint',
  description: 'Optimizer hints (`hints: [{name, parameters}]`): checked, and `from` passes through unchanged.',
  label: 'HINT',
  fields: { from: ASSET_REF, hints: list(object({ name: text({ minLength: 1 }), parameters: optional(list(text())) }), { minItems: 1 }) },
  build: (fields): HintSource<'hint'> => ({ kind: 'hint', from: fields.from }),
  upstream: (source) => [source.from],
});
