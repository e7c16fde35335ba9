import { compareValues, type Value, throwIfAborted } from '@pipeline/engine-core';
import type { DanfoKind } from './danfo-kind';

// Array.prototype.sort is stable, so rows with equal keys keep their input order.
export const runOrderBy: DanfoKind<'order_by'> = async ({ ref, bound, inputs: [input], signal, frames }) => {
  const keys = bound.transform.keys.map((k) => {
    const data = input.data[input.columns.findIndex((c) => c.name === k.column)];
    const direction = k.direction === 'desc' ? -1 : 1;
    const nullsFirst = k.nulls === 'first';
    return (a: number, b: number): number => {
      const x: Value = data[a];
      const y: Value = data[b];
      if (x === null || y === null) {
        if (x === y) return 0;
        // NULL placement does not flip with the direction.
        return (x === null) === nullsFirst ? -1 : 1;
      }
      return direction * compareValues(x, y);
    };
  });
  throwIfAborted(signal, ref);
  const order = Array.from({ length: input.rowCount }, (_, i) => i);
  order.sort((a, b) => {
    for (const compare of keys) {
      const d = compare(a, b);
      if (d !== 0) return d;
    }
    return 0;
  });
  throwIfAborted(signal, ref);
  return { frame: frames.rowsOf(input, order), rowCount: order.length };
};
