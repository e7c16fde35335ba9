/**
 * Runs a job on this machine through the jobs library, the same path the servers take: a job
 * service with one worker thread over the data root, the job submitted, followed through the
 * service's change notifications, cancelled cooperatively, and the service shut down afterwards.
 */
import { createJobService, type JobRequest, type JobService } from '@pipeline/jobs';
import type { FollowedJob } from './follow';
import { isFinished, viewOfRecord, type JobView } from './job-view';

/** A local job and the service running it. */
export interface LocalJob extends FollowedJob {
  /** The stable code of the error of the job once it failed (`E_FILE_NOT_FOUND`...). */
  errorCode(): string | undefined;
  /** Shuts the job service down (at once: the job has ended by then). */
  close(): Promise<void>;
}

/** Starts a job service over `dataRoot` and submits `request` (already validated) to it. */
export async function startLocalJob(request: JobRequest, dataRoot: string, onError: (error: Error) => void): Promise<LocalJob> {
  let listener: ((job: JobView) => void) | undefined;
  let errorCode: string | undefined;
  const jobs: JobService = createJobService({
    dataRoot,
    workers: 1,
    // A command-line run leaves the data root alone beyond its own outputs.
    staleTempSweepMs: 0,
    onError,
    onJobChange: (record) => listener?.(viewOfRecord(record)),
  });
  let id: string;
  try {
    id = (await jobs.submit(request)).id;
  } catch (error) {
    await jobs.shutdown({ graceMs: 0 });
    throw error;
  }
  return {
    id,
    async untilFinished(onChange) {
      listener = onChange;
      const first = await jobs.get(id);
      if (first !== undefined) onChange(viewOfRecord(first));
      for (;;) {
        const record = await jobs.wait(id, 60_000);
        if (record === undefined) throw new Error(`job ${id} vanished from the job service`);
        const view = viewOfRecord(record);
        errorCode = record.errorCode;
        if (isFinished(view)) return view;
      }
    },
    async cancel() {
      await jobs.cancel(id);
    },
    errorCode: () => errorCode,
    close: () => jobs.shutdown({ graceMs: 0 }),
  };
}
