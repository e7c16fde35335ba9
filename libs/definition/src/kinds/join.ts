/** Catalogue entry of the `join` kind: left joined with each right target in turn. */
import type { Expr } from '@pipeline/expression';
import { JOIN_TYPES, type JoinType } from '../definition';
import { expression, list, object, oneOf } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF } from './schema-parts';

/** One join target: the right asset, the join type and its conditions (ANDed; none for cross). */
export interface JoinTarget {
  readonly name: string;
  readonly type: JoinType;
  readonly on: readonly Expr[];
}

/** Joins `left` with each of `right` in turn, each join taking the result so far as its left side. */
export interface JoinSource {
  readonly kind: 'join';
  readonly left: string;
  readonly right: readonly JoinTarget[];
}

/** The `join` kind. */
export const JOIN_KIND = defineKind({
  kind: 'join',
  role: 'transformation',
  description:
    'Joins `left` with each of `right` (`{name, type, on}`) in turn: inner, left, right, outer, cross, left_semi or left_anti, on conditions over qualified columns (ANDed); a column name both sides have is kept twice, as `<asset>.<column>`.',
  label: 'JOIN',
  fields: {
    left: ASSET_REF,
    right: list(
      object({
        name: ASSET_REF,
        type: oneOf(JOIN_TYPES),
        on: list(expression({ role: 'predicate', qualified: true }), { description: 'conditions over qualified columns' }),
      }),
      { minItems: 1, description: 'non-empty list of join targets' },
    ),
  },
  check: (fields) => {
    for (const [i, target] of fields.right.entries()) {
      if (target.type === 'cross' && target.on.length > 0) return { field: `right[${i}].on`, detail: 'must be [] for a cross join' };
      if (target.type !== 'cross' && target.on.length === 0) return { field: `right[${i}].on`, detail: `needs at least one condition (only a cross join has none)` };
    }
    return undefined;
  },
  build: (fields): JoinSource => ({ kind: 'join', left: fields.left, right: fields.right.map((r) => ({ name: r.name, type: r.type, on: r.on })) }),
  upstream: (source) => [source.left, ...source.right.map((r) => r.name)],
});
