/** Computes an asset column by column from bound items over one input (select and the column kinds). */
import { type Column, type BoundItem, type Value, forEachRow } from '@pipeline/engine-core';
import { compileRowExpression, type JsCompileContext } from '../compile-js';
import type { DanfoInput, DanfoResult, FrameMaker } from './danfo-kind';

export async function runProjection(
  items: readonly BoundItem[],
  columns: readonly Column[],
  input: DanfoInput,
  ctx: JsCompileContext,
  frames: FrameMaker,
  signal: AbortSignal | undefined,
  ref: string,
): Promise<DanfoResult> {
  const n = input.rowCount;
  const positions = items.map((i) => (i.expr.kind === 'column' && i.name === i.expr.name ? ctx.columnIndex(i.expr.name) : -1));
  if (positions.every((p) => p >= 0) && n > 0) {
    // Plain projection: take the columns by position.
    return { frame: input.frame.iloc({ columns: positions }), rowCount: n };
  }
  const out: Value[][] = [];
  for (const item of items) {
    const position = item.expr.kind === 'column' ? ctx.columnIndex(item.expr.name) : -1;
    if (position >= 0) {
      // A column passed through (perhaps renamed): its values as they are.
      out.push(input.data[position] as Value[]);
      continue;
    }
    const fn = compileRowExpression(item.expr, ctx);
    const values: Value[] = new Array(n);
    await forEachRow(n, signal, ref, (i) => {
      values[i] = fn(input.data, i);
    });
    out.push(values);
  }
  return { frame: frames.fromColumns(columns, out, n), rowCount: n };
}
