import { parseExpression, type IntervalPart } from '@pipeline/definition';
import { addInterval, constantInterval, constantIntervalField, dayTimeField, intervalOf, intervalText, isRepresentable } from './interval';
import { formatTimestamp, parseTimestamp } from './temporal';

function shifted(at: string, parts: readonly IntervalPart[], sign: 1 | -1): string {
  return formatTimestamp(addInterval(parseTimestamp(at) as number, intervalOf(parts), sign));
}

const month = (value: number): IntervalPart => ({ value, unit: 'month' });

describe('calendar intervals', () => {
  it('adds up the parts in months, days and microseconds', () => {
    expect(intervalOf([{ value: 1, unit: 'year' }, { value: -2, unit: 'month' }, { value: 3, unit: 'day' }, { value: 1, unit: 'hour' }, { value: 1, unit: 'second' }])).toEqual({
      months: 10,
      days: 3,
      micros: 3_601_000_000,
    });
    expect(intervalText({ months: 14, days: -1, micros: 5 })).toBe('14 months -1 days 5 microseconds');
  });

  it('folds constant interval expressions (spec 10.4: sums, differences, whole multiples)', () => {
    const fold = (text: string) => constantInterval(parseExpression(text));
    expect(fold('INTERVAL 1 DAY * 3')).toEqual({ months: 0, days: 3, micros: 0 });
    expect(fold('2 * (INTERVAL 1 MONTH - INTERVAL 1 HOUR)')).toEqual({ months: 2, days: 0, micros: -7_200_000_000 });
    expect(fold('-INTERVAL 1 YEAR + INTERVAL 2 DAYS')).toEqual({ months: -12, days: 2, micros: 0 });
    expect(fold('INTERVAL 1 DAY * x')).toBeUndefined();
    expect(fold('INTERVAL 1 DAY * 1.5')).toBeUndefined();
    expect(fold('INTERVAL 1 DAY * INTERVAL 1 DAY')).toBeUndefined();
    expect(fold('hired + INTERVAL 1 DAY')).toBeUndefined();
    expect(isRepresentable({ months: 2 ** 31, days: 0, micros: 0 })).toBe(false);
    expect(isRepresentable({ months: 0, days: 0, micros: 2 ** 53 })).toBe(false);
  });

  it.each([
    ['2024-01-31 10:00:00', [month(1)], 1, '2024-02-29 10:00:00'],
    ['2023-01-31 00:00:00', [month(1)], 1, '2023-02-28 00:00:00'],
    ['2024-03-31 00:00:00', [month(1)], -1, '2024-02-29 00:00:00'],
    ['2023-01-31 00:00:00', [month(1), { value: 1, unit: 'day' }], 1, '2023-03-01 00:00:00'],
    ['2024-02-29 00:00:00', [{ value: 1, unit: 'year' }], 1, '2025-02-28 00:00:00'],
    ['2024-12-15 00:00:00', [month(1)], 1, '2025-01-15 00:00:00'],
    ['2024-01-15 00:00:00', [month(13)], -1, '2022-12-15 00:00:00'],
    ['2024-01-31 23:59:59', [{ value: 1, unit: 'second' }], 1, '2024-02-01 00:00:00'],
    ['1969-12-31 23:00:00', [{ value: 2, unit: 'hour' }], 1, '1970-01-01 01:00:00'],
  ] satisfies [string, IntervalPart[], 1 | -1, string][])('%s plus %j times %d is %s', (at, parts, sign, expected) => {
    expect(shifted(at, parts, sign)).toBe(expected);
  });
});

describe('extract on intervals (Spark\'s parts)', () => {
  const of = (text: string) => constantInterval(parseExpression(text)) as NonNullable<ReturnType<typeof constantInterval>>;

  it('splits a day-time interval into days and the hours, minutes and seconds left, each with its sign', () => {
    const micros = -((306 * 24 + 5) * 3600 + 7 * 60 + 1.25) * 1_000_000;
    expect(['day', 'hour', 'minute', 'second'].map((f) => dayTimeField(f as 'day', micros))).toEqual([-306, -5, -7, -1.25]);
    expect(dayTimeField('day', 86_400_000_000 - 1)).toBe(0);
    expect(dayTimeField('hour', 0)).toBe(0);
    expect(Object.is(dayTimeField('hour', -1), 0)).toBe(true);
  });

  it('reads years and months of a year-month interval, days to seconds of a day-time one', () => {
    expect(constantIntervalField('year', of('INTERVAL 1 YEAR 14 MONTHS'))).toBe(2);
    expect(constantIntervalField('month', of('INTERVAL 1 YEAR 14 MONTHS'))).toBe(2);
    expect(constantIntervalField('month', of('-INTERVAL 14 MONTHS'))).toBe(-2);
    expect(constantIntervalField('day', of('INTERVAL 25 HOURS'))).toBe(1);
    expect(constantIntervalField('hour', of('INTERVAL 25 HOURS'))).toBe(1);
    expect(constantIntervalField('second', of('INTERVAL 1 MINUTE 30.5 SECONDS'))).toBe(30.5);
  });

  it('refuses a part the interval does not have, and an interval mixing both kinds, as Spark does', () => {
    expect(constantIntervalField('day', of('INTERVAL 1 MONTH'))).toEqual({ problem: 'extract(DAY FROM ...) needs a day-time interval (only DAY, HOUR, MINUTE and SECOND units)' });
    expect(constantIntervalField('year', of('INTERVAL 2 DAYS'))).toEqual({ problem: 'extract(YEAR FROM ...) needs a year-month interval (only YEAR and MONTH units)' });
    expect(constantIntervalField('month', of('INTERVAL 1 YEAR 2 DAYS'))).toHaveProperty('problem');
  });
});
