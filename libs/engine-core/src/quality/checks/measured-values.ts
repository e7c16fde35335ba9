/** Comparisons shared by check planners: bounds, and type families for type expectations. */
import type { QualityBound } from '@pipeline/definition';
import { isDecimal, isFloating, isIntegral, type DataType } from '../../types/data-type';
import { formatNumber } from '../quality-result';

/** The kind of a type, for type expectations: integral types are alike, float and double too, decimals too. */
export function family(t: DataType): string {
  if (isIntegral(t)) return 'integral';
  if (isFloating(t)) return 'floating';
  if (isDecimal(t)) return 'decimal';
  return t;
}

/** Whether `n` lies within bound `b` (inclusive). */
export function within(n: number, b: QualityBound): boolean {
  return (b.min === undefined || n >= b.min) && (b.max === undefined || n <= b.max);
}

/** A bound in words: `between 1 and 5`, `>= 1`, `<= 5`. */
export function boundText(b: QualityBound): string {
  if (b.min !== undefined && b.max !== undefined) return `between ${formatNumber(b.min)} and ${formatNumber(b.max)}`;
  return b.min !== undefined ? `>= ${formatNumber(b.min)}` : `<= ${formatNumber(b.max ?? 0)}`;
}
