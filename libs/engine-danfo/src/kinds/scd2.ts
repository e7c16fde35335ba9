import { scd2Problems, engineError, throwIfAborted, valueKey, type Value } from '@pipeline/engine-core';
import { compileRowExpression } from '../compile-js';
import type { DanfoKind } from './danfo-kind';
import { evaluateColumns, rowKey } from './evaluate';

// The rules of scd2.ts in the DuckDB kinds: open rows pair with incoming rows of the same key
// (NULLs equal); a changed pair closes the open row and opens the incoming one; every current row
// is kept in its order, then the opened rows in incoming order.
export const runScd2: DanfoKind<'scd2'> = async ({ ref, bound, inputs: [current, incoming], signal, frames, compileContext }) => {
  const t = bound.transform;
  const problems = scd2Problems(t);
  const refuse = (problem: string): never => {
    throw engineError('E_VALUE', { asset: ref, field: 'keyColumns', problem });
  };
  const cur = evaluateColumns(t.data.map((c) => c.current), current, compileContext('current'));
  const [start, end, flag] = evaluateColumns([t.start.current, t.end.current, t.flag.current], current, compileContext('current'));
  const inc = evaluateColumns(t.data.map((c) => c.incoming), incoming, compileContext('incoming'));
  const now = compileRowExpression(t.now, compileContext('startDateColumn'))([], 0);
  throwIfAborted(signal, ref);
  const curKeys = t.keys.map((k) => cur[k]);
  const incKeys = t.keys.map((k) => inc[k]);
  const incomingByKey = new Map<string, number>();
  for (let i = 0; i < incoming.rowCount; i++) {
    const key = rowKey(incKeys, i);
    if (incomingByKey.has(key)) refuse(problems.incoming);
    incomingByKey.set(key, i);
  }
  const openByKey = new Map<string, number>();
  for (let r = 0; r < current.rowCount; r++) {
    if (flag[r] !== true) continue;
    const key = rowKey(curKeys, r);
    if (openByKey.has(key)) refuse(problems.current);
    openByKey.set(key, r);
  }
  const closed = new Set<number>();
  const unchanged = new Set<number>();
  for (const [key, r] of openByKey) {
    const i = incomingByKey.get(key);
    if (i === undefined) continue;
    const changed = t.tracked.some((k) => valueKey(cur[k][r]) !== valueKey(inc[k][i]));
    if (changed) closed.add(r);
    else unchanged.add(i);
  }
  const opened: number[] = [];
  for (let i = 0; i < incoming.rowCount; i++) if (!unchanged.has(i)) opened.push(i);
  const data: Value[][] = [
    ...t.data.map((_, k) => [...cur[k], ...opened.map((i) => inc[k][i])]),
    [...start, ...opened.map(() => now)],
    [...end.map((v, r) => (closed.has(r) ? now : v)), ...opened.map(() => null)],
    [...flag.map((v, r) => (closed.has(r) ? false : v)), ...opened.map(() => true)],
  ];
  const rowCount = current.rowCount + opened.length;
  return { frame: frames.fromColumns(bound.columns, data, rowCount), rowCount };
};
