import type { Binder } from './binder-kit';

export interface BoundLimit {
  readonly kind: 'limit';
  readonly count: number;
}

export const bindLimit: Binder<'limit', BoundLimit> = (_ref, source, upstream) => ({
  transform: { kind: 'limit', count: source.count },
  columns: upstream[0].columns,
});
