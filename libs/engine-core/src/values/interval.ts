/**
 * Calendar intervals (`INTERVAL 1 MONTH 2 DAYS`) and their arithmetic with dates and timestamps,
 * as DuckDB computes it: an interval is months, days and microseconds kept apart (a month is not a
 * fixed number of days); adding one moves the calendar month first, keeping the day of the month
 * or, when that month is shorter, its last day (January 31 plus one month is February 29 in
 * 2024), then adds the days, then the microseconds. Subtracting adds the negated interval.
 */
import type { Expr, IntervalPart } from '@pipeline/definition';
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
    // Seconds may carry up to 6 decimals; rounding removes the binary fraction's noise.
    else micros += Math.round(value * MICROS_PER[unit]);
  }
  return { months, days, micros };
}

/** Largest day or month count of an interval (DuckDB keeps them in 32 bits). */
const MAX_INTERVAL_FIELD = 2_147_483_647;

/**
 * The interval a constant interval expression stands for: INTERVAL literals combined with `+`,
 * `-`, unary minus and multiplication by a whole-number literal (spec 10.4: `interval + interval`,
 * `interval * integer`). Undefined when `e` is not such an expression.
 */
export function constantInterval(e: Expr): IntervalValue | undefined {
  switch (e.kind) {
    case 'interval':
      return intervalOf(e.parts);
    case 'unary': {
      const inner = constantInterval(e.operand);
      if (inner === undefined || e.op === 'NOT') return undefined;
      return e.op === '-' ? scaled(inner, -1) : inner;
    }
    case 'binary': {
      const left = constantInterval(e.left);
      const right = constantInterval(e.right);
      if ((e.op === '+' || e.op === '-') && left !== undefined && right !== undefined) {
        const sign = e.op === '-' ? -1 : 1;
        return { months: left.months + sign * right.months, days: left.days + sign * right.days, micros: left.micros + sign * right.micros };
      }
      if (e.op !== '*') return undefined;
      const interval = left ?? right;
      const factor = left !== undefined ? wholeLiteral(e.right) : wholeLiteral(e.left);
      return interval === undefined || factor === undefined ? undefined : scaled(interval, factor);
    }
    case 'call':
      return constructedInterval(e.name, e.args);
    default:
      return undefined;
  }
}

/** The fields each interval constructor takes, in order (spec 9.13.11); every one defaults to 0. */
const INTERVAL_CONSTRUCTORS: Readonly<Record<string, readonly ('year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second')[]>> = {
  make_interval: ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'],
  make_ym_interval: ['year', 'month'],
  make_dt_interval: ['day', 'hour', 'minute', 'second'],
};

/**
 * `make_interval(1, 2)`, `make_dt_interval(0, 12)`: the interval its number literals make (whole
 * numbers, seconds with up to 6 decimals), or undefined when an argument is anything else.
 */
function constructedInterval(name: string, args: readonly Expr[]): IntervalValue | undefined {
  const fields = INTERVAL_CONSTRUCTORS[name.toLowerCase()];
  if (fields === undefined || args.length > fields.length) return undefined;
  const parts: IntervalPart[] = [];
  for (const [i, arg] of args.entries()) {
    const unit = fields[i];
    const value = unit === 'second' ? secondsLiteral(arg) : wholeLiteral(arg);
    if (value === undefined) return undefined;
    if (unit === 'week') parts.push({ value: value * 7, unit: 'day' });
    else parts.push({ value, unit });
  }
  return intervalOf(parts);
}

/** A number literal (possibly negated) with at most 6 decimals: a count of seconds. */
function secondsLiteral(e: Expr): number | undefined {
  const negated = e.kind === 'unary' && e.op === '-';
  const inner = negated ? e.operand : e;
  if (inner.kind !== 'number' || !/^\d+(\.\d{1,6})?$/.test(inner.text)) return undefined;
  return negated ? -Number(inner.text) : Number(inner.text);
}

/** True when every field fits DuckDB's interval (32-bit months and days) and microseconds stay exact. */
export function isRepresentable(interval: IntervalValue): boolean {
  return (
    Math.abs(interval.months) <= MAX_INTERVAL_FIELD &&
    Math.abs(interval.days) <= MAX_INTERVAL_FIELD &&
    Math.abs(interval.micros) <= Number.MAX_SAFE_INTEGER
  );
}

function scaled(interval: IntervalValue, factor: number): IntervalValue {
  // `+ 0` turns a negative zero into zero, which prints as 0.
  return { months: interval.months * factor + 0, days: interval.days * factor + 0, micros: interval.micros * factor + 0 };
}

function wholeLiteral(e: Expr): number | undefined {
  if (e.kind === 'number' && e.isInteger) return Number(e.text);
  if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'number' && e.operand.isInteger) return -Number(e.operand.text);
  return undefined;
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

/** The parts `extract(field FROM interval)` reads (spec 9.13.11), and the type each has in Spark. */
export const INTERVAL_FIELD_TYPES = {
  year: 'integer',
  month: 'byte',
  day: 'integer',
  hour: 'byte',
  minute: 'byte',
  second: 'decimal(8,6)',
} as const;

/** A part of an interval that extract reads. */
export type IntervalField = keyof typeof INTERVAL_FIELD_TYPES;

const MICROS_PER_HOUR = 3_600_000_000;
const MICROS_PER_MINUTE = 60_000_000;

/**
 * A part of a day-time interval of `micros` microseconds, as Spark reads it: whole days, then the
 * hours, minutes and seconds (with their fraction) left over, each carrying the interval's sign
 * (JavaScript's % truncates as Java's does; every quotient below divides exactly).
 */
export function dayTimeField(field: 'day' | 'hour' | 'minute' | 'second', micros: number): number {
  const inDay = micros % MICROS_PER_DAY;
  const inHour = micros % MICROS_PER_HOUR;
  const inMinute = micros % MICROS_PER_MINUTE;
  switch (field) {
    case 'day':
      return (micros - inDay) / MICROS_PER_DAY + 0;
    case 'hour':
      return (inDay - inHour) / MICROS_PER_HOUR + 0;
    case 'minute':
      return (inHour - inMinute) / MICROS_PER_MINUTE + 0;
    case 'second':
      return inMinute / 1_000_000 + 0;
  }
}

/**
 * `extract(field FROM <constant interval>)` as Spark reads it, or why it cannot: a year-month
 * interval (YEAR, MONTH units) has years and months, a day-time one (DAY to SECOND) days to
 * seconds; Spark refuses an interval that mixes both, and so does this.
 */
export function constantIntervalField(field: IntervalField, interval: IntervalValue): number | { problem: string } {
  const yearMonth = interval.days === 0 && interval.micros === 0;
  const dayTime = interval.months === 0;
  if (field === 'year' || field === 'month') {
    if (!yearMonth) return { problem: `extract(${field.toUpperCase()} FROM ...) needs a year-month interval (only YEAR and MONTH units)` };
    return (field === 'year' ? (interval.months - (interval.months % 12)) / 12 : interval.months % 12) + 0;
  }
  if (!dayTime) return { problem: `extract(${field.toUpperCase()} FROM ...) needs a day-time interval (only DAY, HOUR, MINUTE and SECOND units)` };
  return dayTimeField(field, interval.days * MICROS_PER_DAY + interval.micros);
}
