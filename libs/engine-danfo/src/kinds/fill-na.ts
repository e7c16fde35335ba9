import type { DanfoKind } from './danfo-kind';
import { runProjection } from './projection';

export const runFillNa: DanfoKind<'fill_na'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) =>
  runProjection(bound.transform.items, bound.columns, input, compileContext('value'), frames, signal, ref);
