/**
 * CAST between portable types in JavaScript, reproducing DuckDB's conversions: text to whole
 * number rounds half away from zero, a double to a whole number rounds half to even, text to
 * boolean accepts true/false/t/f/yes/no/y/n/1/0, out-of-range values fail. A failed conversion
 * returns `CAST_FAILED`; the caller turns that into an error (CAST) or NULL (TRY_CAST).
 */
import {
  decimalParts,
  INTEGRAL_RANGE,
  isDecimal,
  isIntegral,
  isNumeric,
  type DataType,
} from '../types/data-type';
import { formatValue, roundHalfAwayFromZero, type Value } from './format-value';
import { MICROS_PER_DAY, parseDate, parseTime, parseTimestamp } from './temporal';

/** Marker of a conversion that failed. */
export const CAST_FAILED: unique symbol = Symbol('cast failed');

/** Converts `v` from `from` to `to`; NULL stays NULL. */
export function castValue(v: Value, from: DataType, to: DataType): Value | typeof CAST_FAILED {
  if (v === null || from === to) return v;
  if (to === 'string') return formatValue(from, v);
  if (from === 'string') return fromText(String(v), to);
  if (isNumeric(from)) {
    const x = Number(v);
    if (isIntegral(to)) {
      if (!Number.isFinite(x)) return CAST_FAILED;
      const rounded = isDecimal(from) ? roundHalfAwayFromZero(x) : isIntegral(from) ? x : roundHalfToEven(x);
      return inIntegralRange(rounded, to) ? rounded : CAST_FAILED;
    }
    if (to === 'double') return x;
    if (to === 'float') return Math.fround(x);
    if (to === 'boolean') return x !== 0;
    const dec = decimalParts(to);
    if (dec !== undefined) return toDecimal(x, dec.precision, dec.scale);
    return CAST_FAILED;
  }
  if (from === 'boolean') {
    if (isNumeric(to)) return v ? 1 : 0;
    return CAST_FAILED;
  }
  if (from === 'date' && to === 'timestamp') return Number(v) * MICROS_PER_DAY;
  if (from === 'timestamp' && to === 'date') return Math.floor(Number(v) / MICROS_PER_DAY);
  if (from === 'timestamp' && to === 'time') return ((Number(v) % MICROS_PER_DAY) + MICROS_PER_DAY) % MICROS_PER_DAY;
  return CAST_FAILED;
}

function inIntegralRange(x: number, t: DataType): boolean {
  const range = INTEGRAL_RANGE[t];
  return range !== undefined && x >= range[0] && x <= range[1];
}

/** Rounds half to even, as C's nearbyint does for DuckDB's double-to-integer casts. */
export function roundHalfToEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

function toDecimal(x: number, precision: number, scale: number): number | typeof CAST_FAILED {
  if (!Number.isFinite(x)) return CAST_FAILED;
  const scaled = roundHalfAwayFromZero(x * 10 ** scale);
  if (Math.abs(scaled) >= 10 ** precision) return CAST_FAILED;
  return scaled / 10 ** scale;
}

const INTEGRAL_BITS: Readonly<Record<string, number>> = { byte: 8, short: 16, integer: 32, long: 64 };
const ZONE_SUFFIX = /(?:Z|[+-]\d{2}(?::?\d{2})?)\s*$/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
const INTEGER_TEXT = /^\s*([+-]?)(\d+)\s*$/;
const DECIMAL_TEXT = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/;

function fromText(text: string, to: DataType): Value | typeof CAST_FAILED {
  if (isIntegral(to)) {
    const m = INTEGER_TEXT.exec(text);
    if (m !== null) {
      const big = BigInt(m[1] + m[2]);
      const bits = BigInt(INTEGRAL_BITS[to]);
      const limit = 1n << (bits - 1n);
      return big >= -limit && big < limit ? Number(big) : CAST_FAILED;
    }
    const x = exactDecimalText(text, 0);
    return x !== undefined && inIntegralRange(x, to) ? x : CAST_FAILED;
  }
  if (to === 'double' || to === 'float') {
    const x = textToDouble(text);
    if (x === undefined) return CAST_FAILED;
    return to === 'float' ? Math.fround(x) : x;
  }
  const dec = decimalParts(to);
  if (dec !== undefined) {
    const x = exactDecimalText(text, dec.scale);
    if (x === undefined || Math.abs(x) >= 10 ** (dec.precision - dec.scale)) return CAST_FAILED;
    return x;
  }
  if (to === 'boolean') {
    const t = text.toLowerCase();
    if (t === 'true' || t === 't' || t === 'yes' || t === 'y' || t === '1') return true;
    if (t === 'false' || t === 'f' || t === 'no' || t === 'n' || t === '0') return false;
    return CAST_FAILED;
  }
  if (to === 'date') {
    const days = parseDate(text);
    if (days !== undefined) return days;
    const micros = parseTimestamp(text);
    return micros === undefined ? CAST_FAILED : Math.floor(micros / MICROS_PER_DAY);
  }
  // DuckDB's TIMESTAMP cast reads a zone suffix and ignores it; so does this one.
  if (to === 'timestamp') return parseTimestamp(text.includes(':') ? text.replace(ZONE_SUFFIX, '') : text) ?? CAST_FAILED;
  if (to === 'time') return parseTime(text) ?? CAST_FAILED;
  return CAST_FAILED;
}

/** A double from text (DuckDB spelling: optional sign, digits, fraction, exponent, inf, nan). */
export function textToDouble(text: string): number | undefined {
  // Fast path: plain decimal digits (the common case) need no further checks.
  if (PLAIN_NUMBER.test(text)) return Number(text);
  const t = text.trim();
  if (/^[+-]?(inf|infinity)$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(t)) return NaN;
  const m = DECIMAL_TEXT.exec(t);
  if (m === null || (m[2] === '' && (m[3] === undefined || m[3] === ''))) return undefined;
  return Number(t);
}

/**
 * The value of decimal text rounded half away from zero to `scale` digits, computed on the digits
 * themselves so that `1.005` rounds to 1.01 as an exact decimal would.
 */
function exactDecimalText(text: string, scale: number): number | undefined {
  const m = DECIMAL_TEXT.exec(text);
  if (m === null || (m[2] === '' && (m[3] === undefined || m[3] === ''))) return undefined;
  const negative = m[1] === '-';
  let digits = (m[2] === '' ? '0' : m[2]) + (m[3] ?? '');
  let point = (m[2] === '' ? 1 : m[2].length) + Number(m[4] ?? '0');
  // Shift the decimal point so that `scale` fraction digits stay, then round on the next digit.
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  const keep = point + scale;
  const padded = digits.padEnd(Math.max(keep + 1, digits.length), '0');
  let kept = BigInt(padded.slice(0, keep) || '0');
  if (Number(padded[keep] ?? '0') >= 5) kept += 1n;
  const value = Number(kept) / 10 ** scale;
  return negative ? -value : value;
}
