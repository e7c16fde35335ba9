/** Catalogue entry of the `join` kind: left joined with each right target in turn. */
import { JOIN_TYPES } from '../definition';
import { expression, list, object, oneOf } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF } from './schema-parts';

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
  upstream: (source) => [source.left, ...source.right.map((r) => r.name)],
  build: (fields) => ({ kind: 'join', left: fields.left, right: fields.right.map((r) => ({ name: r.name, type: r.type, on: r.on })) }),
});
