import type { AddColumnStep } from './add-columns';
import { bindColumnSteps } from './add-columns';
import type { Binder } from './binder-kit';

/** A window step: one computed column per function, appended (or replacing one of the same name) in order. */
export interface BoundWindowStep {
  readonly kind: 'window';
  readonly steps: readonly AddColumnStep[];
}

export const bindWindowStep: Binder<'window', BoundWindowStep> = (ref, source, upstream) => {
  const { steps, columns } = bindColumnSteps(ref, source.from, source.columns, upstream[0].columns, (i) => `functions[${i}].expression`);
  return { transform: { kind: 'window', steps }, columns };
};
