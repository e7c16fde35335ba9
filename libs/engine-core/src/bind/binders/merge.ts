/**
 * Binds a merge (spec 8.37). Conditions of `on` and of `whenMatched` see both rows, their columns
 * named `<asset>.<column>` as in a join; `whenNotMatched` sees the source row and
 * `whenNotMatchedBySource` the target row, by plain names. The output has the target's columns;
 * a column's type is the one it shares with every value assigned to it (a column an earlier run
 * wrote with only NULLs reads back as text and takes the assigned type), and every value is
 * brought to it, so both backends compute each action's row alike.
 */
import { walkExpression, type Expr, type MergeAction, type MergeActionName } from '@pipeline/definition';
import { engineError, typeError } from '../../errors';
import type { DataType } from '../../types/data-type';
import { bindExpression, castable, type Column } from '../bind-expression';
import type { BoundExpr } from '../bound-expr';
import { resolveColumn, uniqueColumns, type Binder } from './binder-kit';
import { chain, column as columnRef } from './built-expr';
import { castTypeOf, columnAs, sharedColumnType } from './column-as';
import { qualifiedName } from './join';

/** One bound action: its condition (none: always) and, per output column, the value it assigns (none: keep, or NULL for an insert). */
export interface BoundMergeAction {
  readonly action: MergeActionName;
  readonly condition?: BoundExpr;
  readonly values: readonly (BoundExpr | undefined)[];
}

export interface BoundMerge {
  readonly kind: 'merge';
  readonly targetAsset: string;
  readonly sourceAsset: string;
  /** The inputs' columns; matched-row expressions read them as `<asset>.<column>`. */
  readonly targetColumns: readonly Column[];
  readonly sourceColumns: readonly Column[];
  readonly on: BoundExpr;
  readonly whenMatched: readonly BoundMergeAction[];
  readonly whenNotMatched: readonly BoundMergeAction[];
  readonly whenNotMatchedBySource: readonly BoundMergeAction[];
  /** Each output column's target value in the output type: over both rows (matched) and over the target row alone. */
  readonly keepMatched: readonly BoundExpr[];
  readonly keepTarget: readonly BoundExpr[];
}

type Clause = 'whenMatched' | 'whenNotMatched' | 'whenNotMatchedBySource';

