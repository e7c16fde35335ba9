import { valueKey, forEachRow } from '@pipeline/engine-core';
import type { DanfoKind } from './danfo-kind';

// The first row of each group is kept, in input order; NULLs compare equal.
export const runDistinct: DanfoKind<'distinct'> = async ({ ref, bound, inputs: [input], signal, frames }) => {
  const keyData = bound.transform.keys.map((name) => input.data[input.columns.findIndex((c) => c.name === name)]);
  const seen = new Set<string>();
  const keep: number[] = [];
  await forEachRow(input.rowCount, signal, ref, (i) => {
    let key = '';
    for (const column of keyData) {
      const part = valueKey(column[i]);
      // Length-prefixed, so that no text value can imitate a boundary between two columns.
      key += `${part.length}:${part}`;
    }
    if (!seen.has(key)) {
      seen.add(key);
      keep.push(i);
    }
  });
  const frame = keep.length === input.rowCount ? input.frame : frames.rowsOf(input, keep);
  return { frame, rowCount: keep.length };
};
