/** Catalogue entry of the `conditional` kind: a CASE WHEN column. */
import type { ConditionalSource } from '../definition';
import type { Expr } from '../expr/ast';
import { expressionListAt, type KindDefinition, type ParsedExpressions } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_FIELD, EXPRESSION_FIELD } from './schema-parts';

/** Fields of a `conditional` source once checked. */
export interface ConditionalFields {
  readonly from: string;
  readonly outputColumn: string;
  readonly branches: readonly { readonly condition: string; readonly value: string }[];
  readonly otherwise?: string;
}

/** The `conditional` kind. */
export const CONDITIONAL_KIND: KindDefinition<'conditional', ConditionalFields> = {
  kind: 'conditional',
  role: 'transformation',
  description:
    'Adds `outputColumn` to `from`: the `value` of the first of `branches` whose `condition` holds, else `otherwise` (NULL when absent).',
  label: 'CONDITIONAL',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      outputColumn: COLUMN_FIELD,
      branches: {
        type: 'array',
        minItems: 1,
        description: 'non-empty list of branches',
        items: {
          type: 'object',
          properties: { condition: EXPRESSION_FIELD, value: EXPRESSION_FIELD },
          required: ['condition', 'value'],
          additionalProperties: false,
        },
      },
      otherwise: EXPRESSION_FIELD,
    },
    required: ['from', 'outputColumn', 'branches'],
    additionalProperties: false,
  },
  expressions: [
    { field: 'branches', item: 'condition', role: 'predicate', list: true },
    { field: 'branches', item: 'value', role: 'value', list: true },
    { field: 'otherwise', role: 'value', list: false },
  ],
  upstream: (source) => [source.from],
  build: (fields, expressions: ParsedExpressions): ConditionalSource => {
    const conditions = expressionListAt(expressions, 'branches.condition');
    const values = expressionListAt(expressions, 'branches.value');
    const otherwise = expressions['otherwise'];
    return {
      kind: 'conditional',
      from: fields.from,
      outputColumn: fields.outputColumn,
      branches: conditions.map((condition, i) => ({ condition, value: values[i] })),
      ...(otherwise === undefined || Array.isArray(otherwise) ? {} : { otherwise: otherwise as Expr }),
    };
  },
};
