import type { Binder } from './binder-kit';
import { bindSetOperation, type BoundSetOperation } from './set-operation';

export type BoundExcept = BoundSetOperation<'except'>;

export const bindExcept: Binder<'except', BoundExcept> = (ref, source, upstream) => bindSetOperation('except', ref, source, upstream);
