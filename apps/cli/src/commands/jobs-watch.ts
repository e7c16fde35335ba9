/**
 * `pipeline jobs watch [ID...]`: follows a server's jobs as they change. It reads the job list (or
 * the jobs named) every `--interval` seconds, with the progress of those running, and prints one
 * line per change: a new job, a new status, another asset done. The first read prints every job as
 * it is. With IDs it ends once they have all ended (exit 0 when every one completed, else 1);
 * without, it runs until Ctrl-C, which ends it with status 0 (watching cancels nothing).
 */
import { createApiClient, type ApiClient } from '../api-client';
import { EXIT } from '../errors';
import { exitStatusOfJob } from '../follow';
import { printJson, println, type Io } from '../io';
import { isFinished, qualityFailed, type JobView } from '../job-view';
import { count, paint, paintStatus } from '../output-style';
import type { JobsOptions } from './jobs';

/** Options of `jobs watch`. */
export interface WatchOptions extends JobsOptions {
  /** Seconds between reads (default 1). */
  readonly interval?: number;
}

/** The job with the progress of its own route while it runs (the job object does not carry it). */
async function withProgress(client: ApiClient, job: JobView): Promise<JobView> {
  if (job.status !== 'running') return job;
  const p = await client.progress(job.id).catch(() => undefined);
  return p?.assets_done === undefined || p.assets_total === undefined || p.rows_written === undefined
    ? job
    : { ...job, progress: { assets_done: p.assets_done, assets_total: p.assets_total, rows_written: p.rows_written } };
}

/** What a change line says after the status. */
function detailOf(job: JobView, io: Io): string {
  switch (job.status) {
    case 'running':
      return job.progress === undefined
        ? ''
        : `assets ${job.progress.assets_done}/${job.progress.assets_total}, ${count(io.style, job.progress.rows_written)} rows written`;
    case 'completed': {
      const rows = (job.outputs ?? []).reduce((sum, o) => sum + o.rows_written, 0);
      const checks = job.quality === undefined ? '' : `, ${job.quality.length} quality checks${qualityFailed(job) ? ' (a check failed)' : ''}`;
      return `${count(io.style, rows)} rows written in ${count(io.style, job.duration_ms ?? 0)} ms${checks}`;
    }
    case 'failed':
      return job.error ?? '';
    default:
      return '';
  }
}

/** A wait of `ms` that `signal` ends early. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/** Watches the jobs `ids` (every job of the server when empty) until they end or Ctrl-C. */
export async function jobsWatchCommand(ids: readonly string[], options: WatchOptions, io: Io): Promise<number> {
  const client = createApiClient(options.server);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const seen = new Map<string, string>();
  try {
    for (;;) {
      const jobs = ids.length === 0 ? await client.list() : await Promise.all(ids.map((id) => client.get(id)));
      for (const job of await Promise.all(jobs.map((j) => withProgress(client, j)))) {
        const key = `${job.status} ${job.progress?.assets_done ?? ''} ${job.progress?.rows_written ?? ''}`;
        if (seen.get(job.id) === key) continue;
        seen.set(job.id, key);
        if (options.json === true) printJson(io, job);
        else {
          const time = paint(io.style, 'dim', new Date().toISOString().slice(11, 19));
          println(io, `${time}  ${job.id}  ${paintStatus(io.style, job.status)}  ${detailOf(job, io)}`.trimEnd());
        }
      }
      if (ids.length > 0 && jobs.every(isFinished)) return jobs.every((j) => exitStatusOfJob(j) === EXIT.ok) ? EXIT.ok : EXIT.failed;
      if (stop.signal.aborted) return EXIT.ok;
      await pause((options.interval ?? 1) * 1000, stop.signal);
      if (stop.signal.aborted) return EXIT.ok;
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
