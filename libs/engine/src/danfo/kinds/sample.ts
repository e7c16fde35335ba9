import type { DanfoKind } from './danfo-kind';

/** A draw in [0, 1) from a row position and a seed (32-bit integer mixing, the same every run). */
function draw(position: number, seed: number): number {
  let h = (Math.imul(position + 1, 0x9e3779b1) ^ Math.imul(seed | 0, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

export const runSample: DanfoKind<'sample'> = async ({ bound, inputs: [input], frames }) => {
  const { lowerBound, upperBound, seed } = bound.transform;
  const keep: number[] = [];
  for (let i = 0; i < input.rowCount; i++) {
    const u = draw(i, seed);
    if (u >= lowerBound && u < upperBound) keep.push(i);
  }
  return { frame: keep.length === input.rowCount ? input.frame : frames.rowsOf(input, keep), rowCount: keep.length };
};
