/**
 * The danfo backend's row loop. A worker thread learns of a cancel through a message, which it only
 * receives when the event loop runs, so a long synchronous loop over rows would never see it: the
 * loop gives the event loop a turn every 16,384 rows and every few milliseconds of work (one row
 * can be slow) and checks the signal after each turn, including one after the last row when the loop was long.
 */
import { throwIfAborted } from '../errors';

/** Rows between two looks at the clock. */
const ROWS_PER_CLOCK_CHECK = 8;
/** Most rows between two turns of the event loop, however fast they are. */
const MAX_SLICE_ROWS = 16_384;
/** Longest stretch of work, in milliseconds, before the event loop gets a turn. */
export const MAX_SLICE_MS = 20;

// Two check-phase callbacks in a row put one poll phase (where port messages arrive) between them.
const immediate = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const turn = async (): Promise<void> => {
  await immediate();
  await immediate();
};

/** Runs `body` for 0..n-1, yielding to the event loop at least every MAX_SLICE_ROWS rows or MAX_SLICE_MS and failing with E_CANCELLED once `signal` aborts. */
export async function forEachRow(n: number, signal: AbortSignal | undefined, ref: string, body: (i: number) => void): Promise<void> {
  throwIfAborted(signal, ref);
  let sliceStart = Date.now();
  for (let i = 0; i < n; i++) {
    body(i);
    if ((i + 1) % ROWS_PER_CLOCK_CHECK === 0 || i === n - 1) {
      const chunkEnd = (i + 1) % MAX_SLICE_ROWS === 0 && i < n - 1;
      if (chunkEnd || Date.now() - sliceStart >= MAX_SLICE_MS) {
        await turn();
        throwIfAborted(signal, ref);
        sliceStart = Date.now();
      }
    }
  }
}
