import type { Value } from '../../values/format-value';
import { compileRowExpression } from '../compile-js';
import { forEachRow } from '../row-loop';
import type { DanfoKind } from './danfo-kind';

export const runSelect: DanfoKind<'select'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) => {
  const ctx = compileContext('columns');
  const items = bound.transform.items;
  const n = input.rowCount;
  const positions = items.map((i) => (i.expr.kind === 'column' && i.name === i.expr.name ? ctx.columnIndex(i.expr.name) : -1));
  if (positions.every((p) => p >= 0) && n > 0) {
    // Plain projection: take the columns by position.
    return { frame: input.frame.iloc({ columns: positions }), rowCount: n };
  }
  const out: Value[][] = [];
  for (const item of items) {
    const fn = compileRowExpression(item.expr, ctx);
    const values: Value[] = new Array(n);
    await forEachRow(n, signal, ref, (i) => {
      values[i] = fn(input.data, i);
    });
    out.push(values);
  }
  return { frame: frames.fromColumns(bound.columns, out, n), rowCount: n };
};
