import { compileRowExpression } from '../compile-js';
import { forEachRow } from '../row-loop';
import type { DanfoKind } from './danfo-kind';

export const runWhere: DanfoKind<'where'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) => {
  const filter = compileRowExpression(bound.transform.filter, compileContext('filter'));
  const keep: number[] = [];
  await forEachRow(input.rowCount, signal, ref, (i) => {
    if (filter(input.data, i) === true) keep.push(i);
  });
  const frame = keep.length === input.rowCount ? input.frame : frames.rowsOf(input, keep);
  return { frame, rowCount: keep.length };
};
