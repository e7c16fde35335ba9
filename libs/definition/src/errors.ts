/**
 * The error catalogue of @pipeline/definition. Every error this library throws has a stable code
 * listed here; @pipeline/validation reports them as the contract's `parse error: ...`. (Variable
 * problems are returned as data, `VariableProblem`, and worded by validation as V-010.)
 */

/** Every stable code of this library with the one-sentence meaning documented for it. */
export const DEFINITION_ERROR_CODES = {
  'DEF-YAML': 'The text is not well-formed YAML (syntax, duplicate key, several documents).',
  'DEF-SHAPE': 'The document is not a mapping at the top or has no asset list.',
  'DEF-LIMIT': 'The document exceeds a size, nesting or alias-expansion limit.',
  'DEF-KEY': 'A mapping key is a list or a mapping instead of text.',
} as const;

/** A stable error code of this library. */
export type DefinitionErrorCode = keyof typeof DEFINITION_ERROR_CODES;

/** Structured context of a definition error; positions are 1-based. */
export interface DefinitionErrorDetails {
  readonly line?: number;
  readonly column?: number;
  /** Dotted path of the offending field in the document (`pipeline.assets`). */
  readonly field?: string;
}

/** An error raised while reading a definition document; `message` is the full user-facing text. */
export class DefinitionError extends Error {
  override readonly name = 'DefinitionError';

  constructor(
    readonly code: DefinitionErrorCode,
    message: string,
    readonly details: DefinitionErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True when `value` is a DefinitionError (also across realms, by shape). */
export function isDefinitionError(value: unknown): value is DefinitionError {
  return (
    value instanceof DefinitionError ||
    (typeof value === 'object' &&
      value !== null &&
      (value as { name?: unknown }).name === 'DefinitionError' &&
      typeof (value as { code?: unknown }).code === 'string' &&
      (value as { code: string }).code in DEFINITION_ERROR_CODES)
  );
}

/** Appends ` at line L, column C` (or ` at line L`) when a position is known. */
export function atPosition(line?: number, column?: number): string {
  if (line === undefined) return '';
  return column === undefined ? ` at line ${line}` : ` at line ${line}, column ${column}`;
}

/** Builds a parse-kind error: the message reads `parse error: <detail>[ at line L, column C]`. */
export function parseError(
  code: DefinitionErrorCode,
  detail: string,
  details: DefinitionErrorDetails = {},
  cause?: unknown,
): DefinitionError {
  return new DefinitionError(
    code,
    `parse error: ${detail}${atPosition(details.line, details.column)}`,
    details,
    cause === undefined ? undefined : { cause },
  );
}
