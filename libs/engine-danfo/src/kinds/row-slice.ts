/** The rows `start` (inclusive) to `end` (exclusive) of an input, as a frame. */
import type { DanfoInput, DanfoResult, FrameMaker } from './danfo-kind';

export function sliceRows(input: DanfoInput, frames: FrameMaker, start: number, end: number): DanfoResult {
  const from = Math.min(Math.max(0, start), input.rowCount);
  const to = Math.min(Math.max(from, end), input.rowCount);
  if (from === 0 && to === input.rowCount) return { frame: input.frame, rowCount: input.rowCount };
  const rows = Array.from({ length: to - from }, (_, i) => from + i);
  return { frame: frames.rowsOf(input, rows), rowCount: rows.length };
}
