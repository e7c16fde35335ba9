import type { GroupingSetsKind } from '@pipeline/definition';
import { setMask, type BoundGroupingSets, quoteIdentifier as q } from '@pipeline/engine-core';
import { compileDuckDbExpression as sql } from '../compile-expression';
import type { DuckDbKind } from './duckdb-kind';

/** `GROUP BY ROLLUP (...)`, `CUBE (...)` or `GROUPING SETS ((...), ...)`. */
function groupBy(bound: BoundGroupingSets, keys: readonly string[]): string {
  switch (bound.kind) {
    case 'rollup':
      return `ROLLUP (${keys.join(', ')})`;
    case 'cube':
      return `CUBE (${keys.join(', ')})`;
    default:
      return `GROUPING SETS (${bound.sets.map((set) => `(${set.map((k) => keys[k]).join(', ')})`).join(', ')})`;
  }
}

// Rows come set by set (a set listed twice shares its first place), then by key values ascending
// with NULLs last, as the JavaScript backend sorts them; the set of a row is read from the
// grouping(...) mask of all keys.
function aggregateOverSets<K extends GroupingSetsKind>(): DuckDbKind<K> {
  return {
    field: 'agg',
    sql: (bound, [relation]) => {
      const { keys, sets, aggs } = bound.transform as BoundGroupingSets;
      const names = keys.map((k) => q(k.name));
      const items = [...names, ...aggs.map((a) => `${sql(a.expr)} AS ${q(a.name)}`)];
      const text = `SELECT ${items.join(', ')} FROM ${relation} GROUP BY ${groupBy(bound.transform as BoundGroupingSets, names)}`;
      if (keys.length === 0) return text;
      const ranks = [...new Set(sets.map((set) => setMask(set, keys.length)))];
      const rank = `CASE grouping(${names.join(', ')}) ${ranks.map((mask, i) => `WHEN ${mask} THEN ${i}`).join(' ')} END`;
      return `${text} ORDER BY ${[rank, ...names.map((n) => `${n} ASC NULLS LAST`)].join(', ')}`;
    },
  };
}

export const rollupSql = aggregateOverSets<'rollup'>();
export const cubeSql = aggregateOverSets<'cube'>();
export const groupingSetsSql = aggregateOverSets<'grouping_sets'>();
