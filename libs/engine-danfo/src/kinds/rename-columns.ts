import type { DanfoKind } from './danfo-kind';
import { runProjection } from './projection';

export const runRenameColumns: DanfoKind<'rename_columns'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) =>
  runProjection(bound.transform.items, bound.columns, input, compileContext('columns'), frames, signal, ref);
