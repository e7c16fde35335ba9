/**
 * The display of a followed job. On a terminal: one line redrawn in place ten times a second
 * (status, assets done/total, the asset running now, rows written once an output has staged any,
 * elapsed). Otherwise: one plain line per change of status and per asset done. Either way it
 * ends with a summary line, one line per output written and the quality checks' results.
 *
 * The worker reports progress after each asset, and rows only for outputs (which come last), so
 * "the asset running now" is what moves during a long run: the plan's next asset after those done
 * (the engine runs a plan's steps one at a time, in order).
 */
import type { Io } from './io';
import { isFinished, qualityLine, rowsWritten, type JobView } from './job-view';
import { count, paint, paintStatus, type OutputStyle } from './output-style';

/** The display of one job. */
export interface ProgressDisplay {
  /** The job changed (or is as it was: a redraw is enough). */
  update(job: JobView): void;
  /** A message between progress lines (`cancelling ...`). */
  note(text: string): void;
  /** The job ended: stop redrawing and print the summary (with `hint` after a failure's message). */
  finish(job: JobView, hint?: string): void;
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

/** The quality results of a finished job: a count by status, then one line each. */
export function qualityLines(job: JobView, style: OutputStyle): string[] {
  const results = job.quality ?? [];
  if (results.length === 0) return [];
  const by = new Map<string, number>();
  for (const q of results) by.set(q.status, (by.get(q.status) ?? 0) + 1);
  const tally = [...by].map(([status, n]) => `${n} ${paintStatus(style, status)}`).join(', ');
  return [`quality: ${results.length} checks, ${tally}`, ...results.map((q) => `  ${paintStatus(style, q.status)}${' '.repeat(Math.max(1, 6 - q.status.length))}${qualityLine(q)}`)];
}

/** The summary of a finished job: one line, one line per output, then its quality results. */
export function summaryLines(job: JobView, total: number, elapsedMs: number, style: OutputStyle, hint?: string): string[] {
  const took = seconds(job.duration_ms ?? elapsedMs);
  const status = paintStatus(style, job.status);
  const head = ((): string[] => {
    switch (job.status) {
      case 'completed':
        return [
          `${status}: ${total}/${total} assets, ${count(style, rowsWritten(job))} rows written in ${took}`,
          ...(job.outputs ?? []).map((o) => `  ${o.asset} -> ${o.path} (${count(style, o.rows_written)} rows)`),
        ];
      case 'failed':
        return [`${status} after ${took}: ${job.error ?? 'unknown error'}${hint === undefined ? '' : ` (${hint})`}`];
      default:
        return [`${status} after ${took}`];
    }
  })();
  return [...head, ...qualityLines(job, style)];
}

/** A display writing to `io.out`; `steps` are the plan's assets in the order they run. */
export function createProgressDisplay(io: Io, steps: readonly string[], now: () => number = Date.now): ProgressDisplay {
  const total = steps.length;
  const style = io.style;
  const started = now();
  const tty = io.out.isTTY === true;
  let last: JobView | undefined;
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;

  /** `assets 2/5, now by_dept, 1,234 rows written` as far as the job has got. */
  const where = (job: JobView, separator: string) => {
    const done = assetsDone(job, total);
    const parts = [`assets ${done}/${total}`];
    if (job.status === 'running' && done < total) parts.push(`now ${steps[done] ?? ''}`);
    const rows = rowsWritten(job);
    if (rows > 0) parts.push(`rows written ${count(style, rows)}`);
    return parts.join(separator);
  };
  const statusLine = (job: JobView) =>
    `${paint(style, 'dim', SPINNER[frame % SPINNER.length] ?? '')} ${paintStatus(style, job.status)}  ${where(job, '  ')}  ${seconds(now() - started)}`;
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
      } else if (isFinished(job)) {
        return;
      } else if (changed && job.status === 'queued') {
        io.out.write(`job ${job.id} queued: ${total} assets\n`);
      } else if (changed || advanced) {
        io.out.write(`job ${job.id} ${job.status}: ${where(job, ', ')}\n`);
      }
    },
    note(text) {
      if (tty) clear();
      io.out.write(`${text}\n`);
      if (tty) redraw();
    },
    finish(job, hint) {
      clearInterval(timer);
      timer = undefined;
      if (tty) clear();
      for (const line of summaryLines(job, total, now() - started, style, hint)) io.out.write(`${line}\n`);
    },
  };
}
