/**
 * @pipeline/expression: the expression language: parse text into a syntax tree, check it against
 * the function catalogue and its role, and print it back as canonical text. @pipeline/definition
 * depends on it and re-exports every name, so its users import either.
 *
 * @example
 * const e = parseAndCheckExpression('AVG(salary) AS avg_salary', { role: 'aggregate' });
 * printExpression(e); // 'avg(salary) AS avg_salary'
 * outputName(e);      // 'avg_salary'
 */
export type {
  Alias,
  Between,
  Binary,
  BinaryOperator,
  BooleanLiteral,
  Call,
  Case,
  Cast,
  CastType,
  CastTypeName,
  ColumnRef,
  Expr,
  ExprKind,
  InList,
  IntervalLiteral,
  IntervalPart,
  IntervalUnit,
  IsNull,
  Like,
  LikeOperator,
  NullLiteral,
  NumberLiteral,
  Span,
  Star,
  StringLiteral,
  TypedLiteral,
  Unary,
  UnaryOperator,
  WhenClause,
  FrameBound,
  WindowCall,
  WindowFrame,
  WindowSortItem,
} from './ast';
export { assertNever } from './ast';
export { aggregateCalls, containsAggregate, isAggregateCall } from './aggregates';
export { callProblems, isCountStar } from './call-rules';
export {
  canMatchEmpty,
  compileRegex,
  compileRegexExtract,
  compileRegexReplace,
  MAX_REGEX_INSTRUCTIONS,
  parseReplacement,
  re2Rewrite,
  regexGroupCount,
  regexProblem,
} from './regex';
export type { CompiledRegex, RegexMatcher, ReplacementPiece } from './regex';
export type { CallPlace, CallRuleCode, CallRuleProblem } from './call-rules';
export { DEFAULT_DECIMAL, MAX_DECIMAL_PRECISION, printCastType, resolveCastType } from './cast-types';
export { assertExpression, checkExpression, checkGeneratorList, isGeneratorCall, parseAndCheckExpression } from './check';
export type { CheckExpressionOptions, ExpressionRole } from './check';
export { sameExpression } from './compare';
export { MAX_JSON_DEPTH, MAX_TYPE_DEPTH, jsonDepthProblem, jsonNestsDeeperThan, typeNestsTooDeep } from './json-depth';
export { ASSUMED_VALUE_LENGTH, MAX_TEXT_GROWTH, findTextGrowthProblem } from './text-growth';
export type { TextGrowthProblem } from './text-growth';
export {
  EXPRESSION_CHECK_CODES,
  EXPRESSION_ERROR_CODES,
  EXPRESSION_SPEC_CODES,
  EXPRESSION_SYNTAX_CODES,
  ExpressionCheckError,
  ExpressionError,
  ExpressionSyntaxError,
  expressionErrorFromData,
  isExpressionError,
} from './errors';
export type {
  ExpressionCheckCode,
  ExpressionErrorCode,
  ExpressionErrorData,
  ExpressionErrorDetails,
  ExpressionSyntaxCode,
} from './errors';
export {
  FUNCTION_CATALOGUE,
  FUNCTION_NAMES,
  FUNCTIONS,
  WINDOW_FUNCTIONS,
  describeArity,
  isFunctionName,
  isWindowFunctionName,
  lookupFunction,
  lookupWindowFunction,
} from './functions';
export type { FunctionCategory, FunctionInfo, FunctionName, FunctionResultType, FunctionSpec, WindowFunctionName } from './functions';
export { RESERVED_WORDS, isBareIdentifier, isReservedWord, quoteIdentifier } from './keywords';
export { MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_LENGTH, parseExpression } from './parser';
export { outputName, printExpression, printStringLiteral } from './printer';
export { children, columnsReferenced, expressionDepth, mapChildren, someNode, walkExpression } from './walk';
export { readJsonPath } from './json-path';
export type { JsonPathStep } from './json-path';
export { quotedTypeText, readDataType, readTargetType } from './type-text';
