import type { Value } from '@pipeline/engine-core';
import { compileGroupExpression } from '../compile-js';
import type { DanfoKind } from './danfo-kind';

export const runDescribe: DanfoKind<'describe'> = async ({ bound, inputs: [input], frames, compileContext }) => {
  const everyRow = Array.from({ length: input.rowCount }, (_, i) => i);
  const { rows } = bound.transform;
  const out: Value[][] = bound.columns.map(() => []);
  for (const row of rows) {
    out[0].push(row.statistic);
    row.cells.forEach((cell, k) => out[k + 1].push(compileGroupExpression(cell, compileContext('statistics'))(input.data, everyRow)));
  }
  return { frame: frames.fromColumns(bound.columns, out, rows.length), rowCount: rows.length };
};
