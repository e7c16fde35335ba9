/**
 * Error catalogue of the expression module. Every error has a stable code, a one-sentence
 * message ending in `at column N`, and `details` locating the offending text. The expression
 * does not know which asset or field it came from: the validator prefixes that
 * (`V-009: asset "f": filter: unexpected token ")" at column 14`).
 */
import { CatalogueError, defineErrorCatalogue, type ErrorDetails } from '@pipeline/errors';
import type { Span } from './ast';

/** Codes raised while reading the text (the parser). */
export const EXPRESSION_SYNTAX_CODES = {
  EXPR_SYNTAX: 'The text does not follow the expression grammar (unexpected token, end or character).',
  EXPR_TOO_LONG: 'The text is longer than the expression length limit.',
  EXPR_TOO_DEEP: 'The expression nests deeper than the depth limit.',
  EXPR_INVALID_TYPE: 'A CAST names an unknown type or gives invalid type parameters.',
  EXPR_INVALID_LITERAL: 'A DATE, TIMESTAMP, TIMESTAMP_NTZ or INTERVAL literal does not hold a valid value (spec E-EXPR-004).',
  EXPR_INVALID_BINARY: "An X'...' binary literal holds a character that is not a hexadecimal digit (spec E-EXPR-005).",
  EXPR_NOT_SUPPORTED: 'The text uses a part of the language this service refuses on purpose (binary values), and says why.',
  EXPR_NAMED_ARGUMENT: 'A named argument (name => value) follows no rule: a positional argument after it (spec E-EXPR-002), a name given twice (E-EXPR-003), a name the function does not have, or a gap before it.',
} as const;

/** Codes raised while checking a parsed tree against the function catalogue and its role. */
export const EXPRESSION_CHECK_CODES = {
  EXPR_UNKNOWN_FUNCTION: 'A call names a function that is not in the catalogue.',
  EXPR_ARITY: 'A call passes too few or too many arguments.',
  EXPR_STAR: '`*` appears anywhere other than as the only argument of count.',
  EXPR_DISTINCT: 'DISTINCT is given to a function that does not accept it.',
  EXPR_NESTED_AGGREGATE: 'An aggregate call appears inside another aggregate call.',
  EXPR_AGGREGATE_NOT_ALLOWED: 'An aggregate call appears where only row-level expressions are allowed.',
  EXPR_EXPECTED_AGGREGATE: 'An aggregation expression contains no aggregate call.',
  EXPR_EXPECTED_PREDICATE: 'A filter is an expression that can never be true or false.',
  EXPR_EXPECTED_COLUMN: 'A grouping key references no column.',
  EXPR_ALIAS_NOT_ALLOWED: 'An alias appears where none is allowed.',
  EXPR_WINDOW_REQUIRED: 'A window function (row_number, rank, lag, ...) is called without OVER (...) outside a window step.',
  EXPR_WINDOW_NOT_ALLOWED: 'A window expression appears where only one value per row of the input (or per group) makes sense: a filter, a grouping key, an aggregation, another window.',
  EXPR_UNQUALIFIED_COLUMN: 'A join condition names a column without the asset it belongs to.',
  EXPR_UNGROUPED_COLUMN: 'An aggregation uses a column outside any aggregate that is not a grouping key.',
  EXPR_TEXT_GROWTH:
    'Nested replace, regexp_replace, repeat, lpad or rpad calls, array_repeat calls, arguments of concat (and other sums) or lambdas could make a value grow beyond the growth limit, or an aggregate merge lambda holds its accumulator more than once (exponential growth).',
  EXPR_LAMBDA_WORK:
    'A higher-order call inside another\'s lambda runs over a whole array of the row (a column, or the accumulator) once per element: work quadratic in the arrays\' length.',
  EXPR_GENERATOR:
    'A generator function (explode, explode_outer, posexplode, json_tuple) appears anywhere but as a whole select or addColumns entry, a select holds two of them or one beside a window expression, or a list of aliases AS (a, b) names anything but a generator.',
  EXPR_LAMBDA: 'A lambda (x -> ...) is given where no function argument is one, or with the wrong number of parameters (spec 9.8).',
  EXPR_BAD_LITERAL_ARGUMENT: 'A JSONPath (get_json_object, variant_get) or type text (from_json, variant_get) argument is not a text literal or does not read as one.',
  EXPR_BAD_PATTERN: 'An RLIKE or regexp_extract / regexp_replace pattern is one RE2 cannot compile (backreferences, lookaround, bad syntax), or a regexp_replace replacement names a missing group.',
} as const;

/** The Teckel specification's own code for an expression error, where it names one (spec 8, 9.9, 10.3, 25). */
export const EXPRESSION_SPEC_CODES: { readonly [C in ExpressionErrorCode]?: string } = {
  EXPR_EXPECTED_PREDICATE: 'E-EXPR-001',
  EXPR_INVALID_LITERAL: 'E-EXPR-004',
  EXPR_INVALID_BINARY: 'E-EXPR-005',
  EXPR_EXPECTED_AGGREGATE: 'E-AGG-001',
  EXPR_UNGROUPED_COLUMN: 'E-AGG-001',
  EXPR_UNQUALIFIED_COLUMN: 'E-JOIN-001',
};

