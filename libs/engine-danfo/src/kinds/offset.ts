import type { DanfoKind } from './danfo-kind';
import { sliceRows } from './row-slice';

export const runOffset: DanfoKind<'offset'> = async ({ bound, inputs: [input], frames }) =>
  sliceRows(input, frames, bound.transform.count, input.rowCount);
