/**
 * Binds a lateral join (spec 8.40) as the join it is here: `right` is an asset computed on its
 * own, so the correlation lives in `on`; an inner join without conditions pairs every row (a
 * cross join), a left one keeps every pair too (and a left row alone when `right` is empty).
 */
import type { JoinSource } from '@pipeline/definition';
import { bindJoin, type BoundJoin } from './join';
import type { Binder } from './binder-kit';

export interface BoundLateralJoin extends Omit<BoundJoin, 'kind'> {
  readonly kind: 'lateral_join';
}

const TRUE = { kind: 'boolean', value: true, span: { start: 0, end: 0 } } as const;

export const bindLateralJoin: Binder<'lateral_join', BoundLateralJoin> = (ref, source, upstream) => {
  const type = source.type === 'inner' && source.on.length === 0 ? 'cross' : source.type;
  const on = type === 'left' && source.on.length === 0 ? [TRUE] : source.on;
  const join: JoinSource = { kind: 'join', left: source.left, right: [{ name: source.right, type, on }] };
  const { transform, columns } = bindJoin(ref, join, upstream);
  return { transform: { ...transform, kind: 'lateral_join' }, columns };
};

/** The bound join a lateral join runs as, on either backend. */
export function asJoin(transform: BoundLateralJoin): BoundJoin {
  return { ...transform, kind: 'join' };
}
