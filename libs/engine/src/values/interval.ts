/**
 * Calendar intervals (`INTERVAL 1 MONTH 2 DAYS`) and their arithmetic with dates and timestamps,
 * as DuckDB computes it: an interval is months, days and microseconds kept apart (a month is not a
 * fixed number of days); adding one moves the calendar month first, keeping the day of the month
 * or, when that month is shorter, its last day (January 31 plus one month is February 29 in
 * 2024), then adds the days, then the microseconds. Subtracting adds the negated interval.
 */
import type { IntervalPart } from '@pipeline/definition';
import { civilFromDays, daysFromCivil, isCalendarDate, MICROS_PER_DAY } from './temporal';

/** An interval in DuckDB's three fields. */
export interface IntervalValue {
  readonly months: number;
  readonly days: number;
  readonly micros: number;
}

const MICROS_PER: Readonly<Record<'hour' | 'minute' | 'second', number>> = {
  hour: 3_600_000_000,
  minute: 60_000_000,
  second: 1_000_000,
};

/** The interval an INTERVAL literal's parts add up to. */
export function intervalOf(parts: readonly IntervalPart[]): IntervalValue {
  let months = 0;
  let days = 0;
  let micros = 0;
  for (const { value, unit } of parts) {
    if (unit === 'year') months += value * 12;
    else if (unit === 'month') months += value;
    else if (unit === 'day') days += value;
    else micros += value * MICROS_PER[unit];
  }
  return { months, days, micros };
}

/** `micros` (a timestamp) plus `sign` times the interval, as a timestamp. */
export function addInterval(micros: number, interval: IntervalValue, sign: 1 | -1): number {
  const day = Math.floor(micros / MICROS_PER_DAY);
  const timeOfDay = micros - day * MICROS_PER_DAY;
  const { year, month, day: dayOfMonth } = civilFromDays(day);
  const monthIndex = year * 12 + (month - 1) + sign * interval.months;
  const newYear = Math.floor(monthIndex / 12);
  const newMonth = monthIndex - newYear * 12 + 1;
  let newDay = dayOfMonth;
  while (!isCalendarDate(newYear, newMonth, newDay)) newDay--;
  const shifted = daysFromCivil(newYear, newMonth, newDay) + sign * interval.days;
  return shifted * MICROS_PER_DAY + timeOfDay + sign * interval.micros;
}

/** DuckDB's text for an interval literal: `'14 months 3 days 5000000 microseconds'`. */
export function intervalText(interval: IntervalValue): string {
  return `${interval.months} months ${interval.days} days ${interval.micros} microseconds`;
}
