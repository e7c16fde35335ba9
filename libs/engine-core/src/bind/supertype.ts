/**
 * Type combination rules shared by both backends: the common type of two values (CASE branches,
 * IN lists, comparisons, coalesce) and the result type of arithmetic. They follow DuckDB's rules
 * so that the DuckDB backend produces these types natively; the JavaScript backend is told them.
 */
import {
  decimalParts,
  decimalType,
  integralDecimalPrecision,
  INTEGRAL_TYPES,
  isDecimal,
  isFloating,
  isIntegral,
  isNumeric,
  type DataType,
} from '../types/data-type';

const MAX_PRECISION = 38;

/** The wider of two integral types. */
export function widerIntegral(a: DataType, b: DataType): DataType {
  const rank = (t: DataType): number => (INTEGRAL_TYPES as readonly string[]).indexOf(t);
  return rank(a) >= rank(b) ? a : b;
}

function asDecimal(t: DataType): { precision: number; scale: number } {
  return decimalParts(t) ?? { precision: integralDecimalPrecision(t), scale: 0 };
}

/** The common numeric type of two numeric types (no literal adaptation). */
export function numericSupertype(a: DataType, b: DataType): DataType {
  if (a === b) return a;
  if (a === 'double' || b === 'double') return 'double';
  if (a === 'float' || b === 'float') return 'float';
  if (isIntegral(a) && isIntegral(b)) return widerIntegral(a, b);
  const x = asDecimal(a);
  const y = asDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  const whole = Math.max(x.precision - x.scale, y.precision - y.scale);
  return decimalType(Math.min(MAX_PRECISION, whole + scale), scale);
}

/**
 * The common type of two types for comparison and for choosing between values, or undefined
 * when they do not mix (a string and a number). `null` joins with anything.
 */
export function supertype(a: DataType, b: DataType): DataType | undefined {
  if (a === 'null') return b;
  if (b === 'null') return a;
  if (a === b) return a;
  if (isNumeric(a) && isNumeric(b)) return numericSupertype(a, b);
  if ((a === 'date' && b === 'timestamp') || (a === 'timestamp' && b === 'date')) return 'timestamp';
  return undefined;
}

/** Operators of arithmetic that keep a numeric type (`/` is handled apart: always double). */
export type ArithmeticOperator = '+' | '-' | '*' | '%';

/** Result type of `a op b` for numeric (or NULL) `a` and `b`, by DuckDB's rules. */
export function arithmeticType(op: ArithmeticOperator, a: DataType, b: DataType): DataType {
  if (a === 'null') a = b === 'null' ? 'integer' : b;
  if (b === 'null') b = a;
  if (isFloating(a) || isFloating(b)) return numericSupertype(isFloating(a) ? a : b, isFloating(b) ? b : a);
  if (isIntegral(a) && isIntegral(b)) return widerIntegral(a, b);
  if (!isDecimal(a) && !isDecimal(b)) return numericSupertype(a, b);
  const x = asDecimal(a);
  const y = asDecimal(b);
  switch (op) {
    case '+':
    case '-': {
      const scale = Math.max(x.scale, y.scale);
      const whole = Math.max(x.precision - x.scale, y.precision - y.scale);
      return decimalType(Math.min(MAX_PRECISION, whole + scale + 1), scale);
    }
    case '*': {
      // DuckDB keeps a product of two 64-bit decimals within 18 digits (and checks for overflow).
      const both64 = x.precision <= 18 && y.precision <= 18;
      const precision = both64 ? Math.min(18, x.precision + y.precision) : Math.min(MAX_PRECISION, x.precision + y.precision);
      return decimalType(Math.max(precision, x.scale + y.scale), x.scale + y.scale);
    }
    case '%': {
      const scale = Math.max(x.scale, y.scale);
      const whole = Math.max(x.precision - x.scale, y.precision - y.scale);
      return decimalType(Math.min(MAX_PRECISION, whole + scale), scale);
    }
  }
}
