/** Catalogue entry of the `join` kind: left joined with each right target in turn. */
import { JOIN_TYPES, type JoinSource, type JoinType } from '../definition';
import { expressionListAt, type KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, EXPRESSION_FIELD } from './schema-parts';

/** Fields of a `join` source once checked. */
export interface JoinFields {
  readonly left: string;
  readonly right: readonly { readonly name: string; readonly type: JoinType; readonly on: readonly string[] }[];
}

/** The `join` kind. */
export const JOIN_KIND: KindDefinition<'join', JoinFields> = {
  kind: 'join',
  role: 'transformation',
  description:
    'Joins `left` with each of `right` (`{name, type, on}`) in turn: inner, left, right, outer, cross, left_semi or left_anti, on conditions over qualified columns (ANDed); a column name both sides have is kept twice, as `<asset>.<column>`.',
  label: 'JOIN',
  schema: {
    type: 'object',
    properties: {
      left: ASSET_REF_FIELD,
      right: {
        type: 'array',
        minItems: 1,
        description: 'non-empty list of join targets',
        items: {
          type: 'object',
          properties: {
            name: ASSET_REF_FIELD,
            type: { type: 'string', enum: [...JOIN_TYPES] },
            on: { type: 'array', items: EXPRESSION_FIELD, description: 'conditions over qualified columns' },
          },
          required: ['name', 'type', 'on'],
          additionalProperties: false,
        },
      },
    },
    required: ['left', 'right'],
    additionalProperties: false,
  },
  expressions: [{ field: 'right', item: 'on', itemList: true, role: 'predicate', list: true, qualifiedColumns: true }],
  check: (fields) => {
    for (const [i, target] of fields.right.entries()) {
      if (target.type === 'cross' && target.on.length > 0) return { field: `right[${i}].on`, detail: 'must be [] for a cross join' };
      if (target.type !== 'cross' && target.on.length === 0) return { field: `right[${i}].on`, detail: `needs at least one condition (only a cross join has none)` };
    }
    return undefined;
  },
  upstream: (source) => [source.left, ...source.right.map((r) => r.name)],
  build: (fields, expressions): JoinSource => {
    const conditions = expressionListAt(expressions, 'right.on');
    let next = 0;
    return {
      kind: 'join',
      left: fields.left,
      right: fields.right.map((r) => {
        const on = conditions.slice(next, next + r.on.length);
        next += r.on.length;
        return { name: r.name, type: r.type, on };
      }),
    };
  },
};
