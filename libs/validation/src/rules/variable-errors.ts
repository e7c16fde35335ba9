/** Words a variable substitution problem as V-010. */
import type { FieldVariableProblem } from '@pipeline/definition';
import { type AssetSubject, type ValidationError, type ValidationErrorDetails, validationErrors } from '../errors';

/**
 * The V-010 error of a substitution problem. `owner` is the asset (omitted for document-level
 * fields); `prefix` is prepended to the problem's field path (`pipeline` for `pipeline.name`).
 */
export function variableError(
  problem: FieldVariableProblem,
  owner: AssetSubject | undefined,
  details: ValidationErrorDetails,
  prefix?: string,
): ValidationError {
  const field = joinField(prefix, problem.field);
  switch (problem.kind) {
    case 'unresolved':
      return validationErrors.unresolvedVariable(problem.name, owner, field, details);
    case 'malformed':
      return validationErrors.malformedVariable(problem.placeholder, owner, field, details);
    case 'limit':
      return validationErrors.variableLimit(problem.limit, owner, field, details);
  }
}

function joinField(prefix: string | undefined, field: string): string {
  if (prefix === undefined || prefix === '') return field;
  if (field === '') return prefix;
  return field.startsWith('[') ? `${prefix}${field}` : `${prefix}.${field}`;
}
