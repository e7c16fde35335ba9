/**
 * Ordering of non-NULL values the way DuckDB orders them: numbers numerically with NaN above
 * every other number and equal to itself, text by Unicode code point (DuckDB compares UTF-8
 * bytes, which is the same order), false before true. Dates and timestamps are numbers here.
 */

/** Negative, zero or positive as `a` sorts before, with or after `b` (both non-NULL, same domain). */
export function compareValues(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'number' && typeof b === 'number') return compareNumbers(a, b);
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  // The binder never lets different domains meet; order them by kind to stay total anyway.
  return typeof a < typeof b ? -1 : 1;
}

/** Numeric order with NaN greatest and equal to itself, and -0 equal to 0. */
export function compareNumbers(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  const an = Number.isNaN(a);
  const bn = Number.isNaN(b);
  return an && bn ? 0 : an ? 1 : -1;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Code point order (UTF-16 code unit order differs only when surrogate pairs are involved). */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : 1;
  const x = Array.from(a);
  const y = Array.from(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = (x[i].codePointAt(0) as number) - (y[i].codePointAt(0) as number);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** A key under which equal values (in DuckDB's sense) collide: for grouping and DISTINCT. */
export function valueKey(v: string | number | boolean | null): string {
  if (v === null) return 'n';
  if (typeof v === 'number') return Number.isNaN(v) ? 'dNaN' : `d${v === 0 ? 0 : v}`;
  if (typeof v === 'boolean') return v ? 'bt' : 'bf';
  return `s${v}`;
}
