import { castValue, CAST_FAILED, roundHalfToEven, textToDouble } from './cast';
import { compareText, compareValues, valueKey } from './compare';
import { formatDecimal, formatDouble, formatFloat, formatValue, roundHalfAwayFromZero } from './format-value';
import { compileLike } from './like';
import { civilFromDays, daysFromCivil, formatDate, formatTimestamp, parseDate, parseTimestamp, timestampFields } from './temporal';

describe('value text (as DuckDB writes it)', () => {
  it.each([
    [1.5, '1.5'],
    [100000, '100000.0'],
    [1e15, '1000000000000000.0'],
    [9.999e15, '9999000000000000.0'],
    [1e16, '1e+16'],
    [1e20, '1e+20'],
    [1.5e-7, '1.5e-07'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [0.1 + 0.2, '0.30000000000000004'],
    [123456789.123, '123456789.123'],
    [1.5e300, '1.5e+300'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [-1.5, '-1.5'],
    [0, '0.0'],
    [-0, '-0.0'],
    [NaN, 'nan'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
  ])('double %p -> %s', (x, text) => {
    expect(formatDouble(x)).toBe(text);
  });

  it('formats floats, decimals, integers, booleans, dates and timestamps', () => {
    expect(formatFloat(0.1)).toBe('0.1');
    expect(formatFloat(16777216)).toBe('16777216.0');
    expect(formatDecimal(1.25, 2)).toBe('1.25');
    expect(formatDecimal(1, 2)).toBe('1.00');
    expect(formatDecimal(-0.5, 2)).toBe('-0.50');
    expect(formatDecimal(123, 0)).toBe('123');
    expect(formatValue('long', 3000000000)).toBe('3000000000');
    expect(formatValue('boolean', false)).toBe('false');
    expect(formatValue('date', parseDate('2024-01-02') as number)).toBe('2024-01-02');
    expect(formatValue('timestamp', parseTimestamp('2024-01-02 03:04:05.120') as number)).toBe('2024-01-02 03:04:05.12');
    expect(formatValue('string', null)).toBeNull();
  });

  it('rounds half away from zero, and half to even where DuckDB does', () => {
    expect([2.5, -2.5, 0.49999999999999994].map(roundHalfAwayFromZero)).toEqual([3, -3, 0]);
    expect([2.5, 3.5, -2.5, 2.4].map(roundHalfToEven)).toEqual([2, 4, -2, 2]);
  });
});

describe('dates and timestamps', () => {
  it('counts days from 1970-01-01 on the proleptic calendar', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1)).toBe(11017);
    expect(daysFromCivil(1969, 12, 31)).toBe(-1);
    for (const days of [-800000, -1, 0, 59, 11016, 20000, 2932896]) {
      const c = civilFromDays(days);
      expect(daysFromCivil(c.year, c.month, c.day)).toBe(days);
    }
  });

  it('reads and writes DuckDB texts', () => {
    expect(parseDate('2024-1-2')).toBe(daysFromCivil(2024, 1, 2));
    expect(parseDate('2023-02-29')).toBeUndefined();
    expect(parseDate('2024/01/02')).toBeUndefined();
    expect(formatTimestamp(parseTimestamp('2024-01-02T03:04') as number)).toBe('2024-01-02 03:04:00');
    expect(formatTimestamp(parseTimestamp('2024-01-02 03:04:05.1234567') as number)).toBe('2024-01-02 03:04:05.123456');
    expect(parseTimestamp('2024-01-02 10:00:00+02:00')).toBeUndefined();
    expect(formatTimestamp(parseTimestamp('2024-01-02 10:00:00+02:00', true) as number)).toBe('2024-01-02 08:00:00');
    expect(formatTimestamp(parseTimestamp('2024-01-02T00:30:00Z', true) as number)).toBe('2024-01-02 00:30:00');
    expect(parseTimestamp('2024-01-02 24:00:00')).toBeUndefined();
    expect(formatDate(-1)).toBe('1969-12-31');
    expect(timestampFields(parseTimestamp('1969-12-31 23:59:59.5') as number)).toEqual({
      year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, micros: 500000,
    });
  });
});

