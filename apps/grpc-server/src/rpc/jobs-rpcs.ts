/**
 * The job RPCs: SubmitJob, GetJob, WaitForJob, CancelJob and ListJobs, as thin translations of
 * the jobs library (the same calls the HTTP routes make).
 */
import type { CallContext } from 'nice-grpc';
import type { JobService } from '@pipeline/jobs';
import { AppError } from '../errors';
import type { PipelineServiceImplementation } from '../generated/pipeline/v1/pipeline';
import { toCancelResponse, toJobResponse, waitTimeoutMs } from '../job-response';
import { checkPipelineRequest } from './pipeline-request';

type JobRpcs = Pick<PipelineServiceImplementation, 'submitJob' | 'getJob' | 'waitForJob' | 'cancelJob' | 'listJobs'>;

function notFound(): AppError {
  return new AppError('JOB_NOT_FOUND', 'job not found');
}

/** The job RPCs over `jobs`. */
export function jobRpcs(jobs: JobService): JobRpcs {
  return {
    async submitJob(request) {
      checkPipelineRequest(request);
      const job = jobs.submit({ yaml: request.yaml, variables: request.variables, backend: request.backend });
      return { jobId: job.id, status: job.status };
    },
    async getJob(request) {
      const job = jobs.get(request.jobId);
      if (!job) throw notFound();
      return toJobResponse(job);
    },
    async waitForJob(request, context: CallContext) {
      // Known ids only: waiting on an unknown id would otherwise block for the whole timeout.
      if (!jobs.get(request.jobId)) throw notFound();
      const job = await jobs.wait(request.jobId, waitTimeoutMs(request.timeoutSeconds), context.signal);
      if (!job) throw notFound();
      return toJobResponse(job);
    },
    async cancelJob(request) {
      const result = jobs.cancel(request.jobId);
      if (!result) throw notFound();
      return toCancelResponse(result.outcome, result.job);
    },
    async listJobs() {
      return { jobs: jobs.list().map(toJobResponse) };
    },
  };
}
