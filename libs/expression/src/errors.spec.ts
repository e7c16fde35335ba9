import {
  EXPRESSION_CHECK_CODES,
  EXPRESSION_ERROR_CODES,
  EXPRESSION_SYNTAX_CODES,
  ExpressionCheckError,
  ExpressionError,
  ExpressionSyntaxError,
  expressionErrorFromData,
  isExpressionError,
  type ExpressionErrorData,
} from './errors';
import { parseExpression } from './parser';

describe('expression error catalogue', () => {
  it('uses stable EXPR_ codes with one-sentence meanings and no overlap', () => {
    const codes = Object.keys(EXPRESSION_ERROR_CODES);
    expect(codes.length).toBe(Object.keys(EXPRESSION_SYNTAX_CODES).length + Object.keys(EXPRESSION_CHECK_CODES).length);
    for (const [code, meaning] of Object.entries(EXPRESSION_ERROR_CODES)) {
      expect(code).toMatch(/^EXPR_[A-Z_]+$/);
      expect(meaning).toMatch(/^[A-Z`].*\.$/);
    }
    expect(codes).toEqual(
      expect.arrayContaining(['EXPR_SYNTAX', 'EXPR_UNKNOWN_FUNCTION', 'EXPR_ARITY', 'EXPR_TOO_DEEP', 'EXPR_TOO_LONG']),
    );
  });

  it('builds messages ending in the 1-based column, with details', () => {
    const error = new ExpressionSyntaxError('EXPR_SYNTAX', 'unexpected token ")"', { start: 13, end: 14 });
    expect(error.message).toBe('unexpected token ")" at column 14');
    expect(error.reason).toBe('unexpected token ")"');
    expect(error.details).toEqual({ column: 14, span: { start: 13, end: 14 } });
    expect(error.name).toBe('ExpressionSyntaxError');
    expect(error).toBeInstanceOf(ExpressionError);
    expect(error).toBeInstanceOf(Error);
    expect(isExpressionError(error)).toBe(true);
    expect(isExpressionError(new Error('x'))).toBe(false);
    const check = new ExpressionCheckError('EXPR_UNKNOWN_FUNCTION', 'unknown function "foo"', { start: 2, end: 8 });
    expect(check.message).toBe('unknown function "foo" at column 3');
    expect(check.name).toBe('ExpressionCheckError');
  });

  it('survives a structured-clone round trip as plain data', () => {
    let thrown: unknown;
    try {
      parseExpression('salary > 50000 AND )');
    } catch (error) {
      thrown = error;
    }
    if (!isExpressionError(thrown)) throw new Error('expected an expression error');
    const data = structuredClone(thrown.toJSON());
    expect(data).toEqual({
      name: 'ExpressionSyntaxError',
      code: 'EXPR_SYNTAX',
      message: 'unexpected token ")" at column 20',
      details: { column: 20, span: { start: 19, end: 20 } },
    });
    const rebuilt = expressionErrorFromData(data);
    expect(rebuilt).toBeInstanceOf(ExpressionSyntaxError);
    expect(rebuilt.toJSON()).toEqual(data);

    const check = new ExpressionCheckError('EXPR_ARITY', 'function "abs" takes 1 argument, got 2', { start: 0, end: 9 });
    const rebuiltCheck = expressionErrorFromData(structuredClone(check.toJSON()));
    expect(rebuiltCheck).toBeInstanceOf(ExpressionCheckError);
    expect(rebuiltCheck.message).toBe(check.message);
  });

  it('refuses data with an unknown code', () => {
    const bogus = { name: 'ExpressionSyntaxError', code: 'NOPE', message: 'x at column 1', details: { column: 1, span: { start: 0, end: 0 } } };
    expect(() => expressionErrorFromData(bogus as unknown as ExpressionErrorData)).toThrow('unknown expression error code "NOPE"');
  });
});
