import type { Binder } from './binder-kit';

export interface BoundTail {
  readonly kind: 'tail';
  readonly count: number;
}

export const bindTail: Binder<'tail', BoundTail> = (_ref, source, upstream) => ({
  transform: { kind: 'tail', count: source.count },
  columns: upstream[0].columns,
});
