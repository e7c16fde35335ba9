/** Catalogue entry of the `as_of_join` kind (`asOfJoin`): each left row with the closest right row in time or order. */
import type { Expr } from '@pipeline/expression';
import { AS_OF_DIRECTIONS } from '../definition';
import { expression, list, oneOf, optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN, FLAG } from './schema-parts';

/** Each `left` row with the closest `right` row by `leftAsOf` / `rightAsOf` among those `on` matches (spec 8.39). */
export interface AsOfJoinSource {
  readonly kind: 'as_of_join';
  readonly left: string;
  readonly right: string;
  readonly leftAsOf: string;
  readonly rightAsOf: string;
  readonly on: readonly Expr[];
  readonly type: 'inner' | 'left';
  readonly direction: (typeof AS_OF_DIRECTIONS)[number];
  /** The largest distance allowed between the two as-of values (a constant). */
  readonly tolerance?: Expr;
  readonly allowExactMatches: boolean;
}

/** The `as_of_join` kind. */
export const AS_OF_JOIN_KIND = defineKind({
  kind: 'as_of_join',
  specKey: 'asOfJoin',
  role: 'transformation',
  description:
    'Joins each row of `left` with at most one row of `right` among those the `on` conditions (qualified columns, ANDed) match: the latest with `rightAsOf` <= `leftAsOf` (`direction: backward`, the default), the earliest with `rightAsOf` >= `leftAsOf` (`forward`) or the closest either way (`nearest`; a tie goes to the earlier), strictly so when `allowExactMatches: false`, and within `tolerance` (a constant: a number, or an interval for dates and timestamps) when given; among equal candidates the first in right order; NULLs never match. `type: left` (the default) keeps left rows without a match, `inner` drops them. Left rows keep their order; a column name both sides have is kept twice, as `<asset>.<column>`.',
  label: 'AS OF JOIN',
  fields: {
    left: ASSET_REF,
    right: ASSET_REF,
    leftAsOf: COLUMN,
    rightAsOf: COLUMN,
    on: optional(list(expression({ role: 'predicate', qualified: true }), { description: 'conditions over qualified columns' })),
    type: optional(oneOf(['inner', 'left'])),
    direction: optional(oneOf(AS_OF_DIRECTIONS)),
    tolerance: optional(expression({ role: 'value' })),
    allowExactMatches: optional(FLAG),
  },
  check: (fields) => (fields.left === fields.right ? { field: 'right', detail: 'must name another asset than left' } : undefined),
  build: (fields): AsOfJoinSource => ({
    kind: 'as_of_join',
    left: fields.left,
    right: fields.right,
    leftAsOf: fields.leftAsOf,
    rightAsOf: fields.rightAsOf,
    on: fields.on ?? [],
    type: fields.type ?? 'left',
    direction: fields.direction ?? 'backward',
    ...(fields.tolerance === undefined ? {} : { tolerance: fields.tolerance }),
    allowExactMatches: fields.allowExactMatches ?? true,
  }),
  upstream: (source) => [source.left, source.right],
});
