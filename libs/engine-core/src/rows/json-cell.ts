/**
 * A value of the JavaScript backend (see values/format-value) as the typed JSON of a rows answer
 * (see rows-result.ts): the same JSON the DuckDB backend produces for the same value.
 */
import { decimalParts, isFloating, isIntegral, type DataType } from '../types/data-type';
import { formatValue, type Value } from '../values/format-value';

/** Converts one value of a column of type `type`. */
export function jsonCell(type: DataType, value: Value): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return Boolean(value);
  if (isIntegral(type)) return Number(value);
  if (isFloating(type) || decimalParts(type) !== undefined) return jsonNumber(Number(value));
  if (type === 'string') return String(value);
  // Dates, times and timestamps: the text DuckDB gives them.
  return formatValue(type, value);
}

/** A number as JSON holds it: NaN and the infinities, which JSON has no numbers for, as text. */
export function jsonNumber(x: number): number | string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  return x;
}
