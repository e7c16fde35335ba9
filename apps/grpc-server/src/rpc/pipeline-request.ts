/**
 * The request-level checks every PipelineRequest gets before its YAML is looked at, so that
 * ValidatePipeline, ExplainPipeline and SubmitJob reject the same requests (as HTTP's validate,
 * explain and jobs endpoints do).
 */
import { parseBackendName } from '@pipeline/engine';
import { appError } from '../errors';

/** The request fields checked here. */
export interface PipelineRequestFields {
  readonly backend: string;
  readonly backendOptions: Readonly<Record<string, string>>;
  readonly physical: boolean;
  readonly lineage?: boolean;
}

/**
 * Throws E_UNKNOWN_BACKEND for a backend name the engine does not have, and INVALID_REQUEST for
 * any backend option, or for `physical` or `lineage` outside ExplainPipeline (`explain`).
 */
export function checkPipelineRequest(request: PipelineRequestFields, explain = false): void {
  parseBackendName(request.backend);
  if (request.physical && !explain) throw appError('GRPC_INVALID_REQUEST', '"physical" applies to ExplainPipeline only');
  if (request.lineage === true && !explain) throw appError('GRPC_INVALID_REQUEST', '"lineage" applies to ExplainPipeline only');
  const options = Object.keys(request.backendOptions);
  if (options.length > 0) {
    // The jobs library takes no per-job engine settings (they are server-wide), so every name is
    // unknown; rejecting beats silently ignoring a setting the client relies on.
    throw appError('GRPC_INVALID_REQUEST', `unknown backend option "${options[0]}" (no backend options are accepted)`);
  }
}
