/** Catalogue entry of the `lateral_join` kind (`lateralJoin`): `left` joined with the asset `right`. */
import type { Expr } from '@pipeline/expression';
import { expression, list, oneOf, optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF } from './schema-parts';

/** `left` joined with the asset `right` (spec 8.40), correlated through `on` (none: every pair). */
export interface LateralJoinSource {
  readonly kind: 'lateral_join';
  readonly left: string;
  readonly right: string;
  readonly type: 'inner' | 'left' | 'cross';
  readonly on: readonly Expr[];
}

const ASSET_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,127}$/;

/** The `lateral_join` kind. */
export const LATERAL_JOIN_KIND = defineKind({
  kind: 'lateral_join',
  specKey: 'lateralJoin',
  role: 'transformation',
  description:
    'Joins `left` with the asset `right` (inner, the default, left or cross); the correlation is given by the `on` conditions over qualified columns of both (ANDed; none: every pair). `right` names an asset computed on its own: a correlated subquery or table function there would be raw SQL, which this service does not run. Rows in left order, then right order; a column name both sides have is kept twice, as `<asset>.<column>`.',
  label: 'LATERAL JOIN',
  fields: {
    left: ASSET_REF,
    right: ASSET_REF,
    type: optional(oneOf(['inner', 'left', 'cross'])),
    on: optional(list(expression({ role: 'predicate', qualified: true }), { description: 'conditions over qualified columns' })),
  },
  check: (fields) => {
    if (!ASSET_NAME.test(fields.right)) {
      return {
        field: 'right',
        detail: `must name an asset ("${fields.right}" is not an asset name): a correlated subquery or table function would be raw SQL, which this service does not run; compute the right side as an asset of its own and correlate it through on`,
      };
    }
    if (fields.left === fields.right) return { field: 'right', detail: 'must name another asset than left' };
    if (fields.type === 'cross' && (fields.on ?? []).length > 0) return { field: 'on', detail: 'must be [] for a cross join' };
    return undefined;
  },
  build: (fields): LateralJoinSource => ({ kind: 'lateral_join', left: fields.left, right: fields.right, type: fields.type ?? 'inner', on: fields.on ?? [] }),
  upstream: (source) => [source.left, source.right],
});
