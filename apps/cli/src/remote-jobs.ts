/**
 * Follows a job of a running server: waits on `GET /api/jobs/{id}/wait` one second at a time (so
 * the display sees each status soon after it changes) and cancels with `DELETE /api/jobs/{id}`.
 */
import type { ApiClient } from './api-client';
import { cliCatalogue } from './errors';
import type { FollowedJob } from './follow';
import { isFinished } from './job-view';

/** A job of the server behind `client`. */
export function remoteJob(client: ApiClient, id: string): FollowedJob {
  return {
    id,
    async untilFinished(onChange) {
      // The job as submitted first, so that the display starts at once.
      const first = await client.get(id);
      onChange(first);
      if (isFinished(first)) return first;
      for (;;) {
        const job = await client.wait(id, 1);
        onChange(job);
        if (isFinished(job)) return job;
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
