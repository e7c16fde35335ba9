/**
 * Binds rollup, cube and groupingSets (spec 8.23, 8.24, 8.42): the key columns resolved in the
 * upstream, the aggregates bound with the keys as grouping keys (a key outside the row's set reads
 * NULL there; grouping(key) tells which). Output: the keys, then the aggregates.
 */
import type { GroupingSetsKind, GroupingSetsSource } from '@pipeline/definition';
import type { Column } from '../bind-expression';
import { bindExpression } from '../bind-expression';
import { item, resolveColumn, uniqueColumns, type Binder, type BoundItem } from './binder-kit';

export interface BoundGroupingSets<K extends GroupingSetsKind = GroupingSetsKind> {
  readonly kind: K;
  /** The key columns, as resolved in the upstream. */
  readonly keys: readonly Column[];
  /** The grouping sets, as positions in `keys`, in output order. */
  readonly sets: readonly (readonly number[])[];
  readonly aggs: readonly BoundItem[];
}

/** The grouping-set masks DuckDB's grouping(k1, ..., kn) gives: a key the set leaves out sets its bit, k1 the highest. */
export function setMask(set: readonly number[], keyCount: number): number {
  let mask = 0;
  for (let k = 0; k < keyCount; k++) if (!set.includes(k)) mask += 2 ** (keyCount - 1 - k);
  return mask;
}

function bindGroupingSetsOf<K extends GroupingSetsKind>(keysField: string): Binder<K, BoundGroupingSets<K>> {
  return (ref, written, upstream) => {
    const source = written as GroupingSetsSource;
    const columns = upstream[0].columns;
    const keys = source.keys.map((name) => resolveColumn(ref, keysField, columns, name));
    const scope = { asset: ref, from: source.from, columns, field: 'agg', context: 'aggregate' as const, groupKeys: keys.map((k) => k.name) };
    const aggs = source.agg.map((e) => item(e, bindExpression(e, scope)));
    return {
      transform: { kind: source.kind as K, keys, sets: source.sets, aggs },
      columns: uniqueColumns(ref, [...keys, ...aggs]),
    };
  };
}

export const bindRollup = bindGroupingSetsOf<'rollup'>('by');
export const bindCube = bindGroupingSetsOf<'cube'>('by');
export const bindGroupingSets = bindGroupingSetsOf<'grouping_sets'>('sets');
