import { runSteps } from './add-columns';
import type { DanfoKind } from './danfo-kind';

export const runConditional: DanfoKind<'conditional'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) =>
  runSteps(bound.transform.steps, bound.columns, input, compileContext, () => 'branches', frames, signal, ref);
