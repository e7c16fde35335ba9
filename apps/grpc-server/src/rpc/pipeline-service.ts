/** The whole PipelineService implementation, assembled from its groups of RPCs. */
import type { JobService } from '@pipeline/jobs';
import type { Logger } from '@pipeline/server-kit';
import type { SessionManager } from '@pipeline/sessions';
import type { PipelineServiceImplementation } from '../generated/pipeline/v1/pipeline';
import { withFieldLimits } from './field-limits';
import { jobRpcs } from './jobs-rpcs';
import { pipelineRpcs } from './pipeline-rpcs';
import { sessionRpcs } from './session-rpcs';

/** What the RPCs run on. */
export interface PipelineServiceDeps {
  readonly version: string;
  readonly jobs: JobService;
  readonly sessions: SessionManager;
  /** Where job submissions are logged (with the call's request id and the job id). */
  readonly logger: Logger;
}

/** Every RPC of pipeline.v1.PipelineService, each checking its request's field lengths first. */
export function createPipelineService(deps: PipelineServiceDeps): PipelineServiceImplementation {
  return withFieldLimits({
    ...pipelineRpcs(deps.version, deps.jobs),
    ...jobRpcs(deps.jobs),
    ...sessionRpcs(deps.sessions),
  });
}
