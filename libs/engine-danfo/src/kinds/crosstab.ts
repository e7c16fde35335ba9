import type { DanfoKind } from './danfo-kind';
import { frameOf, groupedCells } from './pivot';

export const runCrosstab: DanfoKind<'crosstab'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) => {
  const { key, cells } = bound.transform;
  return frameOf(frames, bound.columns, await groupedCells(ref, input, [key], cells, signal, compileContext('col2')));
};
