import type { DanfoKind } from './danfo-kind';
import { sliceRows } from './row-slice';

export const runLimit: DanfoKind<'limit'> = async ({ bound, inputs: [input], frames }) => sliceRows(input, frames, 0, bound.transform.count);
