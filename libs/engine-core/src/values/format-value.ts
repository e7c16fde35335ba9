/**
 * Text of a value exactly as DuckDB writes it (`CAST(x AS VARCHAR)`, CSV output), so the JavaScript
 * backend produces the same strings: doubles in shortest round-trip form with `.0` on whole
 * numbers and an exponent outside [1e-4, 1e16), decimals with their full scale, ISO dates.
 */
import { decimalParts, type DataType } from '../types/data-type';
import { formatDate, formatTime, formatTimestamp } from './temporal';

/** A value of the JavaScript backend (see values/temporal for dates and timestamps). */
export type Value = string | number | boolean | null;

/** DuckDB's text of a double. */
export function formatDouble(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  return reprFromDigits(x.toExponential());
}

/** DuckDB's text of a float (single precision): the shortest digits that read back as the same float. */
export function formatFloat(x: number): string {
  const f = Math.fround(x);
  if (!Number.isFinite(f) || f === 0) return formatDouble(f);
  for (let p = 1; p <= 9; p++) {
    const candidate = f.toExponential(p - 1);
    if (Math.fround(Number(candidate)) === f) return reprFromDigits(candidate);
  }
  return reprFromDigits(f.toExponential(8));
}

// `d.ddde±x` (shortest digits) -> Python-style repr: fixed notation for exponents in [-4, 16).
function reprFromDigits(exponential: string): string {
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(exponential);
  if (m === null) return exponential;
  const [, sign, lead, rest = '', expText] = m;
  const digits = lead + rest.replace(/0+$/, '');
  const exp = Number(expText);
  if (exp >= -4 && exp < 16) {
    if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
    const whole = digits.length > exp + 1 ? digits.slice(0, exp + 1) : digits.padEnd(exp + 1, '0');
    const fraction = digits.length > exp + 1 ? digits.slice(exp + 1) : '0';
    return `${sign}${whole}.${fraction}`;
  }
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const expSign = exp < 0 ? '-' : '+';
  return `${sign}${mantissa}e${expSign}${String(Math.abs(exp)).padStart(2, '0')}`;
}

/** The text DuckDB gives a value of type `type`; null stays null. */
export function formatValue(type: DataType, v: Value): string | null {
  if (v === null) return null;
  switch (type) {
    case 'string':
      return String(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'double':
      return formatDouble(Number(v));
    case 'float':
      return formatFloat(Number(v));
    case 'byte':
    case 'short':
    case 'integer':
    case 'long':
      return formatInteger(Number(v));
    case 'date':
      return formatDate(Number(v));
    case 'timestamp':
      return formatTimestamp(Number(v));
    case 'time':
      return formatTime(Number(v));
    default: {
      const dec = decimalParts(type);
      if (dec !== undefined) return formatDecimal(Number(v), dec.scale);
      return typeof v === 'string' ? v : String(v);
    }
  }
}

/** An integral number without exponent (exact up to 2^53). */
export function formatInteger(n: number): string {
  return Number.isSafeInteger(n) ? String(n) : BigInt(Math.round(n)).toString();
}

/** A decimal with exactly `scale` fraction digits, rounding half away from zero. */
export function formatDecimal(x: number, scale: number): string {
  const scaled = roundHalfAwayFromZero(x * 10 ** scale);
  const negative = scaled < 0;
  const digits = BigInt(Math.abs(scaled)).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  return negative ? `-${text}` : text;
}

/** Rounds half away from zero (SQL's rounding, unlike Math.round for negative halves). */
export function roundHalfAwayFromZero(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}
