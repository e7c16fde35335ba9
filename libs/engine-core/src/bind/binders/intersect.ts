import type { Binder } from './binder-kit';
import { bindSetOperation, type BoundSetOperation } from './set-operation';

export type BoundIntersect = BoundSetOperation<'intersect'>;

export const bindIntersect: Binder<'intersect', BoundIntersect> = (ref, source, upstream) => bindSetOperation('intersect', ref, source, upstream);
