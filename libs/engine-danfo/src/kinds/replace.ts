import type { DanfoKind } from './danfo-kind';
import { runProjection } from './projection';

export const runReplace: DanfoKind<'replace'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) =>
  runProjection(bound.transform.items, bound.columns, input, compileContext('mappings'), frames, signal, ref);
