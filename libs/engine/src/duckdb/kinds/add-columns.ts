import type { AddColumnStep } from '../../check/binders/add-columns';
import { compileDuckDbExpression as sql, hasWindow } from '../compile-expression';
import { freshColumnName, numberedRows } from './input-order';
import { quoteIdentifier as q } from '../sql-text';
import type { DuckDbKind } from './duckdb-kind';

/**
 * One SELECT per computed column, so that each expression reads the columns as the steps before
 * it left them. With a window expression among them, the input rows are numbered first and the
 * number is carried through every step: windows break ties by it and the result keeps input order.
 */
export function stepsSql(steps: readonly AddColumnStep[], relation: string): string {
  const windowed = steps.some((s) => hasWindow(s.expr));
  const position = windowed ? freshColumnName(steps.flatMap((s) => [...s.over, { name: s.name, type: s.expr.type }]), '__pos') : undefined;
  let from = position === undefined ? relation : numberedRows(relation, position);
  const options = position === undefined ? {} : { position: q(position) };
  for (const step of steps) {
    const computed = `${sql(step.expr, options)} AS ${q(step.name)}`;
    const items = step.over.map((c, at) => (at === step.replaces ? computed : q(c.name)));
    if (step.replaces === -1) items.push(computed);
    if (position !== undefined) items.push(q(position));
    from = `(SELECT ${items.join(', ')} FROM ${from})`;
  }
  return position === undefined ? `SELECT * FROM ${from}` : `SELECT * EXCLUDE (${q(position)}) FROM ${from} ORDER BY ${q(position)}`;
}

export const addColumnsSql: DuckDbKind<'add_columns'> = {
  field: 'columns',
  sql: (bound, [relation]) => stepsSql(bound.transform.steps, relation),
};
