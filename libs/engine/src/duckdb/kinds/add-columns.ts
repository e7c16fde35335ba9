import type { AddColumnStep } from '../../check/binders/add-columns';
import { compileDuckDbExpression as sql } from '../compile-expression';
import { quoteIdentifier as q } from '../sql-text';
import type { DuckDbKind } from './duckdb-kind';

/** One SELECT per computed column, so that each expression reads the columns as the steps before it left them. */
export function stepsSql(steps: readonly AddColumnStep[], relation: string): string {
  let from = relation;
  for (const step of steps) {
    const computed = `${sql(step.expr)} AS ${q(step.name)}`;
    const items = step.over.map((c, position) => (position === step.replaces ? computed : q(c.name)));
    if (step.replaces === -1) items.push(computed);
    from = `(SELECT ${items.join(', ')} FROM ${from})`;
  }
  return `SELECT * FROM ${from}`;
}

export const addColumnsSql: DuckDbKind<'add_columns'> = {
  field: 'columns',
  sql: (bound, [relation]) => stepsSql(bound.transform.steps, relation),
};
