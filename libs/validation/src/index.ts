/**
 * @pipeline/validation: every rule of a pipeline definition and its `V-0xx` messages.
 *
 * `validatePipeline` turns YAML text (and optional variables) into a typed `PipelineDefinition`,
 * or reports its problems in document order (`error` the first, `errors` all, at most
 * MAX_VALIDATION_ERRORS, each placed at its value; `diagnosticOf` makes one a list entry) as plain data: `{ kind: 'parse', code: 'PARSE',
 * message: 'parse error: ...' }` or `{ kind: 'validation', code: 'V-001', message: 'V-001: ...' }`.
 * `validateSource` holds one gRPC `source_json` value to the same rules.
 *
 * @example
 * const result = validatePipeline(yaml, { DATA_DIR: 'in' });
 * if (!result.ok) return { valid: false, error: result.error.message };
 * result.pipeline.assets.map((a) => a.ref);
 */
export { VALIDATION_ERROR_CODES, isValidationError, validationErrors } from './errors';
export type { AssetSubject, ValidationError, ValidationErrorCode, ValidationErrorDetails } from './errors';
export { placeErrors, validatePipeline } from './validate-pipeline';
export { MAX_VALIDATION_ERRORS, diagnosticOf } from './diagnostics';
export type { ValidationDiagnostic } from './diagnostics';
export { closestName, editDistance } from './suggest';
export type { ValidationResult } from './validate-pipeline';
export { validateSource, validateSourceJson } from './validate-source';
export type { SourceValidationResult, ValidateSourceOptions } from './validate-source';
export { ASSET_NAME_PATTERN } from './rules/asset-rules';
export { REFUSED_TOP_LEVEL, SUPPORTED_VERSION } from './rules/document-rules';
export { REFUSED_KINDS } from './rules/source-rules';
