import { valueKey, forEachRow } from '@pipeline/engine-core';
import { compileRowExpression } from '../compile-js';
import type { DanfoKind } from './danfo-kind';

// The rows pass through unless onFailure is drop; a unique rule counts each value over the whole
// input, as the DuckDB backend does.
export const runAssertion: DanfoKind<'assertion'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) => {
  const { keep, unique } = bound.transform;
  if (keep === undefined && unique.length === 0) return { frame: input.frame, rowCount: input.rowCount };
  const ctx = compileContext('checks');
  const passes = keep === undefined ? () => true : compileRowExpression(keep, ctx);
  const repeated = unique.map((name) => {
    const values = input.data[ctx.columnIndex(name)] ?? [];
    const counts = new Map<string, number>();
    for (const v of values) if (v !== null) counts.set(valueKey(v as string | number | boolean), (counts.get(valueKey(v as string | number | boolean)) ?? 0) + 1);
    return (i: number): boolean => {
      const v = values[i] ?? null;
      return v !== null && (counts.get(valueKey(v as string | number | boolean)) ?? 0) > 1;
    };
  });
  const rows: number[] = [];
  await forEachRow(input.rowCount, signal, ref, (i) => {
    if (passes(input.data, i) === true && !repeated.some((r) => r(i))) rows.push(i);
  });
  return { frame: rows.length === input.rowCount ? input.frame : frames.rowsOf(input, rows), rowCount: rows.length };
};
