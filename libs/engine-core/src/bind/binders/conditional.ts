import { bindExpression } from '../bind-expression';
import type { AddColumnStep } from './add-columns';
import type { Binder } from './binder-kit';
import { caseWhen } from './built-expr';

/** A conditional is one computed column: CASE WHEN over the branches, in order. */
export interface BoundConditional {
  readonly kind: 'conditional';
  readonly steps: readonly AddColumnStep[];
}

export const bindConditional: Binder<'conditional', BoundConditional> = (ref, source, upstream) => {
  const over = upstream[0].columns;
  const tree = caseWhen(
    source.branches.map((b) => ({ when: b.condition, then: b.value })),
    source.otherwise,
  );
  const expr = bindExpression(tree, { asset: ref, from: source.from, columns: over, field: 'branches', context: 'row' });
  const type = expr.type === 'null' ? 'integer' : expr.type;
  const replaces = over.findIndex((c) => c.name.toLowerCase() === source.outputColumn.toLowerCase());
  const column = { name: replaces === -1 ? source.outputColumn : over[replaces].name, type };
  const columns = replaces === -1 ? [...over, column] : over.map((c, p) => (p === replaces ? column : c));
  return { transform: { kind: 'conditional', steps: [{ name: column.name, expr, replaces, over }] }, columns };
};
