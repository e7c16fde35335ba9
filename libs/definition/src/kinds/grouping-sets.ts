/**
 * Catalogue entries of the kinds that aggregate over grouping sets: `rollup` (spec 8.23), `cube`
 * (8.24) and `groupingSets` (8.42). Each becomes one typed source: the key columns and the sets, as
 * positions in the keys, in the order their rows are written.
 */
import type { Expr } from '@pipeline/expression';
import { list } from './fields';
import { defineKind, type KindDefinition } from './kind-definition';
import { ASSET_REF, COLUMN, COLUMN_LIST, expressionList } from './schema-parts';

/** The kinds that aggregate over grouping sets (spec 8.23, 8.24, 8.42). */
export type GroupingSetsKind = 'rollup' | 'cube' | 'grouping_sets';

/** Aggregates `from` over grouping sets of key columns: per set, its keys (others NULL) and the `agg` values. */
export interface GroupingSetsSource<K extends GroupingSetsKind = GroupingSetsKind> {
  readonly kind: K;
  readonly from: string;
  /** Every key column named, first mention first. */
  readonly keys: readonly string[];
  /** The sets, as positions in `keys`, in output order. */
  readonly sets: readonly (readonly number[])[];
  readonly agg: readonly Expr[];
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

const BY_COLUMNS_FIELDS = {
  from: ASSET_REF,
  by: COLUMN_LIST,
  agg: expressionList({ role: 'aggregate', groupKeys: { namesIn: 'by' } }),
};

function byColumnsKind<K extends 'rollup' | 'cube'>(kind: K, description: string, sets: (n: number) => number[][]): KindDefinition<K, typeof BY_COLUMNS_FIELDS, GroupingSetsSource<K>> {
  return defineKind<K, typeof BY_COLUMNS_FIELDS, GroupingSetsSource<K>>({
    kind,
    role: 'transformation',
    description,
    label: kind.toUpperCase(),
    fields: BY_COLUMNS_FIELDS,
    check: (fields) => {
      const twice = repeated(fields.by);
      if (twice !== undefined) return { field: 'by', detail: `lists column "${twice}" twice` };
      if (kind === 'cube' && fields.by.length > MAX_CUBE_COLUMNS) {
        return { field: 'by', detail: `may list at most ${MAX_CUBE_COLUMNS} columns (a cube of n columns has 2^n grouping sets), got ${fields.by.length}` };
      }
      return undefined;
    },
    build: (fields) => ({ kind, from: fields.from, keys: [...fields.by], sets: sets(fields.by.length), agg: fields.agg }),
    upstream: (source) => [source.from],
  });
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
export const GROUPING_SETS_KIND = defineKind({
  kind: 'grouping_sets',
  specKey: 'groupingSets',
  role: 'transformation',
  description: `The \`agg\` aggregates of \`from\` per grouping set of \`sets\` (a list of column lists; \`[]\` is the grand total); the key columns come first, in the order they are first named. ${ROW_ORDER}`,
  label: 'GROUPING SETS',
  fields: {
    from: ASSET_REF,
    sets: list(list(COLUMN, { description: 'list of column names (may be empty)' }), { minItems: 1, description: 'non-empty list of column lists' }),
    agg: expressionList({ role: 'aggregate', groupKeys: { namesIn: 'sets' } }),
  },
  check: (fields) => {
    for (const [i, set] of fields.sets.entries()) {
      const twice = repeated(set);
      if (twice !== undefined) return { field: `sets[${i}]`, detail: `lists column "${twice}" twice` };
    }
    return undefined;
  },
  build: (fields): GroupingSetsSource<'grouping_sets'> => {
    const keys = [...new Set(fields.sets.flat())];
    return { kind: 'grouping_sets', from: fields.from, keys, sets: fields.sets.map((set) => set.map((c) => keys.indexOf(c))), agg: fields.agg };
  },
  upstream: (source) => [source.from],
});
