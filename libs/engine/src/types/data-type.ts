/**
 * Portable column types, the vocabulary both backends share: `string`, `byte`, `short`,
 * `integer`, `long`, `float`, `double`, `boolean`, `date`, `timestamp`, `decimal(p,s)`, and
 * `null` for an untyped NULL literal. A type DuckDB can produce but the expression language does
 * not model (a parquet `time`, a list, a struct) keeps a lower-cased name of its own and only
 * passes through transformations.
 */

/** A portable type name (see the module doc). */
export type DataType = string;

/** Integral types from narrowest to widest. */
export const INTEGRAL_TYPES = ['byte', 'short', 'integer', 'long'] as const;

/** Numeric types that are not integral and not decimal. */
export const FLOATING_TYPES = ['float', 'double'] as const;

const DECIMAL = /^decimal\((\d+),(\d+)\)$/;

/** Precision and scale of a decimal type. */
export interface DecimalParts {
  readonly precision: number;
  readonly scale: number;
}

/** The precision and scale of `t`, or undefined when `t` is not a decimal. */
export function decimalParts(t: DataType): DecimalParts | undefined {
  const m = DECIMAL.exec(t);
  return m === null ? undefined : { precision: Number(m[1]), scale: Number(m[2]) };
}

/** `decimal(p,s)`. */
export function decimalType(precision: number, scale: number): DataType {
  return `decimal(${precision},${scale})`;
}

/** True for byte, short, integer and long. */
export function isIntegral(t: DataType): boolean {
  return (INTEGRAL_TYPES as readonly string[]).includes(t);
}

/** True for float and double. */
export function isFloating(t: DataType): boolean {
  return (FLOATING_TYPES as readonly string[]).includes(t);
}

/** True for decimal(p,s). */
export function isDecimal(t: DataType): boolean {
  return DECIMAL.test(t);
}

/** True for every numeric type. */
export function isNumeric(t: DataType): boolean {
  return isIntegral(t) || isFloating(t) || isDecimal(t);
}

/** True for date and timestamp. */
export function isTemporal(t: DataType): boolean {
  return t === 'date' || t === 'timestamp';
}

/** True for the types the expression language computes with (everything but pass-through types). */
export function isModelled(t: DataType): boolean {
  return t === 'string' || t === 'boolean' || t === 'null' || isNumeric(t) || isTemporal(t);
}

/** Decimal precision that holds every value of an integral type (DuckDB's rule). */
export function integralDecimalPrecision(t: DataType): number {
  switch (t) {
    case 'byte':
      return 3;
    case 'short':
      return 5;
    case 'integer':
      return 10;
    default:
      return 19;
  }
}

/** Value range of each integral type (long held as doubles: exact only to 2^53). */
export const INTEGRAL_RANGE: Readonly<Record<string, readonly [number, number]>> = {
  byte: [-128, 127],
  short: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  // Doubles cannot hold 2^63 - 1 exactly; the bound is the nearest double.
  long: [-(2 ** 63), 2 ** 63],
};
