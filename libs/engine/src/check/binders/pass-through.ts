import type { Binder } from './binder-kit';

/** The physical hints: their rows pass through unchanged. */
export interface BoundPassThrough<K extends 'repartition' | 'coalesce' | 'hint'> {
  readonly kind: K;
}

function passThrough<K extends 'repartition' | 'coalesce' | 'hint'>(kind: K): Binder<K, BoundPassThrough<K>> {
  return (_ref, _source, upstream) => ({ transform: { kind }, columns: upstream[0].columns });
}

export const bindRepartition = passThrough('repartition');
export const bindCoalesce = passThrough('coalesce');
export const bindHint = passThrough('hint');
