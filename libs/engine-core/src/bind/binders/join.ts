/**
 * Binds a join (spec 8.5, decisions 7): each right target in turn joins the result so far, on its
 * conditions (ANDed) over columns qualified by asset name. Output columns keep their plain names,
 * except a name several sides have, which every side keeps as `<asset>.<column>`.
 */
import { walkExpression, type Expr, type JoinType } from '@pipeline/definition';
import { engineError, typeError } from '../../errors';
import type { DataType } from '../../types/data-type';
import { bindExpression, type Column } from '../bind-expression';
import type { BoundExpr } from '../bound-expr';
import { uniqueColumns, type Binder } from './binder-kit';
import { chain } from './built-expr';

/** A column of the join: which input it comes from (0 = left) and its name there. */
export interface JoinColumn {
  readonly input: number;
  readonly asset: string;
  readonly name: string;
  readonly type: DataType;
}

/** One join step: the right input, its type, and the condition over `<asset>.<column>` names. */
export interface JoinStep {
  readonly input: number;
  readonly type: JoinType;
  readonly condition?: BoundExpr;
  /** The columns available after this step (a semi or anti join keeps the left's). */
  readonly after: readonly JoinColumn[];
}

export interface BoundJoin {
  readonly kind: 'join';
  /** Every input's columns, by input. */
  readonly inputs: readonly { readonly asset: string; readonly columns: readonly Column[] }[];
  readonly steps: readonly JoinStep[];
  /** The output: each join column and the name it gets. */
  readonly output: readonly { readonly column: JoinColumn; readonly name: string }[];
}

/** The name a join column has in condition scope: `<asset>.<column>`. */
export const qualifiedName = (c: { asset: string; name: string }): string => `${c.asset}.${c.name}`;

export const bindJoin: Binder<'join', BoundJoin> = (ref, source, upstream) => {
  const seen = new Set<string>();
  for (const { asset } of upstream) {
    if (seen.has(asset)) {
      throw engineError('E_BAD_SOURCE', { asset: ref, field: 'right', problem: `asset "${asset}" is joined twice; give one side another name with a select step first` });
    }
    seen.add(asset);
  }
  const columnsOf = (input: number): JoinColumn[] =>
    upstream[input].columns.map((c) => ({ input, asset: upstream[input].asset, name: c.name, type: c.type }));
  let current = columnsOf(0);
  const steps = source.right.map((target, i): JoinStep => {
    const right = columnsOf(i + 1);
    const field = `right[${i}].on`;
    for (const [j, condition] of target.on.entries()) requireQualified(ref, `${field}[${j}]`, condition);
    let condition: BoundExpr | undefined;
    if (target.on.length > 0) {
      const scope = [...current, ...right].map((c) => ({ name: qualifiedName(c), type: c.type }));
      condition = bindExpression(chain('AND', target.on), { asset: ref, from: '', columns: scope, field, context: 'row' });
      if (condition.type !== 'boolean' && condition.type !== 'null') throw typeError(ref, field, `a join condition must be true or false, got ${condition.type}`);
    }
    const keepsLeftOnly = target.type === 'left_semi' || target.type === 'left_anti';
    current = keepsLeftOnly ? current : [...current, ...right];
    return { input: i + 1, type: target.type, ...(condition === undefined ? {} : { condition }), after: current };
  });
  const counts = new Map<string, number>();
  for (const c of current) counts.set(c.name.toLowerCase(), (counts.get(c.name.toLowerCase()) ?? 0) + 1);
  const output = current.map((column) => ({ column, name: (counts.get(column.name.toLowerCase()) ?? 0) > 1 ? qualifiedName(column) : column.name }));
  const columns = uniqueColumns(ref, output.map((o) => ({ name: o.name, type: o.column.type }))).map((c, i) => ({
    ...c,
    origin: (output[i] as (typeof output)[number]).column.asset,
  }));
  return {
    transform: { kind: 'join', inputs: upstream.map((u) => ({ asset: u.asset, columns: u.columns })), steps, output },
    columns,
  };
};

/** Join conditions name columns as `<asset>.<column>`: a bare name would be ambiguous (spec E-JOIN-001). */
function requireQualified(ref: string, field: string, condition: Expr): void {
  walkExpression(condition, (node) => {
    if (node.kind === 'column' && node.qualifier === undefined) {
      throw engineError('E_COLUMN_NOT_FOUND', {
        asset: ref,
        field,
        column: node.name,
        specCode: 'E-JOIN-001',
        problem: `column "${node.name}" must be qualified by its asset's name in a join condition (for example left.${node.name} = right.${node.name})`,
      });
    }
  });
}
