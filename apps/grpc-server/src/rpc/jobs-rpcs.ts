/**
 * The job RPCs: SubmitJob, GetJob, WaitForJob, CancelJob and ListJobs, as thin translations of
 * the jobs library (the same calls the HTTP routes make).
 */
import type { CallContext } from 'nice-grpc';
import type { JobService } from '@pipeline/jobs';
import { appError, type AppError } from '../errors';
import type { PipelineServiceImplementation } from '../generated/pipeline/v1/pipeline';
import { toCancelResponse, toJobResponse, waitTimeoutMs } from '../job-response';
import { requestIdOf } from '../server';
import { checkPipelineRequest } from './pipeline-request';

type JobRpcs = Pick<PipelineServiceImplementation, 'submitJob' | 'getJob' | 'waitForJob' | 'cancelJob' | 'listJobs'>;

function notFound(): AppError {
  return appError('GRPC_JOB_NOT_FOUND', 'job not found');
}

/** The job RPCs over `jobs` (the job service logs each job's changes, with the call's request id). */
export function jobRpcs(jobs: JobService): JobRpcs {
  return {
    async submitJob(request, context) {
      checkPipelineRequest(request);
      const requestId = requestIdOf(context);
      const job = await jobs.submit({ yaml: request.yaml, variables: request.variables, backend: request.backend }, { requestId });
      return { jobId: job.id, status: job.status };
    },
    async getJob(request) {
      const job = await jobs.get(request.jobId);
      if (!job) throw notFound();
      return toJobResponse(job);
    },
    async waitForJob(request, context: CallContext) {
      // Known ids only: waiting on an unknown id would otherwise block for the whole timeout.
      if (!(await jobs.get(request.jobId))) throw notFound();
      const job = await jobs.wait(request.jobId, waitTimeoutMs(request.timeoutSeconds), context.signal);
      if (!job) throw notFound();
      return toJobResponse(job);
    },
    async cancelJob(request) {
      const result = await jobs.cancel(request.jobId);
      if (!result) throw notFound();
      return toCancelResponse(result.outcome, result.job);
    },
    async listJobs() {
      return { jobs: (await jobs.list()).map((job) => toJobResponse(job, { steps: false })) };
    },
  };
}
