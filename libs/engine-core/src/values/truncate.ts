/**
 * date_trunc in JavaScript: the start of the calendar unit holding a timestamp (microseconds since
 * the epoch), as DuckDB computes it: weeks start on Monday, quarters in January, April, July and
 * October, and times before 1970 round down, not toward zero.
 */
import { civilFromDays, daysFromCivil, MICROS_PER_DAY } from './temporal';

/** The units date_trunc accepts. */
export const TRUNCATION_UNITS = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'] as const;

/** A date_trunc unit. */
export type TruncationUnit = (typeof TRUNCATION_UNITS)[number];

const MICROS_PER: Readonly<Record<'second' | 'minute' | 'hour' | 'day', number>> = {
  second: 1_000_000,
  minute: 60_000_000,
  hour: 3_600_000_000,
  day: MICROS_PER_DAY,
};

/** The first microsecond of the `unit` holding `micros`. */
export function truncate(micros: number, unit: TruncationUnit): number {
  if (unit === 'second' || unit === 'minute' || unit === 'hour' || unit === 'day') {
    return Math.floor(micros / MICROS_PER[unit]) * MICROS_PER[unit];
  }
  const days = Math.floor(micros / MICROS_PER_DAY);
  if (unit === 'week') {
    // 1970-01-01 was a Thursday, three days after a Monday.
    const sinceMonday = (((days + 3) % 7) + 7) % 7;
    return (days - sinceMonday) * MICROS_PER_DAY;
  }
  const { year, month } = civilFromDays(days);
  const first = unit === 'year' ? 1 : unit === 'quarter' ? month - ((month - 1) % 3) : month;
  return daysFromCivil(year, first, 1) * MICROS_PER_DAY;
}
