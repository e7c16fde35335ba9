import { type Column, type BoundItem, throwIfAborted, valueKey, type Value, forEachRow } from '@pipeline/engine-core';
import { compileGroupExpression, type JsCompileContext } from '../compile-js';
import type { DanfoInput, DanfoKind, FrameMaker } from './danfo-kind';
import { compareKeyRows } from './grouping-sets';

/** Groups `input` by `keys` and computes `cells` per group; rows sorted by key values, NULLs last. */
export async function groupedCells(
  ref: string,
  input: DanfoInput,
  keys: readonly Column[],
  cells: readonly BoundItem[],
  signal: AbortSignal | undefined,
  context: JsCompileContext,
): Promise<Value[][]> {
  const keyData = keys.map((k) => input.data[input.columns.findIndex((c) => c.name === k.name)]);
  const groups = new Map<string, number[]>();
  await forEachRow(input.rowCount, signal, ref, (i) => {
    let key = '';
    for (const data of keyData) key += `${valueKey(data[i])}\u0000`;
    const g = groups.get(key);
    if (g === undefined) groups.set(key, [i]);
    else g.push(i);
  });
  const fns = cells.map((c) => compileGroupExpression(c.expr, context));
  const rows = [...groups.values()].map((members) => {
    throwIfAborted(signal, ref);
    return { keys: keyData.map((data) => data[members[0]]), cells: fns.map((f) => f(input.data, members)) };
  });
  rows.sort((a, b) => compareKeyRows(a.keys, b.keys));
  return [...keys.map((_, k) => rows.map((r) => r.keys[k])), ...cells.map((_, c) => rows.map((r) => r.cells[c]))];
}

/** The frame of `columns` from column-major `data`. */
export function frameOf(frames: FrameMaker, columns: readonly Column[], data: Value[][]): { frame: ReturnType<FrameMaker['fromColumns']>; rowCount: number } {
  const rowCount = data[0]?.length ?? 0;
  return { frame: frames.fromColumns(columns, data, rowCount), rowCount };
}

export const runPivot: DanfoKind<'pivot'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) => {
  const { keys, cells } = bound.transform;
  return frameOf(frames, bound.columns, await groupedCells(ref, input, keys, cells, signal, compileContext('agg')));
};
