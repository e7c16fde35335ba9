/**
 * Reading values from text the way DuckDB's readers infer them: booleans, integers, doubles,
 * dates and timestamps (ISO or by a pattern), each a converter that answers `undefined` for text
 * that does not fit. CSV columns take the first candidate every value fits; JSON strings the same
 * for dates and timestamps.
 */
import { patternReader, type DatePattern } from './date-pattern';
import type { CsvOptions } from './format-options';
import type { DataType } from '../types/data-type';
import { textToDouble } from '../values/cast';
import type { Value } from '../values/format-value';
import { daysFromCivil, isCalendarDate, MICROS_PER_DAY, parseDate, parseTimestamp } from '../values/temporal';

export type Converter = (text: string) => Value | undefined;

/** CSV type candidates in DuckDB's order of preference, each with its reader. */
export function csvCandidates(o: CsvOptions): ReadonlyArray<[DataType, Converter]> {
  return [
    ['boolean', readBoolean],
    ['long', readLong],
    ['double', readDouble],
    ['date', o.dateFormat === undefined ? (t) => parseDate(t) : dateByPattern(o.dateFormat)],
    ['timestamp', o.timestampFormat === undefined ? (t) => parseTimestamp(t) : timestampByPattern(o.timestampFormat)],
  ];
}

const BOOLEAN_TEXT: Readonly<Record<string, boolean>> = { true: true, false: false, t: true, f: false, yes: true, no: false };

export function readBoolean(t: string): boolean | undefined {
  return BOOLEAN_TEXT[t.toLowerCase()];
}

const LONG_TEXT = /^\s*(-?)(0|[1-9]\d*)\s*$/;

export function readLong(t: string): number | undefined {
  const m = LONG_TEXT.exec(t);
  if (m === null) return undefined;
  const big = BigInt(m[1] + m[2]);
  return big >= -9223372036854775808n && big <= 9223372036854775807n ? Number(big) : undefined;
}

export function readDouble(t: string): number | undefined {
  // DuckDB's sniffer leaves `+5` and zero-padded numbers such as `007` as text.
  if (/^\s*(\+|-?0\d)/.test(t)) return undefined;
  return textToDouble(t);
}

export function dateByPattern(p: DatePattern): Converter {
  const read = patternReader(p);
  return (t) => {
    const f = read(t);
    return f !== undefined && isCalendarDate(f.year, f.month, f.day) ? daysFromCivil(f.year, f.month, f.day) : undefined;
  };
}

export function timestampByPattern(p: DatePattern): Converter {
  const read = patternReader(p);
  return (t) => {
    const f = read(t);
    if (f === undefined || !isCalendarDate(f.year, f.month, f.day) || f.hour > 23 || f.minute > 59 || f.second > 59) return undefined;
    return daysFromCivil(f.year, f.month, f.day) * MICROS_PER_DAY + ((f.hour * 60 + f.minute) * 60 + f.second) * 1_000_000 + f.micros;
  };
}

export function convertAll(raw: readonly (string | null)[], convert: Converter): Value[] | undefined {
  const out: Value[] = new Array(raw.length);
  let any = false;
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i];
    if (t === null) {
      out[i] = null;
      continue;
    }
    const v = convert(t);
    if (v === undefined) return undefined;
    out[i] = v;
    any = true;
  }
  // A column without any value is text, as DuckDB makes it.
  return any ? out : undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isoDate(t: string): number | undefined {
  return ISO_DATE.test(t) ? parseDate(t) : undefined;
}

/** DuckDB detects one timestamp format per JSON column: all values must use the same date-time separator. */
export function sameIsoTimestampFormat(texts: readonly (string | null)[]): Converter {
  const first = texts.find((t) => t !== null) ?? '';
  const separator = first.includes('T') ? 'T' : ' ';
  const shape = new RegExp(`^\\d{4}-\\d{2}-\\d{2}${separator}\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?$`);
  return (t) => (shape.test(t) ? parseTimestamp(t) : undefined);
}
