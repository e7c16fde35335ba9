import { throwIfAborted, valueKey, type Value, forEachRow } from '@pipeline/engine-core';
import { compileGroupExpression, compileRowExpression } from '../compile-js';
import type { DanfoKind } from './danfo-kind';

export const runGroupBy: DanfoKind<'group_by'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) => {
  const { keys, aggs } = bound.transform;
  const cols = input.data;
  const keyFns = keys.map((k) => compileRowExpression(k.expr, compileContext('by')));
  const groups = new Map<string, number[]>();
  if (keys.length === 0) groups.set('', []);
  await forEachRow(input.rowCount, signal, ref, (i) => {
    let key = '';
    for (const f of keyFns) key += `${valueKey(f(cols, i))}\u0000`;
    const g = groups.get(key);
    if (g === undefined) groups.set(key, [i]);
    else g.push(i);
  });
  const aggFns = aggs.map((a) => compileGroupExpression(a.expr, compileContext('agg')));
  const out: Value[][] = [...keys, ...aggs].map(() => []);
  for (const rows of groups.values()) {
    throwIfAborted(signal, ref);
    keyFns.forEach((f, k) => out[k].push(f(cols, rows[0])));
    aggFns.forEach((f, a) => out[keys.length + a].push(f(cols, rows)));
  }
  return { frame: frames.fromColumns(bound.columns, out, groups.size), rowCount: groups.size };
};