export const bindMerge: Binder<'merge', BoundMerge> = (ref, source, upstream) => {
  const [target, incoming] = upstream;
  const both = [...target.columns.map((c) => ({ ...c, name: qualifiedName({ asset: target.asset, name: c.name }) })), ...incoming.columns.map((c) => ({ ...c, name: qualifiedName({ asset: incoming.asset, name: c.name }) }))];
  const scopes: Readonly<Record<Clause, { readonly from: string; readonly columns: readonly Column[]; readonly other?: string }>> = {
    whenMatched: { from: '', columns: both },
    whenNotMatched: { from: incoming.asset, columns: incoming.columns, other: target.asset },
    whenNotMatchedBySource: { from: target.asset, columns: target.columns, other: incoming.asset },
  };
  const bind = (clause: Clause, field: string, e: Expr): BoundExpr => {
    const scope = scopes[clause];
    if (scope.other !== undefined) refuseOtherSide(ref, field, e, scope.other, clause);
    return bindExpression(e, { asset: ref, field, from: scope.from, columns: scope.columns, context: 'row' });
  };
  const predicate = (bound: BoundExpr, field: string): BoundExpr => {
    if (bound.type !== 'boolean' && bound.type !== 'null') throw typeError(ref, field, `a merge condition must be true or false, got ${bound.type}`);
    return bound;
  };

  const on = predicate(bindExpression(chain('AND', source.on), { asset: ref, field: 'on', from: '', columns: both, context: 'row' }), 'on');

  // Every assignment, bound in its clause's scope, by output column.
  const assigned = (clause: Clause, i: number, a: MergeAction): (BoundExpr | undefined)[] => {
    const values: (BoundExpr | undefined)[] = target.columns.map(() => undefined);
    if (a.star) {
      target.columns.forEach((c, k) => {
        const field = `${clause}[${i}].star`;
        const from = resolveColumn(ref, field, incoming.columns, c.name);
        values[k] = bind(clause, field, clause === 'whenMatched' ? columnRef(qualifiedName({ asset: incoming.asset, name: from.name })) : columnRef(from.name));
      });
    }
    for (const { column, value } of a.set) {
      const field = `${clause}[${i}].set.${column}`;
      const k = target.columns.indexOf(resolveColumn(ref, field, target.columns, column));
      values[k] = bind(clause, field, value);
    }
    return values;
  };
  const clauses = (['whenMatched', 'whenNotMatched', 'whenNotMatchedBySource'] as const).map((clause) =>
    source[clause].map((a, i) => ({
      action: a.action,
      condition: a.condition === undefined ? undefined : predicate(bind(clause, `${clause}[${i}].condition`, a.condition), `${clause}[${i}].condition`),
      values: assigned(clause, i, a),
      field: (k: number) => `${clause}[${i}]${a.star ? '.star' : `.set.${target.columns[k].name}`}`,
    })),
  );

  // A column's type: the one it shares with everything assigned to it.
  const types = target.columns.map((c, k) => {
    let type: DataType = c.type;
    for (const action of clauses.flat()) {
      const value = action.values[k];
      if (value === undefined) continue;
      const shared = value.type === 'null' ? type : sharedColumnType(type, value.type);
      if (shared === undefined) throw typeError(ref, action.field(k), `cannot assign a ${value.type} value to column "${c.name}" of type ${type}`);
      type = shared;
    }
    return type;
  });
  const convert = (value: BoundExpr | undefined, k: number, field: string): BoundExpr | undefined => {
    const to = types[k];
    if (value === undefined || value.type === to) return value;
    if (castTypeOf(to) === undefined || !castable(value.type, to)) throw typeError(ref, field, `cannot assign a ${value.type} value to column "${target.columns[k].name}" of type ${to}`);
    return { kind: 'cast', operand: value, safe: false, type: to, span: value.span };
  };
  const [whenMatched, whenNotMatched, whenNotMatchedBySource] = clauses.map((actions) =>
    actions.map(({ action, condition, values, field }): BoundMergeAction => ({
      action,
      ...(condition === undefined ? {} : { condition }),
      values: values.map((v, k) => convert(v, k, field(k))),
    })),
  );
  const keepMatched = target.columns.map((c, k) => columnAs(ref, 'on', '', both, qualifiedName({ asset: target.asset, name: c.name }), types[k]));
  const keepTarget = target.columns.map((c, k) => columnAs(ref, 'on', target.asset, target.columns, c.name, types[k]));
  const columns = uniqueColumns(ref, target.columns.map((c, k) => ({ name: c.name, type: types[k] })));
  return {
    transform: {
      kind: 'merge',
      targetAsset: target.asset,
      sourceAsset: incoming.asset,
      targetColumns: target.columns,
      sourceColumns: incoming.columns,
      on,
      whenMatched,
      whenNotMatched,
      whenNotMatchedBySource,
      keepMatched,
      keepTarget,
    },
    columns,
  };
};

/** In a clause that sees one row, a column qualified by the other input's name has no value: say so, instead of reading a namesake. */
function refuseOtherSide(ref: string, field: string, e: Expr, other: string, clause: Clause): void {
  walkExpression(e, (node) => {
    if (node.kind === 'column' && node.qualifier === other) {
      const written = `${node.qualifier}.${node.name}`;
      const why = clause === 'whenNotMatched' ? 'a source row without a match has no target row' : 'a target row without a match has no source row';
      throw engineError('E_COLUMN_NOT_FOUND', { asset: ref, field, column: written, problem: `column "${written}" has no value in ${clause} (${why})` });
    }
  });
}

/** What merge refuses while it runs (both backends say it alike). */
export function mergeProblem(bound: BoundMerge): string {
  return `a row of target asset "${bound.targetAsset}" matches several rows of source asset "${bound.sourceAsset}" (whenMatched needs at most one)`;
}
