import type { Value } from '../../values/format-value';
import { compileRowExpression } from '../compile-js';
import { forEachRow } from '../row-loop';
import type { DanfoKind } from './danfo-kind';

// Each column is computed over the columns as the steps before it left them.
export const runAddColumns: DanfoKind<'add_columns'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) => {
  const n = input.rowCount;
  let data: readonly (readonly Value[])[] = input.data;
  for (const [i, step] of bound.transform.steps.entries()) {
    const ctx = { ...compileContext(`columns[${i}].expression`), columnIndex: (name: string) => step.over.findIndex((c) => c.name === name) };
    const fn = compileRowExpression(step.expr, ctx);
    const values: Value[] = new Array(n);
    const current = data;
    await forEachRow(n, signal, ref, (row) => {
      values[row] = fn(current, row);
    });
    data = step.replaces === -1 ? [...data, values] : data.map((column, p) => (p === step.replaces ? values : column));
  }
  return { frame: frames.fromColumns(bound.columns, data, n), rowCount: n };
};
