import { type BoundExpr, forEachRow } from '@pipeline/engine-core';
import { compileRowExpression, type JsCompileContext } from '../compile-js';
import type { DanfoInput, DanfoKind, DanfoResult, FrameMaker } from './danfo-kind';

/** The rows of `input` for which `filter` is true (NULL counts as false). */
export async function runFilter(
  filter: BoundExpr,
  input: DanfoInput,
  ctx: JsCompileContext,
  frames: FrameMaker,
  signal: AbortSignal | undefined,
  ref: string,
): Promise<DanfoResult> {
  const keepRow = compileRowExpression(filter, ctx);
  const keep: number[] = [];
  await forEachRow(input.rowCount, signal, ref, (i) => {
    if (keepRow(input.data, i) === true) keep.push(i);
  });
  const frame = keep.length === input.rowCount ? input.frame : frames.rowsOf(input, keep);
  return { frame, rowCount: keep.length };
}

export const runWhere: DanfoKind<'where'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) =>
  runFilter(bound.transform.filter, input, compileContext('filter'), frames, signal, ref);