/** Every code of the catalogue with its meaning (used for the docs table and a guard test). */
export const EXPRESSION_ERROR_CODES = { ...EXPRESSION_SYNTAX_CODES, ...EXPRESSION_CHECK_CODES } as const;

/** A code raised by the parser. */
export type ExpressionSyntaxCode = keyof typeof EXPRESSION_SYNTAX_CODES;
/** A code raised by the checker. */
export type ExpressionCheckCode = keyof typeof EXPRESSION_CHECK_CODES;
/** Any expression error code. */
export type ExpressionErrorCode = ExpressionSyntaxCode | ExpressionCheckCode;

/** Where an expression error points: a 1-based column and the offending span (0-based offsets). */
export interface ExpressionErrorDetails {
  /** 1-based position in the expression text (a newline counts as one character). */
  readonly column: number;
  readonly span: Span;
}

/** The plain-data form of an expression error, safe to send across a worker-thread boundary. */
export interface ExpressionErrorData {
  readonly name: 'ExpressionSyntaxError' | 'ExpressionCheckError';
  readonly code: ExpressionErrorCode;
  readonly message: string;
  readonly details: ExpressionErrorDetails;
}

/** What every expression error is built from: the reason and the span of text it points at. */
interface Located {
  readonly reason: string;
  readonly span: Span;
}

const atColumn = (a: Located): string => `${a.reason} at column ${a.span.start + 1}`;
const located = (a: Located): ExpressionErrorDetails & ErrorDetails => ({ column: a.span.start + 1, span: { start: a.span.start, end: a.span.end } });

/**
 * The expression module's catalogue (on `@pipeline/errors`): every code's message is its reason
 * followed by `at column N`, its details the column and span.
 */
export const expressionCatalogue = defineErrorCatalogue({
  name: 'ExpressionError',
  prefix: 'EXPR',
  // One entry per code: every expression message is its reason and where (`... at column N`).
  entries: Object.fromEntries(
    Object.entries(EXPRESSION_ERROR_CODES).map(([code, meaning]) => [code, { meaning, message: atColumn, details: located }]),
  ) as { readonly [C in ExpressionErrorCode]: { meaning: string; message: (a: Located) => string; details: (a: Located) => ExpressionErrorDetails & ErrorDetails } },
});

/** Base class of both expression error kinds; `message` always ends with `at column N`. */
export abstract class ExpressionError extends CatalogueError<ExpressionErrorCode> {
  abstract override readonly code: ExpressionErrorCode;
  declare readonly details: ExpressionErrorDetails & ErrorDetails;
  readonly reason: string;

  protected constructor(code: ExpressionErrorCode, reason: string, span: Span) {
    super(expressionCatalogue.name, code, atColumn({ reason, span }), located({ reason, span }));
    this.reason = reason;
  }

  /** Plain data for structured clone; rebuild with `expressionErrorFromData`. */
  toJSON(): ExpressionErrorData {
    return {
      name: this.name as ExpressionErrorData['name'],
      code: this.code,
      message: this.message,
      details: { column: this.details.column, span: this.details.span },
    };
  }
}

/** The text of an expression cannot be read: bad token, unexpected end, bad type or literal, limits. */
export class ExpressionSyntaxError extends ExpressionError {
  override readonly code: ExpressionSyntaxCode;

  constructor(code: ExpressionSyntaxCode, reason: string, span: Span) {
    super(code, reason, span);
    this.code = code;
    this.name = 'ExpressionSyntaxError';
  }
}

/** A parsed expression breaks a rule: unknown function, arity, aggregate placement, role. */
export class ExpressionCheckError extends ExpressionError {
  override readonly code: ExpressionCheckCode;

  constructor(code: ExpressionCheckCode, reason: string, span: Span) {
    super(code, reason, span);
    this.code = code;
    this.name = 'ExpressionCheckError';
  }
}

/** True for either kind of expression error. */
export function isExpressionError(value: unknown): value is ExpressionError {
  return value instanceof ExpressionError;
}

/** Rebuilds an expression error from its plain-data form (the inverse of `toJSON`). */
export function expressionErrorFromData(data: ExpressionErrorData): ExpressionError {
  const reason = data.message.replace(/ at column \d+$/, '');
  if (data.code in EXPRESSION_SYNTAX_CODES) {
    return new ExpressionSyntaxError(data.code as ExpressionSyntaxCode, reason, data.details.span);
  }
  if (data.code in EXPRESSION_CHECK_CODES) {
    return new ExpressionCheckError(data.code as ExpressionCheckCode, reason, data.details.span);
  }
  throw new TypeError(`unknown expression error code "${String(data.code)}"`);
}
