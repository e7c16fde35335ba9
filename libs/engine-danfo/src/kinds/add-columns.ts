import { type AddColumnStep, type Column, type Value, forEachRow } from '@pipeline/engine-core';
import { compileRowExpression, type JsCompileContext } from '../compile-js';
import type { DanfoInput, DanfoKind, DanfoResult, FrameMaker } from './danfo-kind';

/** Computes each step's column over the columns as the steps before it left them. */
export async function runSteps(
  steps: readonly AddColumnStep[],
  columns: readonly Column[],
  input: DanfoInput,
  context: (field: string) => JsCompileContext,
  field: (i: number) => string,
  frames: FrameMaker,
  signal: AbortSignal | undefined,
  ref: string,
): Promise<DanfoResult> {
  const n = input.rowCount;
  let data: readonly (readonly Value[])[] = input.data;
  for (const [i, step] of steps.entries()) {
    const ctx = { ...context(field(i)), columnIndex: (name: string) => step.over.findIndex((c) => c.name === name) };
    const fn = compileRowExpression(step.expr, ctx);
    const values: Value[] = new Array(n);
    const current = data;
    await forEachRow(n, signal, ref, (row) => {
      values[row] = fn(current, row);
    });
    data = step.replaces === -1 ? [...data, values] : data.map((column, p) => (p === step.replaces ? values : column));
  }
  return { frame: frames.fromColumns(columns, data, n), rowCount: n };
}

export const runAddColumns: DanfoKind<'add_columns'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) =>
  runSteps(bound.transform.steps, bound.columns, input, compileContext, (i) => `columns[${i}].expression`, frames, signal, ref);

export const runWindow: DanfoKind<'window'> = async ({ ref, bound, inputs: [input], signal, frames, compileContext }) =>
  runSteps(bound.transform.steps, bound.columns, input, compileContext, (i) => `functions[${i}].expression`, frames, signal, ref);
