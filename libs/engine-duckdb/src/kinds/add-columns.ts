import {
  type AddColumnStep,
  freshColumnName,
  numberedRows,
  quoteIdentifier as q,
  type BoundExpr,
} from '@pipeline/engine-core';
import { compileDuckDbExpression as sql, hasWindow } from '../compile-expression';
import { generatedRows } from '../generator-sql';
import type { DuckDbKind, KindContext } from './duckdb-kind';

/**
 * One SELECT per computed column, so that each expression reads the columns as the steps before
 * it left them. With a window expression among them, the input rows are numbered first and the
 * number is carried through every step: windows break ties by it and the result keeps input order.
 */
export function stepsSql(steps: readonly AddColumnStep[], relation: string, context?: KindContext): string {
  if (steps.some((s) => s.generator !== undefined)) return generatorStepsSql(steps, relation, context);
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

/**
 * Steps of which some are generators (validation keeps windows out of them): each generator step
 * repeats the rows before it once per row it yields. The input rows are numbered and every
 * repeating step adds its series position, all carried to the end, where the rows are sorted by
 * them (input order, then element order step by step) unless no result observes the order.
 */
function generatorStepsSql(steps: readonly AddColumnStep[], relation: string, context?: KindContext): string {
  const taken = steps.flatMap((s) => [...s.over, { name: s.name, type: s.expr.type }]);
  const fresh = (base: string): string => {
    const name = freshColumnName(taken, base);
    taken.push({ name, type: 'null' });
    return q(name);
  };
  const seq = fresh('__seq');
  const carried: string[] = [];
  let from = relation;
  steps.forEach((step, k) => {
    const { generator } = step;
    let computed: string;
    if (generator === undefined) {
      computed = sql(step.expr);
    } else {
      const names = { value: fresh(`__gen${k}_value`), seq, index: fresh(`__gen${k}_index`), columns: [fresh(`__gen${k}`)] };
      // The first repeating step numbers the input rows.
      const rows = generatedRows(from, generator.call, sql(generator.call.args[0] as BoundExpr), carried.length === 0 ? names : { ...names, seq: undefined });
      if (rows.repeats) {
        if (carried.length === 0) carried.push(seq);
        carried.push(names.index);
      }
      from = `(${rows.sql})`;
      computed = names.columns[0] as string;
    }
    const items = step.over.map((c, at) => (at === step.replaces ? `${computed} AS ${q(step.name)}` : q(c.name)));
    if (step.replaces === -1) items.push(`${computed} AS ${q(step.name)}`);
    from = `(SELECT ${[...items, ...carried].join(', ')} FROM ${from})`;
  });
  if (carried.length === 0) return `SELECT * FROM ${from}`;
  const order = context?.ordered === false ? '' : ` ORDER BY ${carried.join(', ')}`;
  return `SELECT * EXCLUDE (${carried.join(', ')}) FROM ${from}${order}`;
}

export const addColumnsSql: DuckDbKind<'add_columns'> = {
  field: 'columns',
  sql: (bound, [relation], context) => stepsSql(bound.transform.steps, relation, context),
};
