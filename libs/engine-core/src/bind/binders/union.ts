import type { Binder } from './binder-kit';
import { bindSetOperation, type BoundSetOperation } from './set-operation';

export type BoundUnion = BoundSetOperation<'union'>;

export const bindUnion: Binder<'union', BoundUnion> = (ref, source, upstream) => bindSetOperation('union', ref, source, upstream);