describe('casts', () => {
  it.each<[unknown, string, string, unknown]>([
    ['12', 'string', 'integer', 12],
    [' 12 ', 'string', 'integer', 12],
    ['2.5', 'string', 'integer', 3],
    ['1e3', 'string', 'long', 1000],
    ['3000000000', 'string', 'integer', CAST_FAILED],
    ['9223372036854775808', 'string', 'long', CAST_FAILED],
    ['abc', 'string', 'double', CAST_FAILED],
    ['.5', 'string', 'double', 0.5],
    ['-inf', 'string', 'double', -Infinity],
    ['1.005', 'string', 'decimal(10,2)', 1.01],
    ['123456789', 'string', 'decimal(5,2)', CAST_FAILED],
    ['Y', 'string', 'boolean', true],
    ['off', 'string', 'boolean', CAST_FAILED],
    ['2024-01-02 10:00:00', 'string', 'date', daysFromCivil(2024, 1, 2)],
    ['2024-01-02 10:00:00+02:00', 'string', 'timestamp', parseTimestamp('2024-01-02 10:00:00')],
    [2.5, 'double', 'integer', 2],
    [3.5, 'double', 'integer', 4],
    [2.5, 'decimal(3,1)', 'integer', 3],
    [NaN, 'double', 'integer', CAST_FAILED],
    [300, 'integer', 'byte', CAST_FAILED],
    [1.005, 'double', 'decimal(10,2)', 1],
    [0.1, 'double', 'float', Math.fround(0.1)],
    [2, 'integer', 'boolean', true],
    [true, 'boolean', 'double', 1],
    [2, 'date', 'timestamp', 2 * 86_400_000_000],
    [-1, 'timestamp', 'date', -1],
    [null, 'string', 'integer', null],
  ])('%p %s -> %s = %p', (v, from, to, expected) => {
    expect(castValue(v as never, from, to)).toEqual(expected);
  });

  it('reads doubles as DuckDB spells them', () => {
    expect(textToDouble('1.')).toBe(1);
    expect(Number.isNaN(textToDouble('NaN'))).toBe(true);
    expect(textToDouble('.')).toBeUndefined();
    expect(textToDouble('1,5')).toBeUndefined();
  });
});

describe('comparison order', () => {
  it('orders NaN last and equal to itself, text by code point', () => {
    expect(compareValues(NaN, 1)).toBeGreaterThan(0);
    expect(compareValues(NaN, NaN)).toBe(0);
    expect(compareValues(-0, 0)).toBe(0);
    expect(compareValues(false, true)).toBeLessThan(0);
    expect(compareText('B', 'a')).toBeLessThan(0);
    expect(compareText('\uFFFF', '😀')).toBeLessThan(0);
    expect(valueKey(0)).toBe(valueKey(-0));
    expect(valueKey(1)).not.toBe(valueKey('1'));
  });
});

describe('LIKE', () => {
  it.each([
    ['abc', 'a%', true],
    ['abc', '%c', true],
    ['abc', '%b%', true],
    ['abc', 'a_c', true],
    ['abc', 'abc', true],
    ['abc', 'ab', false],
    ['a\nb', 'a_b', true],
    ['😀x', '_x', true],
    ['a.c', 'a.c', true],
    ['abc', 'a.c', false],
    ['a%c', 'a\\%c', false],
    ['', '%', true],
    ['', '_', false],
    ['aaa', '%a%a%a%', true],
    ['xaybzc', '%a%b%c', true],
    ['xaybzc', '%a%c%b', false],
  ])('%p LIKE %p = %p', (text, pattern, expected) => {
    expect(compileLike(pattern, false)(text)).toBe(expected);
  });

  it('ILIKE ignores case; a pathological pattern stays fast', () => {
    expect(compileLike('AB%', true)('abc')).toBe(true);
    const long = 'a'.repeat(20000);
    const started = Date.now();
    expect(compileLike('%a%a%a%a%a%a%a%a%b', false)(long)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
