/**
 * The error catalogue of @pipeline/definition. Every error this library throws has a stable code
 * listed here; @pipeline/validation reports them as the contract's `parse error: ...`. (Variable
 * problems are returned as data, `VariableProblem`, and worded by validation as V-010.)
 */
import { defineErrorCatalogue, type CatalogueError, type ErrorDetails } from '@pipeline/errors';

/** Every stable code of this library with the one-sentence meaning documented for it. */
export const DEFINITION_ERROR_CODES = {
  DEF_YAML: 'The text is not well-formed YAML (syntax, duplicate key, several documents).',
  DEF_SHAPE: 'The document is not a mapping at the top or has no asset list.',
  DEF_LIMIT: 'The document exceeds a size, nesting or alias-expansion limit.',
  DEF_KEY: 'A mapping key is a list or a mapping instead of text.',
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

/** What a definition error is built from: the problem and where it is in the document. */
interface Situated extends DefinitionErrorDetails {
  readonly detail: string;
}

const parseMessage = (a: Situated): string => `parse error: ${a.detail}${atPosition(a.line, a.column)}`;
const positionOf = ({ detail: _detail, ...where }: Situated): ErrorDetails => where;

/**
 * The definition library's catalogue (on `@pipeline/errors`): every message reads
 * `parse error: <detail>[ at line L, column C]`, the details hold the position.
 */
export const definitionCatalogue = defineErrorCatalogue({
  name: 'DefinitionError',
  prefix: 'DEF',
  entries: Object.fromEntries(
    Object.entries(DEFINITION_ERROR_CODES).map(([code, meaning]) => [code, { meaning, message: parseMessage, details: positionOf }]),
  ) as { readonly [C in DefinitionErrorCode]: { meaning: string; message: (a: Situated) => string; details: (a: Situated) => ErrorDetails } },
});

/** An error raised while reading a definition document; `message` is the full user-facing text. */
export type DefinitionError = CatalogueError<DefinitionErrorCode> & { readonly details: DefinitionErrorDetails };

/** True when `value` is a DefinitionError (also across realms, by shape). */
export function isDefinitionError(value: unknown): value is DefinitionError {
  return definitionCatalogue.is(value);
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
  return definitionCatalogue.create(code, { ...details, detail }, cause === undefined ? undefined : { cause }) as DefinitionError;
}
