/**
 * Turns the fields of a session request into typed sources, validated like a definition: the
 * same rules and `V-0xx` messages as a pipeline's asset, plus the session-specific checks
 * (asset name given, transformation kinds only, one input handle per upstream asset).
 */
import type { InputSource, OutputSource, Source } from '@pipeline/definition';
import { parseBackendName, type BackendName } from '@pipeline/engine';
import { createPlan, type Plan } from '@pipeline/planner';
import { validatePipeline, validateSource, validateSourceJson, type SourceValidationResult } from '@pipeline/validation';
import { sessionErrors } from './errors';

/** ReadInput fields. */
export interface ReadInputRequest {
  readonly assetName: string;
  readonly format: string;
  readonly path: string;
  readonly options?: Readonly<Record<string, string>>;
}

/** ApplyTransform fields: `sourceJson` is the JSON form of one YAML source value. */
export interface ApplyTransformRequest {
  readonly assetName: string;
  readonly sourceJson: string;
  /** Upstream asset name -> handle id of the same session. */
  readonly inputHandles: Readonly<Record<string, string>>;
}

/** WriteOutput fields; an empty mode means the default `error`. */
export interface WriteOutputRequest {
  readonly handleId: string;
  readonly format: string;
  readonly path: string;
  readonly mode?: string;
  readonly options?: Readonly<Record<string, string>>;
}

/** ExecutePipeline fields. */
export interface ExecutePipelineRequest {
  readonly yaml: string;
  readonly variables?: Readonly<Record<string, string>>;
}

/** InspectSource fields. */
export interface InspectRequest {
  readonly format: string;
  readonly path: string;
  readonly options?: Readonly<Record<string, string>>;
}

/** A backend name of a request (`""` means duckdb); an unknown one is the engine's E_UNKNOWN_BACKEND. */
export function parseBackend(text: string): BackendName {
  return parseBackendName(text);
}

function requireAssetName(assetName: string, rpc: string): string {
  if (assetName === '') throw sessionErrors.invalidRequest(`${rpc}: asset_name is required`, { field: 'asset_name' });
  return assetName;
}

/** The typed source of a validation result; failures are SESSION_INVALID_REQUEST with the validation message. */
function validated(ref: string, result: SourceValidationResult): Source {
  if (!result.ok) throw sessionErrors.invalidRequest(result.error.message, { asset: ref, code: result.error.code });
  return result.source;
}

function withoutEmpty(options: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return { ...(options ?? {}) };
}

/** The input source of a ReadInput request. */
export function parseInputRequest(request: ReadInputRequest): { ref: string; source: InputSource } {
  const ref = requireAssetName(request.assetName, 'ReadInput');
  const value = { input: { format: request.format, path: request.path, options: withoutEmpty(request.options) } };
  return { ref, source: validated(ref, validateSource(ref, value, [], { allowedRoles: ['input'] })) as InputSource };
}

/** The input source of an InspectSource request (named `source` in messages). */
export function parseInspectRequest(request: InspectRequest): InputSource {
  const value = { input: { format: request.format, path: request.path, options: withoutEmpty(request.options) } };
  return validated('source', validateSource('source', value, [], { allowedRoles: ['input'] })) as InputSource;
}

/** The transformation of an ApplyTransform request, with the upstream assets it reads. */
export function parseTransformRequest(request: ApplyTransformRequest): {
  ref: string;
  source: Source;
  upstream: readonly string[];
} {
  const ref = requireAssetName(request.assetName, 'ApplyTransform');
  const given = Object.keys(request.inputHandles).filter((k) => request.inputHandles[k] !== '');
  const result = validateSourceJson(ref, request.sourceJson, given, { allowedRoles: ['transformation'] });
  if (!result.ok && result.error.code === 'V-001' && typeof result.error.details.reference === 'string') {
    // Inside a session an upstream asset is known through input_handles: say that.
    const missing = result.error.details.reference;
    throw sessionErrors.invalidRequest(
      `asset "${ref}": input_handles has no handle for "${missing}" (it names: ${given.length ? given.join(', ') : 'nothing'})`,
      { asset: ref, field: 'input_handles', missing },
    );
  }
  const source = validated(ref, result);
  const upstream = result.ok ? result.upstream : [];
  for (const asset of given) {
    if (!upstream.includes(asset)) {
      throw sessionErrors.invalidRequest(
        `asset "${ref}": input_handles names "${asset}", which the source does not read (it reads: ${upstream.join(', ')})`,
        { asset: ref, field: 'input_handles', extra: asset },
      );
    }
  }
  return { ref, source, upstream };
}

/** The asset name WriteOutput's output source gets in messages. */
const OUTPUT_REF = 'output';

/** The output source (and its asset name) of a WriteOutput request for a handle of asset `fromRef`. */
export function parseOutputRequest(request: WriteOutputRequest, fromRef: string): { ref: string; source: OutputSource } {
  const output: Record<string, unknown> = {
    from: fromRef,
    format: request.format,
    path: request.path,
    options: withoutEmpty(request.options),
  };
  if (request.mode) output['mode'] = request.mode;
  const ref = fromRef === OUTPUT_REF ? `${OUTPUT_REF}_1` : OUTPUT_REF;
  return { ref, source: validated(ref, validateSource(ref, { output }, [fromRef], { allowedRoles: ['output'] })) as OutputSource };
}

/** The plan of an ExecutePipeline request, or the message that reports why there is none. */
export function parsePipelineRequest(
  request: ExecutePipelineRequest,
): { readonly ok: true; readonly plan: Plan } | { readonly ok: false; readonly error: string } {
  const result = validatePipeline(request.yaml, request.variables ?? {});
  if (!result.ok) return { ok: false, error: `validation failed: ${result.error.message}` };
  return { ok: true, plan: createPlan(result.pipeline) };
}
