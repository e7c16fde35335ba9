/** Catalogue entry of the `assertion` kind (spec 8.28): quality rules checked inline. */
import type { AssertionCheck, AssertionSource } from '../definition';
import type { Expr } from '../expr/ast';
import type { KindDefinition, ParsedExpressions } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_FIELD } from './schema-parts';

/** Rules that name a column instead of holding a condition (spec 8.28.1). */
export const BUILT_IN_RULES = ['not_null', 'unique'] as const;

/** Fields of an `assertion` source once checked. */
export interface AssertionFields {
  readonly from: string;
  readonly checks: readonly { readonly column?: string; readonly rule: string; readonly description?: string }[];
  readonly onFailure?: 'fail' | 'warn' | 'drop';
}

function isBuiltIn(rule: string): rule is (typeof BUILT_IN_RULES)[number] {
  return (BUILT_IN_RULES as readonly string[]).includes(rule.trim());
}

/** The `assertion` kind. */
export const ASSERTION_KIND: KindDefinition<'assertion', AssertionFields> = {
  kind: 'assertion',
  role: 'transformation',
  description:
    'Checks the rows of `from` against `checks` (`not_null` or `unique` on a `column`, or a condition a row fails when false or NULL) and passes them on unchanged; `onFailure` fail (default: the job fails naming the check), warn (the job reports it) or drop (failing rows are removed).',
  label: 'ASSERTION',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      checks: {
        type: 'array',
        minItems: 1,
        description: 'non-empty list of checks',
        items: {
          type: 'object',
          properties: { column: COLUMN_FIELD, rule: { type: 'string', minLength: 1 }, description: { type: 'string' } },
          required: ['rule'],
          additionalProperties: false,
        },
      },
      onFailure: { type: 'string', enum: ['fail', 'warn', 'drop'] },
    },
    required: ['from', 'checks'],
    additionalProperties: false,
  },
  expressions: [{ field: 'checks', item: 'rule', role: 'predicate', list: true, skipItem: (rule) => typeof rule === 'string' && isBuiltIn(rule) }],
  check: (fields) => {
    for (const [i, c] of fields.checks.entries()) {
      if (isBuiltIn(c.rule) && c.column === undefined) return { field: `checks[${i}].column`, detail: `is required by rule ${c.rule.trim()}` };
    }
    return undefined;
  },
  upstream: (source) => [source.from],
  build: (fields, expressions: ParsedExpressions): AssertionSource => {
    const conditions = (expressions['checks.rule'] ?? []) as readonly Expr[];
    let next = 0;
    const checks = fields.checks.map((c): AssertionCheck => {
      const extra = {
        ...(c.column === undefined ? {} : { column: c.column }),
        ...(c.description === undefined ? {} : { description: c.description }),
      };
      if (isBuiltIn(c.rule)) return { rule: c.rule.trim() as 'not_null' | 'unique', text: c.rule.trim(), ...extra };
      return { rule: 'condition', condition: conditions[next++] as Expr, text: c.rule, ...extra };
    });
    return { kind: 'assertion', from: fields.from, checks, onFailure: fields.onFailure ?? 'fail' };
  },
};
