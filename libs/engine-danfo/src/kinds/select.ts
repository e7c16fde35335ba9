import { unsupportedFunction } from '@pipeline/engine-core';
import type { DanfoKind } from './danfo-kind';
import { runProjection } from './projection';

export const runSelect: DanfoKind<'select'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) => {
  // Validation refuses generators on danfo (V-014); this keeps a generator entry from running as helper columns.
  const { generator } = bound.transform;
  if (generator !== undefined) throw unsupportedFunction(ref, generator.call.name, 'danfo', 'generators yield rows, which danfo does not compute');
  return runProjection(bound.transform.items, bound.columns, input, compileContext('columns'), frames, signal, ref);
};
