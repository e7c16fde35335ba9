/**
 * Catalogue entries of the kinds that aggregate over grouping sets: `rollup` (spec 8.23), `cube`
 * (8.24) and `groupingSets` (8.42). Each becomes one typed source: the key columns and the sets, as
 * positions in the keys, in the order their rows are written.
 */
import type { GroupingSetsSource, Source } from '../definition';
import { expressionListAt, type KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_FIELD, COLUMN_LIST_FIELD, EXPRESSION_LIST_FIELD } from './schema-parts';

/** Fields of a `rollup` or `cube` source once checked. */
export interface ByColumnsFields {
  readonly from: string;
  readonly by: readonly string[];
  readonly agg: readonly string[];
}

/** Fields of a `groupingSets` source once checked. */
export interface GroupingSetsFields {
  readonly from: string;
  readonly sets: readonly (readonly string[])[];
  readonly agg: readonly string[];
}

/** Most `cube` columns: a cube of n columns has 2^n grouping sets. */
export const MAX_CUBE_COLUMNS = 10;

const ROW_ORDER =
  'Rows come set by set, in that order, and within a set by its key values ascending (NULLs last); a key outside the set is NULL, which `grouping(column)` tells apart (1) from a NULL value (0).';

/** The first column listed twice in `columns` (exact spelling), if any. */
function repeated(columns: readonly string[]): string | undefined {
  return columns.find((c, i) => columns.indexOf(c) !== i);
}

/** The prefixes of n keys, longest first: (A, B, C), (A, B), (A), (). */
export function rollupSets(n: number): number[][] {
  return Array.from({ length: n + 1 }, (_, i) => Array.from({ length: n - i }, (_, k) => k));
}

/** Every subset of n keys, larger sets first and, within a size, in the order the keys are listed. */
export function cubeSets(n: number): number[][] {
  const sets: number[][] = [];
  const choose = (size: number, start: number, chosen: number[]): void => {
    if (chosen.length === size) {
      sets.push([...chosen]);
      return;
    }
    for (let k = start; k < n; k++) choose(size, k + 1, [...chosen, k]);
  };
  for (let size = n; size >= 0; size--) choose(size, 0, []);
  return sets;
}

function byColumnsKind<K extends 'rollup' | 'cube'>(kind: K, description: string, sets: (n: number) => number[][]): KindDefinition<K, ByColumnsFields> {
  return {
    kind,
    role: 'transformation',
    description,
    label: kind.toUpperCase(),
    schema: {
      type: 'object',
      properties: { from: ASSET_REF_FIELD, by: COLUMN_LIST_FIELD, agg: EXPRESSION_LIST_FIELD },
      required: ['from', 'by', 'agg'],
      additionalProperties: false,
    },
    expressions: [{ field: 'agg', role: 'aggregate', list: true, groupKeysFromNames: 'by' }],
    check: (fields) => {
      const twice = repeated(fields.by);
      if (twice !== undefined) return { field: 'by', detail: `lists column "${twice}" twice` };
      if (kind === 'cube' && fields.by.length > MAX_CUBE_COLUMNS) {
        return { field: 'by', detail: `may list at most ${MAX_CUBE_COLUMNS} columns (a cube of n columns has 2^n grouping sets), got ${fields.by.length}` };
      }
      return undefined;
    },
    upstream: (source) => [(source as GroupingSetsSource).from],
    build: (fields, expressions) =>
      ({ kind, from: fields.from, keys: [...fields.by], sets: sets(fields.by.length), agg: expressionListAt(expressions, 'agg') }) as unknown as Extract<Source, { kind: K }>,
  };
}

/** The `rollup` kind. */
export const ROLLUP_KIND = byColumnsKind(
  'rollup',
  `Subtotals of \`from\` along the \`by\` columns: the \`agg\` aggregates per (A, B, C), (A, B), (A) and () for \`by: [A, B, C]\`, keys first. ${ROW_ORDER}`,
  rollupSets,
);

/** The `cube` kind. */
export const CUBE_KIND = byColumnsKind(
  'cube',
  `Subtotals of \`from\` over every combination of the \`by\` columns (at most ${MAX_CUBE_COLUMNS}): the \`agg\` aggregates per subset, larger subsets first and, within a size, in the order \`by\` lists them ((A, B), (A), (B), ()), keys first. ${ROW_ORDER}`,
  cubeSets,
);

/** The `grouping_sets` kind. */
export const GROUPING_SETS_KIND: KindDefinition<'grouping_sets', GroupingSetsFields> = {
  kind: 'grouping_sets',
  specKey: 'groupingSets',
  role: 'transformation',
  description: `The \`agg\` aggregates of \`from\` per grouping set of \`sets\` (a list of column lists; \`[]\` is the grand total); the key columns come first, in the order they are first named. ${ROW_ORDER}`,
  label: 'GROUPING SETS',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      sets: { type: 'array', minItems: 1, items: { type: 'array', items: COLUMN_FIELD, description: 'list of column names (may be empty)' }, description: 'non-empty list of column lists' },
      agg: EXPRESSION_LIST_FIELD,
    },
    required: ['from', 'sets', 'agg'],
    additionalProperties: false,
  },
  expressions: [{ field: 'agg', role: 'aggregate', list: true, groupKeysFromNames: 'sets' }],
  check: (fields) => {
    for (const [i, set] of fields.sets.entries()) {
      const twice = repeated(set);
      if (twice !== undefined) return { field: `sets[${i}]`, detail: `lists column "${twice}" twice` };
    }
    return undefined;
  },
  upstream: (source) => [source.from],
  build: (fields, expressions): GroupingSetsSource<'grouping_sets'> => {
    const keys = [...new Set(fields.sets.flat())];
    return { kind: 'grouping_sets', from: fields.from, keys, sets: fields.sets.map((set) => set.map((c) => keys.indexOf(c))), agg: expressionListAt(expressions, 'agg') };
  },
};

