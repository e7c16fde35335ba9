import type { DanfoKind } from './danfo-kind';
import { sliceRows } from './row-slice';

export const runTail: DanfoKind<'tail'> = async ({ bound, inputs: [input], frames }) =>
  sliceRows(input, frames, input.rowCount - bound.transform.count, input.rowCount);
