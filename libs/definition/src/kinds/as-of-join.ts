/** Catalogue entry of the `as_of_join` kind (`asOfJoin`): each left row with the closest right row in time or order. */
import { AS_OF_DIRECTIONS, type AsOfJoinSource } from '../definition';
import { expressionListAt, type KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_FIELD, EXPRESSION_FIELD, FLAG_FIELD } from './schema-parts';

/** Fields of an `asOfJoin` source once checked. */
export interface AsOfJoinFields {
  readonly left: string;
  readonly right: string;
  readonly leftAsOf: string;
  readonly rightAsOf: string;
  readonly on?: readonly string[];
  readonly type?: 'inner' | 'left';
  readonly direction?: AsOfJoinSource['direction'];
  readonly tolerance?: string;
  readonly allowExactMatches?: boolean;
}

/** The `as_of_join` kind. */
export const AS_OF_JOIN_KIND: KindDefinition<'as_of_join', AsOfJoinFields> = {
  kind: 'as_of_join',
  specKey: 'asOfJoin',
  role: 'transformation',
  description:
    'Joins each row of `left` with at most one row of `right` among those the `on` conditions (qualified columns, ANDed) match: the latest with `rightAsOf` <= `leftAsOf` (`direction: backward`, the default), the earliest with `rightAsOf` >= `leftAsOf` (`forward`) or the closest either way (`nearest`; a tie goes to the earlier), strictly so when `allowExactMatches: false`, and within `tolerance` (a constant: a number, or an interval for dates and timestamps) when given; among equal candidates the first in right order; NULLs never match. `type: left` (the default) keeps left rows without a match, `inner` drops them. Left rows keep their order; a column name both sides have is kept twice, as `<asset>.<column>`.',
  label: 'AS OF JOIN',
  schema: {
    type: 'object',
    properties: {
      left: ASSET_REF_FIELD,
      right: ASSET_REF_FIELD,
      leftAsOf: COLUMN_FIELD,
      rightAsOf: COLUMN_FIELD,
      on: { type: 'array', items: EXPRESSION_FIELD, description: 'conditions over qualified columns' },
      type: { type: 'string', enum: ['inner', 'left'] },
      direction: { type: 'string', enum: [...AS_OF_DIRECTIONS] },
      tolerance: EXPRESSION_FIELD,
      allowExactMatches: FLAG_FIELD,
    },
    required: ['left', 'right', 'leftAsOf', 'rightAsOf'],
    additionalProperties: false,
  },
  expressions: [
    { field: 'on', role: 'predicate', list: true, qualifiedColumns: true },
    { field: 'tolerance', role: 'value', list: false },
  ],
  check: (fields) => (fields.left === fields.right ? { field: 'right', detail: 'must name another asset than left' } : undefined),
  upstream: (source) => [source.left, source.right],
  build: (fields, expressions): AsOfJoinSource => {
    const tolerance = expressions['tolerance'];
    return {
      kind: 'as_of_join',
      left: fields.left,
      right: fields.right,
      leftAsOf: fields.leftAsOf,
      rightAsOf: fields.rightAsOf,
      on: expressions['on'] === undefined ? [] : expressionListAt(expressions, 'on'),
      type: fields.type ?? 'left',
      direction: fields.direction ?? 'backward',
      ...(tolerance === undefined || Array.isArray(tolerance) ? {} : { tolerance: tolerance as AsOfJoinSource['on'][number] }),
      allowExactMatches: fields.allowExactMatches ?? true,
    };
  },
};
