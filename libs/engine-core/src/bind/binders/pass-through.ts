import type { Binder } from './binder-kit';

/** The physical hints, and a split (its `pass` and `fail` assets filter it): their rows pass through unchanged. */
export interface BoundPassThrough<K extends 'repartition' | 'coalesce' | 'hint' | 'split'> {
  readonly kind: K;
}

function passThrough<K extends 'repartition' | 'coalesce' | 'hint' | 'split'>(kind: K): Binder<K, BoundPassThrough<K>> {
  return (_ref, _source, upstream) => ({ transform: { kind }, columns: upstream[0].columns });
}

export const bindRepartition = passThrough('repartition');
export const bindCoalesce = passThrough('coalesce');
export const bindHint = passThrough('hint');
// A split holds every row of `from`; validation made its `pass` and `fail` assets as filters over it.
export const bindSplit = passThrough('split');
