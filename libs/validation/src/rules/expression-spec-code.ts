/** The Teckel specification's own code of an expression error (E-EXPR-004, E-EXPR-005), as V-009 details. */
import { EXPRESSION_SPEC_CODES, type ExpressionErrorCode } from '@pipeline/definition';

export function expressionSpecCode(code: string): { specCode?: string } {
  const specCode = Object.hasOwn(EXPRESSION_SPEC_CODES, code) ? EXPRESSION_SPEC_CODES[code as ExpressionErrorCode] : undefined;
  return specCode === undefined ? {} : { specCode };
}
