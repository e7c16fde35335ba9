import type { Expr } from '@pipeline/definition';
import type { BoundExpr } from '../bound-expr';
import { bindExpression } from '../bind-expression';
import { typeError } from '../../errors';
import type { RowCheck, RowChecks } from '../../quality/row-checks';
import { resolveColumn, type Binder } from './binder-kit';
import { chain, column, isNull } from './built-expr';

export interface BoundAssertion {
  readonly kind: 'assertion';
  readonly verify: RowChecks;
  /** onFailure drop: the rows kept are those meeting `keep` (every condition true) ... */
  readonly keep?: BoundExpr;
  /** ... whose values in each of these columns are NULL or no other row's. */
  readonly unique: readonly string[];
}

// The rows pass through (onFailure drop filters them); the checks are measured over the input
// once the step's relation exists, and each condition is bound here so a mistake fails before
// anything runs.
export const bindAssertion: Binder<'assertion', BoundAssertion> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const checks = source.checks.map((c, i): RowCheck => {
    if (c.rule === 'condition') {
      const field = `checks[${i}].rule`;
      const condition = c.condition as Expr;
      const bound = bindExpression(condition, { asset: ref, from: source.from, columns, field, context: 'row' });
      if (bound.type !== 'boolean' && bound.type !== 'null') throw typeError(ref, field, `must be a condition (got a value of type ${bound.type})`);
      return { label: c.text.trim(), field, condition };
    }
    const field = `checks[${i}].column`;
    const resolved = resolveColumn(ref, field, columns, c.column as string).name;
    const label = `${c.rule}(${resolved})`;
    return c.rule === 'unique'
      ? { label, field, column: resolved, unique: resolved }
      : { label, field, column: resolved, condition: isNull(column(resolved), true) };
  });
  const conditions = checks.flatMap((c) => (c.condition === undefined ? [] : [c.condition]));
  const keep =
    source.onFailure === 'drop' && conditions.length > 0
      ? bindExpression(chain('AND', conditions), { asset: ref, from: source.from, columns, field: 'checks', context: 'row' })
      : undefined;
  const unique = source.onFailure === 'drop' ? checks.flatMap((c) => (c.unique === undefined ? [] : [c.unique])) : [];
  return {
    transform: { kind: 'assertion', unique, ...(keep === undefined ? {} : { keep }), verify: { kind: 'assertion', from: source.from, code: 'E_QUALITY', onFailure: source.onFailure, over: 'input', checks } },
    columns,
  };
};
