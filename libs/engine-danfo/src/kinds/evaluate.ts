/** Bound expressions evaluated over every row of one input (scd2, merge and as-of joins read values this way). */
import { type BoundExpr, valueKey, type Value } from '@pipeline/engine-core';
import { compileRowExpression, type JsCompileContext } from '../compile-js';
import type { DanfoInput } from './danfo-kind';

/** The compile context of `field` over the columns of `input`. */
export function contextOver(base: JsCompileContext, input: DanfoInput): JsCompileContext {
  return { ...base, columnIndex: (name) => input.columns.findIndex((c) => c.name === name) };
}

/** The value of each expression at every row of `input`: one array per expression. */
export function evaluateColumns(exprs: readonly BoundExpr[], input: DanfoInput, ctx: JsCompileContext): Value[][] {
  const context = contextOver(ctx, input);
  return exprs.map((e) => {
    const fn = compileRowExpression(e, context);
    return Array.from({ length: input.rowCount }, (_, i) => fn(input.data, i));
  });
}

/** One key for the values of `columns` at `row`, equal exactly when every value is (NULLs equal). */
export function rowKey(columns: readonly (readonly Value[])[], row: number): string {
  let key = '';
  for (const column of columns) {
    const part = valueKey(column[row]);
    // Length-prefixed, so that no text value can imitate a boundary between two columns.
    key += `${part.length}:${part}`;
  }
  return key;
}
