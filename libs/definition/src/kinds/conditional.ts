/** Catalogue entry of the `conditional` kind: a CASE WHEN column. */
import type { Expr } from '@pipeline/expression';
import { expression, list, object, optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN } from './schema-parts';

/** Adds `outputColumn`: the value of the first branch whose condition holds, else `otherwise` (NULL). */
export interface ConditionalSource {
  readonly kind: 'conditional';
  readonly from: string;
  readonly outputColumn: string;
  readonly branches: readonly { readonly condition: Expr; readonly value: Expr }[];
  readonly otherwise?: Expr;
}

/** The `conditional` kind. */
export const CONDITIONAL_KIND = defineKind({
  kind: 'conditional',
  role: 'transformation',
  description:
    'Adds `outputColumn` to `from`: the `value` of the first of `branches` whose `condition` holds, else `otherwise` (NULL when absent).',
  label: 'CONDITIONAL',
  fields: {
    from: ASSET_REF,
    outputColumn: COLUMN,
    branches: list(object({ condition: expression({ role: 'predicate' }), value: expression({ role: 'value' }) }), {
      minItems: 1,
      description: 'non-empty list of branches',
    }),
    otherwise: optional(expression({ role: 'value' })),
  },
  build: (fields): ConditionalSource => ({
    kind: 'conditional',
    from: fields.from,
    outputColumn: fields.outputColumn,
    branches: fields.branches.map((b) => ({ condition: b.condition, value: b.value })),
    ...(fields.otherwise === undefined ? {} : { otherwise: fields.otherwise }),
  }),
  upstream: (source) => [source.from],
});
