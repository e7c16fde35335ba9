/**
 * The display of a followed job. On a terminal: one line redrawn in place ten times a second
 * (status, assets done/total, rows written, elapsed). Otherwise: one plain line per change of
 * status. Either way it ends with a summary line and one line per output written.
 */
import type { Io } from './io';
import { isFinished, rowsWritten, type JobView } from './job-view';

/** The display of one job. */
export interface ProgressDisplay {
  /** The job changed (or is as it was: a redraw is enough). */
  update(job: JobView): void;
  /** A message between progress lines (`cancelling ...`). */
  note(text: string): void;
  /** The job ended: stop redrawing and print the summary. */
  finish(job: JobView): void;
}

const SPINNER = ['|', '/', '-', '\\'];
const REDRAW_MS = 100;

/** Seconds with two decimals. */
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)}s`;
}

/** Assets done: every asset of a completed job; while it runs, what the job reports after each asset. */
function assetsDone(job: JobView, total: number): number {
  if (job.status === 'completed') return total;
  return job.status === 'running' ? (job.progress?.assets_done ?? 0) : 0;
}

/** The summary of a finished job: one line, then one line per output. */
export function summaryLines(job: JobView, total: number, elapsedMs: number): string[] {
  const took = seconds(job.duration_ms ?? elapsedMs);
  switch (job.status) {
    case 'completed':
      return [
        `completed: ${total}/${total} assets, ${rowsWritten(job)} rows written in ${took}`,
        ...(job.outputs ?? []).map((o) => `  ${o.asset} -> ${o.path} (${o.rows_written} rows)`),
      ];
    case 'failed':
      return [`failed after ${took}: ${job.error ?? 'unknown error'}`];
    case 'cancelled':
      return [`cancelled after ${took}`];
    default:
      return [`${job.status} after ${took}`];
  }
}

/** A display writing to `io.out`; `total` is the number of assets of the plan. */
export function createProgressDisplay(io: Io, total: number, now: () => number = Date.now): ProgressDisplay {
  const started = now();
  const tty = io.out.isTTY === true;
  let last: JobView | undefined;
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;

  const statusLine = (job: JobView) =>
    `${SPINNER[frame % SPINNER.length]} ${job.status}  assets ${assetsDone(job, total)}/${total}  rows written ${rowsWritten(job)}  ${seconds(now() - started)}`;
  const redraw = () => {
    if (last === undefined) return;
    frame += 1;
    io.out.write(`\r\x1b[2K${statusLine(last)}`);
  };
  const clear = () => io.out.write('\r\x1b[2K');

  return {
    update(job) {
      const changed = last?.status !== job.status;
      const advanced = job.progress !== undefined && job.progress.assets_done !== last?.progress?.assets_done;
      last = job;
      if (tty) {
        timer ??= setInterval(redraw, REDRAW_MS);
        redraw();
      } else if (changed && !isFinished(job)) {
        io.out.write(`job ${job.id} ${job.status}${job.status === 'queued' ? `: ${total} assets` : ''}\n`);
      } else if (advanced && !isFinished(job)) {
        io.out.write(`job ${job.id} running: ${assetsDone(job, total)}/${total} assets, ${rowsWritten(job)} rows written\n`);
      }
    },
    note(text) {
      if (tty) clear();
      io.out.write(`${text}\n`);
      if (tty) redraw();
    },
    finish(job) {
      clearInterval(timer);
      timer = undefined;
      if (tty) clear();
      for (const line of summaryLines(job, total, now() - started)) io.out.write(`${line}\n`);
    },
  };
}
