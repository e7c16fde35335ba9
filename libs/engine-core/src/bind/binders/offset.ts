import type { Binder } from './binder-kit';

export interface BoundOffset {
  readonly kind: 'offset';
  readonly count: number;
}

export const bindOffset: Binder<'offset', BoundOffset> = (_ref, source, upstream) => ({
  transform: { kind: 'offset', count: source.count },
  columns: upstream[0].columns,
});
