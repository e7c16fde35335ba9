/** Catalogue entry of the `assertion` kind (spec 8.28): quality rules checked inline. */
import type { Expr } from '@pipeline/expression';
import { expressionOrText, list, object, oneOf, optional, text } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN } from './schema-parts';

/** One rule of an assertion: `not_null` or `unique` on a column, or a condition each row must meet. */
export interface AssertionCheck {
  readonly rule: 'not_null' | 'unique' | 'condition';
  readonly column?: string;
  readonly condition?: Expr;
  /** The rule as written (`not_null`, `amount > 0`), for messages. */
  readonly text: string;
  readonly description?: string;
}

/** Checks the rows of `from` without changing them (spec 8.28): fails, warns or drops failing rows. */
export interface AssertionSource {
  readonly kind: 'assertion';
  readonly from: string;
  readonly checks: readonly AssertionCheck[];
  readonly onFailure: 'fail' | 'warn' | 'drop';
}

/** Rules that name a column instead of holding a condition (spec 8.28.1). */
export const BUILT_IN_RULES = ['not_null', 'unique'] as const;

function isBuiltIn(rule: string): rule is (typeof BUILT_IN_RULES)[number] {
  return (BUILT_IN_RULES as readonly string[]).includes(rule.trim());
}

/** The `assertion` kind. */
export const ASSERTION_KIND = defineKind({
  kind: 'assertion',
  role: 'transformation',
  description:
    'Checks the rows of `from` against `checks` (`not_null` or `unique` on a `column`, or a condition a row fails when false or NULL) and passes them on unchanged; `onFailure` fail (default: the job fails naming the check), warn (the job reports it) or drop (failing rows are removed).',
  label: 'ASSERTION',
  fields: {
    from: ASSET_REF,
    checks: list(
      object({
        column: optional(COLUMN),
        rule: expressionOrText({ role: 'predicate' }, isBuiltIn, { type: 'string', minLength: 1 }),
        description: optional(text()),
      }),
      { minItems: 1, description: 'non-empty list of checks' },
    ),
    onFailure: optional(oneOf(['fail', 'warn', 'drop'])),
  },
  check: (fields) => {
    for (const [i, c] of fields.checks.entries()) {
      if (isBuiltIn(c.rule) && c.column === undefined) return { field: `checks[${i}].column`, detail: `is required by rule ${c.rule.trim()}` };
    }
    return undefined;
  },
  build: (fields, written): AssertionSource => {
    const checks = fields.checks.map((c, i): AssertionCheck => {
      const extra = {
        ...(c.column === undefined ? {} : { column: c.column }),
        ...(c.description === undefined ? {} : { description: c.description }),
      };
      if (typeof c.rule === 'string') return { rule: c.rule.trim() as 'not_null' | 'unique', text: c.rule.trim(), ...extra };
      return { rule: 'condition', condition: c.rule, text: written.checks[i]?.rule ?? '', ...extra };
    });
    return { kind: 'assertion', from: fields.from, checks, onFailure: fields.onFailure ?? 'fail' };
  },
  upstream: (source) => [source.from],
});
