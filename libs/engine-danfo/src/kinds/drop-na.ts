import type { DanfoKind } from './danfo-kind';
import { runFilter } from './where';

export const runDropNa: DanfoKind<'drop_na'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) =>
  runFilter(bound.transform.filter, input, compileContext('columns'), frames, signal, ref);
