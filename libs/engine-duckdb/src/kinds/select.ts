import { type BoundExpr, quoteIdentifier as q, freshColumnName } from '@pipeline/engine-core';
import { compileDuckDbExpression as sql } from '../compile-expression';
import { generatedRows } from '../generator-sql';
import type { DuckDbKind } from './duckdb-kind';
import { projectionSql } from './projection';

// With a generator, the items read the generated rows, sorted into input order, then element
// order (unless no result can observe the order); its columns are the binder's helper columns.
export const selectSql: DuckDbKind<'select'> = {
  field: 'columns',
  // Plain column references (`select: [a, b]`) only pick columns; anything computed is described.
  keepsColumnTypes: (bound) => bound.transform.generator === undefined && bound.transform.items.every((i) => i.expr.kind === 'column'),
  sql: (bound, [relation], context) => {
    const { items, input, generator } = bound.transform;
    if (generator === undefined) return projectionSql(items, relation, input);
    const taken = [...input, ...generator.helpers.map((name) => ({ name, type: 'null' }))];
    const fresh = (base: string): string => {
      const name = freshColumnName(taken, base);
      taken.push({ name, type: 'null' });
      return q(name);
    };
    const names = { value: fresh('__gen_value'), seq: fresh('__seq'), index: fresh('__gen_index'), columns: generator.helpers.map(q) };
    const rows = generatedRows(relation, generator.call, sql(generator.call.args[0] as BoundExpr), names);
    const list = items.map((i) => `${sql(i.expr)} AS ${q(i.name)}`).join(', ');
    const order = rows.repeats && context?.ordered !== false ? ` ORDER BY ${names.seq}, ${names.index}` : '';
    return `SELECT ${list} FROM (${rows.sql})${order}`;
  },
};
