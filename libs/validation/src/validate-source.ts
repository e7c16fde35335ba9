/**
 * Validates one source on its own: the gRPC `ApplyTransformRequest.source_json` is the JSON form
 * of one YAML `source` value (`{"where":{"from":"raw","filter":"salary > 50000"}}`) and is held
 * to the same rules as a source inside a definition.
 */
import {
  createSubstitutionBudget,
  fromJsonValue,
  isDefinitionError,
  type KindRole,
  type RawNode,
  type Source,
} from '@pipeline/definition';
import { type ValidationError, validationErrors } from './errors';
import { ASSET_NAME_PATTERN } from './rules/asset-rules';
import { checkSource } from './rules/source-rules';

/** Options of `validateSource`. */
export interface ValidateSourceOptions {
  /** Roles the source's kind may have (ApplyTransform: `['transformation']`); any role when absent. */
  readonly allowedRoles?: readonly KindRole[];
}

/** The outcome: the typed source with the assets it reads, or the first error. */
export type SourceValidationResult =
  | { readonly ok: true; readonly source: Source; readonly upstream: readonly string[] }
  | { readonly ok: false; readonly error: ValidationError };

/**
 * Validates one source value (already JSON-parsed) for the asset `assetName`. Every asset it reads
 * must be in `knownAssets`. There is no variables map in this call, so string values are taken
 * literally (`${X}` is not a placeholder here).
 */
export function validateSource(
  assetName: string,
  source: unknown,
  knownAssets: Iterable<string>,
  options: ValidateSourceOptions = {},
): SourceValidationResult {
  if (typeof assetName !== 'string' || !ASSET_NAME_PATTERN.test(assetName)) {
    return { ok: false, error: validationErrors.invalidAssetName(String(assetName), 1) };
  }
  let raw: RawNode;
  try {
    raw = fromJsonValue(source);
  } catch (error) {
    if (!isDefinitionError(error)) throw error;
    return { ok: false, error: validationErrors.parse(error.message, { cause: error.code }) };
  }
  const known = new Set(knownAssets);
  const checked = checkSource(raw, {
    who: { name: assetName, number: 1 },
    details: {},
    variables: undefined,
    budget: createSubstitutionBudget(),
    resolveReference: (ref) => (known.has(ref) ? 'ok' : 'unknown'),
    ...(options.allowedRoles === undefined ? {} : { allowedRoles: options.allowedRoles }),
  });
  if (checked.ok && checked.source.kind === 'split') {
    const why = 'a split makes two assets and one call makes one handle; apply a where with the condition for each';
    return { ok: false, error: validationErrors.kindNotInSession({ name: assetName, number: 1 }, 'split', why) };
  }
  return checked;
}

/**
 * Parses `source_json` text and validates it: text that is not JSON is a parse error
 * (`parse error: source_json is not valid JSON: ...`).
 */
export function validateSourceJson(
  assetName: string,
  sourceJson: string,
  knownAssets: Iterable<string>,
  options: ValidateSourceOptions = {},
): SourceValidationResult {
  let value: unknown;
  try {
    value = JSON.parse(sourceJson);
  } catch (error) {
    return {
      ok: false,
      error: validationErrors.parse(`source_json is not valid JSON: ${(error as Error).message}`, { field: 'source_json' }),
    };
  }
  return validateSource(assetName, value, knownAssets, options);
}
