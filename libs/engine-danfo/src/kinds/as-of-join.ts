import { throwIfAborted, isNumeric, compareValues, type Value, MICROS_PER_DAY } from '@pipeline/engine-core';
import { compileRowExpression } from '../compile-js';
import type { DanfoKind } from './danfo-kind';

/** A date (days) or timestamp (microseconds) as microseconds; numbers as they are. */
const micros = (v: number, type: string): number => (type === 'date' ? v * MICROS_PER_DAY : v);

// The ranking of as-of-join.ts in the DuckDB kinds: of each left row's candidates the closest,
// then the smaller as-of value, then the earlier right row; left rows keep their order.
export const runAsOfJoin: DanfoKind<'as_of_join'> = async ({ ref, bound, inputs: [left, right], signal, frames, compileContext }) => {
  const t = bound.transform;
  const names = [...t.leftColumns.map((c) => `${t.leftAsset}.${c.name}`), ...t.rightColumns.map((c) => `${t.rightAsset}.${c.name}`)];
  const candidate = compileRowExpression(t.candidate, { ...compileContext('on'), columnIndex: (name) => names.indexOf(name) });
  const leftCount = t.leftColumns.length;
  const l = names.indexOf(t.leftAsOf.name);
  const r = names.indexOf(t.rightAsOf.name) - leftCount;
  const numeric = isNumeric(t.leftAsOf.type) && isNumeric(t.rightAsOf.type);
  const distance = (a: number, b: number): number => (numeric ? Math.abs(b - a) : Math.abs(micros(b, t.rightAsOf.type) - micros(a, t.leftAsOf.type)));
  const buffer: Value[][] = names.map(() => [null]);
  const picks: [number, number][] = [];
  for (let i = 0; i < left.rowCount; i++) {
    for (let k = 0; k < leftCount; k++) buffer[k][0] = left.data[k][i];
    let best = -1;
    let bestDistance = 0;
    for (let j = 0; j < right.rowCount; j++) {
      for (let k = 0; k < t.rightColumns.length; k++) buffer[leftCount + k][0] = right.data[k][j];
      if (candidate(buffer, 0) !== true) continue;
      const d = distance(Number(left.data[l][i]), Number(right.data[r][j]));
      const better = best < 0 || d < bestDistance || (d === bestDistance && compareValues(right.data[r][j] as number, right.data[r][best] as number) < 0);
      if (better) {
        best = j;
        bestDistance = d;
      }
    }
    if (best >= 0 || t.type === 'left') picks.push([i, best]);
    throwIfAborted(signal, ref);
  }
  const data = t.output.map((o) => {
    const input = o.side === 'left' ? left : right;
    const values = input.data[input.columns.findIndex((c) => c.name === o.name)];
    return picks.map(([i, j]) => (o.side === 'left' ? values[i] : j < 0 ? null : values[j]));
  });
  return { frame: frames.fromColumns(bound.columns, data, picks.length), rowCount: picks.length };
};
