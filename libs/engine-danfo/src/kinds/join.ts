import { qualifiedName, type JoinColumn, throwIfAborted, type Value } from '@pipeline/engine-core';
import { compileRowExpression } from '../compile-js';
import type { DanfoKind } from './danfo-kind';

/** A row of the join so far: the row of each input it holds, -1 where that side has no match. */
type JoinedRow = number[];

// Nested loops over the rows (danfo is for small data), in the order the DuckDB backend sorts to:
// left position, then right position; right rows without a match (right, outer) come last.
export const runJoin: DanfoKind<'join'> = async ({ ref, bound, inputs, signal, frames, compileContext }) => {
  const { steps, output } = bound.transform;
  const valueOf = (row: JoinedRow, c: JoinColumn): Value => {
    const at = row[c.input];
    if (at === undefined || at < 0) return null;
    const input = inputs[c.input];
    return input.data[input.columns.findIndex((x) => x.name === c.name)][at];
  };
  let rows: JoinedRow[] = Array.from({ length: inputs[0].rowCount }, (_, i) => [i]);
  let current: readonly JoinColumn[] = bound.transform.inputs[0].columns.map((c) => ({ input: 0, asset: inputs[0].asset, name: c.name, type: c.type }));
  for (const step of steps) {
    throwIfAborted(signal, ref);
    const right = inputs[step.input];
    const rightColumns: JoinColumn[] = right.columns.map((c) => ({ input: step.input, asset: right.asset, name: c.name, type: c.type }));
    const scope = [...current, ...rightColumns];
    const condition =
      step.condition === undefined
        ? undefined
        : compileRowExpression(step.condition, {
            ...compileContext(`right[${step.input - 1}].on`),
            columnIndex: (name) => scope.findIndex((c) => qualifiedName(c) === name),
          });
    const buffer: Value[][] = scope.map(() => [null]);
    const matches = (row: JoinedRow, r: number): boolean => {
      if (condition === undefined) return true;
      scope.forEach((c, k) => {
        buffer[k][0] = c.input === step.input ? right.data[right.columns.findIndex((x) => x.name === c.name)][r] : valueOf(row, c);
      });
      return condition(buffer, 0) === true;
    };
    const next: JoinedRow[] = [];
    const matchedRight = new Set<number>();
    for (const row of rows) {
      let matched = false;
      for (let r = 0; r < right.rowCount; r++) {
        if (!matches(row, r)) continue;
        matched = true;
        matchedRight.add(r);
        if (step.type === 'left_semi' || step.type === 'left_anti') break;
        const joined = [...row];
        joined[step.input] = r;
        next.push(joined);
      }
      if ((step.type === 'left_semi' && matched) || (step.type === 'left_anti' && !matched)) next.push(row);
      if (!matched && (step.type === 'left' || step.type === 'outer')) {
        const joined = [...row];
        joined[step.input] = -1;
        next.push(joined);
      }
    }
    if (step.type === 'right' || step.type === 'outer') {
      for (let r = 0; r < right.rowCount; r++) {
        if (matchedRight.has(r)) continue;
        const joined: JoinedRow = new Array(step.input + 1).fill(-1);
        joined[step.input] = r;
        next.push(joined);
      }
    }
    rows = next;
    current = step.after;
  }
  const data = output.map((o) => rows.map((row) => valueOf(row, o.column)));
  return { frame: frames.fromColumns(bound.columns, data, rows.length), rowCount: rows.length };
};
