import type { GroupingSetsKind } from '@pipeline/definition';
import {
  throwIfAborted,
  compareValues,
  valueKey,
  type Value,
  setMask,
  type BoundGroupingSets,
  forEachRow,
} from '@pipeline/engine-core';
import { compileGroupExpression } from '../compile-js';
import type { DanfoKind } from './danfo-kind';

/** Ascending, NULLs last, key by key (the order DuckDB's ORDER BY ... ASC NULLS LAST gives). */
export function compareKeyRows(a: readonly Value[], b: readonly Value[]): number {
  for (let k = 0; k < a.length; k++) {
    const x = a[k];
    const y = b[k];
    if (x === y) continue;
    if (x === null || y === null) return x === null ? 1 : -1;
    const d = compareValues(x, y);
    if (d !== 0) return d;
  }
  return 0;
}

// Each set groups the rows by its own keys; the keys it leaves out are NULL in its rows and
// grouping() is 1 for them. Sets with the same keys share one place (the first), and within a
// place rows are sorted by key values, as the DuckDB statement orders them.
function aggregateOverSets<K extends GroupingSetsKind>(): DanfoKind<K> {
  return async ({ ref, bound, inputs: [input], signal, frames, compileContext }) => {
    const { keys, sets, aggs } = bound.transform as BoundGroupingSets;
    const keyData = keys.map((k) => input.data[input.columns.findIndex((c) => c.name === k.name)]);
    const places = new Map<number, { keys: Value[]; aggs: Value[] }[]>();
    for (const set of sets) {
      const groups = new Map<string, number[]>();
      if (set.length === 0) groups.set('', []);
      await forEachRow(input.rowCount, signal, ref, (i) => {
        let key = '';
        for (const k of set) key += `${valueKey(keyData[k][i])}\u0000`;
        const g = groups.get(key);
        if (g === undefined) groups.set(key, [i]);
        else g.push(i);
      });
      const groupedOut = new Set(keys.filter((_, k) => !set.includes(k)).map((c) => c.name));
      const aggFns = aggs.map((a) => compileGroupExpression(a.expr, { ...compileContext('agg'), groupedOut }));
      const mask = setMask(set, keys.length);
      const rows = places.get(mask) ?? [];
      places.set(mask, rows);
      for (const members of groups.values()) {
        throwIfAborted(signal, ref);
        rows.push({
          keys: keyData.map((data, k) => (set.includes(k) && members.length > 0 ? data[members[0]] : null)),
          aggs: aggFns.map((f) => f(input.data, members)),
        });
      }
    }
    const ordered = [...places.values()].flatMap((rows) => rows.sort((a, b) => compareKeyRows(a.keys, b.keys)));
    const out: Value[][] = [...keys, ...aggs].map((_, c) => ordered.map((row) => (c < keys.length ? row.keys[c] : row.aggs[c - keys.length])));
    return { frame: frames.fromColumns(bound.columns, out, ordered.length), rowCount: ordered.length };
  };
}

export const runRollup = aggregateOverSets<'rollup'>();
export const runCube = aggregateOverSets<'cube'>();
export const runGroupingSets = aggregateOverSets<'grouping_sets'>();
