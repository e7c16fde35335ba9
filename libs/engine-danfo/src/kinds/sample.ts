import { poissonCumulative, poissonRepeats } from '@pipeline/engine-core';
import type { DanfoKind } from './danfo-kind';

/** A draw in [0, 1) from a row position and a seed (32-bit integer mixing, the same every run). */
function draw(position: number, seed: number): number {
  let h = (Math.imul(position + 1, 0x9e3779b1) ^ Math.imul(seed | 0, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

export const runSample: DanfoKind<'sample'> = async ({ bound, inputs: [input], frames }) => {
  const { lowerBound, upperBound, seed, withReplacement } = bound.transform;
  const keep: number[] = [];
  if (withReplacement) {
    // Spark's Poisson sampling: row i kept k times, k the inverse Poisson CDF of its draw.
    const table = poissonCumulative(upperBound - lowerBound);
    for (let i = 0; i < input.rowCount; i++) {
      for (let k = poissonRepeats(draw(i, seed), table); k > 0; k--) keep.push(i);
    }
  } else {
    for (let i = 0; i < input.rowCount; i++) {
      const u = draw(i, seed);
      if (u >= lowerBound && u < upperBound) keep.push(i);
    }
  }
  if (withReplacement) {
    // Repeated positions: built from the column arrays (danfo's iloc refuses a repeated row index).
    const data = input.data.map((values) => keep.map((i) => values[i]));
    return { frame: frames.fromColumns(bound.columns, data, keep.length), rowCount: keep.length };
  }
  return { frame: keep.length === input.rowCount ? input.frame : frames.rowsOf(input, keep), rowCount: keep.length };
};
