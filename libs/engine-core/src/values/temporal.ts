/**
 * Dates and timestamps as plain numbers, the representation of the JavaScript backend: a date is
 * whole days since 1970-01-01, a timestamp is microseconds since 1970-01-01 00:00:00 UTC. Numbers
 * compare and sort correctly and survive a danfo frame untouched. Texts are read and written the
 * way DuckDB reads and writes them (ISO 8601, `YYYY-MM-DD HH:MM:SS[.ffffff]`).
 */

/** Microseconds in one day. */
export const MICROS_PER_DAY = 86_400_000_000;

/** Days since 1970-01-01 of a proleptic Gregorian calendar date (Howard Hinnant's algorithm). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The calendar date of a day number. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** True when year-month-day is a real calendar date. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

const DATE_TEXT = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$/;
const TIMESTAMP_TEXT =
  /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*$/;
const TIMESTAMP_WITH_OFFSET =
  /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(?:(Z)|([+-])(\d{2}):?(\d{2})?)?\s*$/;

/** Reads `YYYY-M-D` (DuckDB's date text; surrounding spaces allowed) as days, else undefined. */
export function parseDate(text: string): number | undefined {
  const m = DATE_TEXT.exec(text);
  if (m === null) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isCalendarDate(y, mo, d) ? daysFromCivil(y, mo, d) : undefined;
}

/**
 * Reads `YYYY-M-D[( |T)H:MM[:SS[.fraction]]]` as microseconds, else undefined. A date alone is
 * midnight; fractions beyond microseconds are cut off, as DuckDB does. With `allowOffset`, a
 * trailing `Z` or `+HH:MM` is accepted and the instant normalised to UTC.
 */
export function parseTimestamp(text: string, allowOffset = false): number | undefined {
  const m = (allowOffset ? TIMESTAMP_WITH_OFFSET : TIMESTAMP_TEXT).exec(text);
  if (m === null) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isCalendarDate(y, mo, d)) return undefined;
  const hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const micros = m[7] === undefined ? 0 : Number(m[7].slice(0, 6).padEnd(6, '0'));
  let offsetMinutes = 0;
  if (allowOffset && m[9] !== undefined) {
    const oh = Number(m[10]);
    const om = m[11] === undefined ? 0 : Number(m[11]);
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const days = daysFromCivil(y, mo, d);
  return days * MICROS_PER_DAY + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1_000_000 + micros;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function formatCivil({ year, month, day }: { year: number; month: number; day: number }): string {
  const y = year < 0 ? `-${pad(-year, 4)}` : pad(year, 4);
  return `${y}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** `YYYY-MM-DD` of a day number. */
export function formatDate(days: number): string {
  return formatCivil(civilFromDays(days));
}

/** `YYYY-MM-DD HH:MM:SS[.ffffff]` with trailing zeros of the fraction dropped (DuckDB's text). */
export function formatTimestamp(micros: number): string {
  const f = timestampFields(micros);
  const fraction = Math.round(f.micros);
  const base = `${formatCivil(f)} ${pad(f.hour, 2)}:${pad(f.minute, 2)}:${pad(f.second, 2)}`;
  return fraction === 0 ? base : `${base}.${pad(fraction, 6).replace(/0+$/, '')}`;
}

/** `HH:MM:SS[.ffffff]` of a time of day in microseconds (DuckDB's text; `24:00:00` is the end of the day). */
export function formatTime(micros: number): string {
  const whole = Math.floor(micros / 1_000_000);
  const fraction = Math.round(micros - whole * 1_000_000);
  const base = `${pad(Math.floor(whole / 3600), 2)}:${pad(Math.floor(whole / 60) % 60, 2)}:${pad(whole % 60, 2)}`;
  return fraction === 0 ? base : `${base}.${pad(fraction, 6).replace(/0+$/, '')}`;
}

const TIME_TEXT = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d*))?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * A time of day in microseconds from text as DuckDB's TIME cast reads it: `H:M[:S[.f]]` (a fraction
 * past six digits cut, a zone suffix ignored, `24:00:00` allowed), else the time of a timestamp text.
 */
export function parseTime(text: string): number | undefined {
  const t = text.trim();
  const m = TIME_TEXT.exec(t);
  if (m === null) {
    const micros = parseTimestamp(t.replace(/(?:Z|[+-]\d{2}(?::?\d{2})?)$/, ''));
    return micros === undefined ? undefined : ((micros % MICROS_PER_DAY) + MICROS_PER_DAY) % MICROS_PER_DAY;
  }
  const [hour, minute, second] = [Number(m[1]), Number(m[2]), Number(m[3] ?? '0')];
  const fraction = Number((m[4] ?? '').slice(0, 6).padEnd(6, '0'));
  if (minute > 59 || second > 59 || hour > 24 || (hour === 24 && (minute > 0 || second > 0 || fraction > 0))) return undefined;
  return ((hour * 60 + minute) * 60 + second) * 1_000_000 + fraction;
}

/** The calendar and clock fields of a timestamp (also what a date pattern reads and writes). */
export interface TimestampFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Microseconds within the second. */
  micros: number;
}

/** Breaks a timestamp into its calendar and clock fields. */
export function timestampFields(micros: number): TimestampFields {
  const days = Math.floor(micros / MICROS_PER_DAY);
  const date = civilFromDays(days);
  let rest = micros - days * MICROS_PER_DAY;
  const hour = Math.floor(rest / 3_600_000_000);
  rest -= hour * 3_600_000_000;
  const minute = Math.floor(rest / 60_000_000);
  rest -= minute * 60_000_000;
  const second = Math.floor(rest / 1_000_000);
  return { ...date, hour, minute, second, micros: rest - second * 1_000_000 };
}
