import type { Binder } from './binder-kit';

export interface BoundSample {
  readonly kind: 'sample';
  readonly lowerBound: number;
  readonly upperBound: number;
  readonly seed: number;
  /** Spark's Poisson sampling: each row repeated k ~ Poisson(upperBound - lowerBound) times. */
  readonly withReplacement: boolean;
}

export const bindSample: Binder<'sample', BoundSample> = (_ref, source, upstream) => ({
  transform: { kind: 'sample', lowerBound: source.lowerBound, upperBound: source.upperBound, seed: source.seed, withReplacement: source.withReplacement },
  columns: upstream[0].columns,
});
