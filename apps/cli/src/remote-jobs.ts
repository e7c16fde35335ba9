/**
 * Follows a job of a running server: waits on `GET /api/jobs/{id}/wait` one second at a time (so
 * the display sees each status soon after it changes), reads `GET /api/jobs/{id}/progress` while it
 * runs, and cancels with `DELETE /api/jobs/{id}`.
 */
import type { ApiClient } from './api-client';
import { cliCatalogue } from './errors';
import type { FollowedJob } from './follow';
import { isFinished, type JobView } from './job-view';

/** A job of the server behind `client`. */
export function remoteJob(client: ApiClient, id: string): FollowedJob {
  // A running job's progress comes from its own route (the job object keeps the contract's fields).
  const withProgress = async (job: JobView): Promise<JobView> => {
    if (job.status !== 'running') return job;
    const p = await client.progress(id).catch(() => undefined);
    return p?.assets_done === undefined || p.assets_total === undefined || p.rows_written === undefined
      ? job
      : { ...job, progress: { assets_done: p.assets_done, assets_total: p.assets_total, rows_written: p.rows_written } };
  };
  return {
    id,
    async untilFinished(onChange) {
      // The job as submitted first, so that the display starts at once.
      const first = await client.get(id);
      onChange(first);
      if (isFinished(first)) return first;
      for (;;) {
        const job = await client.wait(id, 1);
        if (isFinished(job)) {
          onChange(job);
          return job;
        }
        onChange(await withProgress(job));
      }
    },
    async cancel() {
      try {
        await client.cancel(id);
      } catch (error) {
        // 409: the job ended meanwhile; following shows how.
        if (cliCatalogue.is(error) && error.code === 'CLI_SERVER_ERROR' && error.details['status'] === 409) return;
        throw error;
      }
    },
  };
}
