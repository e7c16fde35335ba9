import { parseDatePattern, type DatePattern } from '../formats/date-pattern';
import { timestampReader } from './read-with-pattern';
import { formatTimestamp } from './temporal';

function read(text: string, written: string): string | undefined {
  const pattern = parseDatePattern(written) as DatePattern;
  const micros = timestampReader(pattern)(text);
  return micros === undefined ? undefined : formatTimestamp(micros);
}

describe('reading texts with a pattern as DuckDB strptime does', () => {
  it.each([
    ['31/01/2024', 'dd/MM/yyyy', '2024-01-31 00:00:00'],
    [' 1/2/2024 ', 'dd/MM/yyyy', '2024-02-01 00:00:00'],
    ['5-01-31', 'yyyy-MM-dd', '0005-01-31 00:00:00'],
    ['202401 31', 'yyyyMM dd', '2024-01-31 00:00:00'],
    ['2024\t01', 'yyyy MM', '2024-01-01 00:00:00'],
    ['202401', 'yyyy MM', '2024-01-01 00:00:00'],
    ['2024-01-31 1:2:3.1', 'yyyy-MM-dd HH:mm:ss.SSS', '2024-01-31 01:02:03.1'],
    ['2024-01-31 10:20:30.000012', '%Y-%m-%d %H:%M:%S.%f', '2024-01-31 10:20:30.000012'],
    ['2024-01-31T10', "yyyy-MM-dd'T'HH", '2024-01-31 10:00:00'],
    ['3110112024', 'dd1MM1yyyy', '2024-01-31 00:00:00'],
    [`2024${' '.repeat(30)}01`, `yyyy${' '.repeat(10)}MM`, '2024-01-01 00:00:00'],
  ])('%p with %p is %p', (text, pattern, expected) => {
    expect(read(text, pattern)).toBe(expected);
  });

  it.each([
    ['2024', 'yyyyMM', 'a field keeps the digits it took (no backtracking)'],
    ['12024-01-31', 'yyyy-MM-dd', 'a year has at most 4 digits'],
    ['2024-01-31x', 'yyyy-MM-dd', 'text after the pattern'],
    ['30/02/2024', 'dd/MM/yyyy', 'no such day'],
    ['2024-01-31 24:00:00', 'yyyy-MM-dd HH:mm:ss', 'no hour 24'],
    ['2024-01-31 10:20:30.1234', 'yyyy-MM-dd HH:mm:ss.SSS', 'milliseconds have at most 3 digits'],
    ['0000-01-01', 'yyyy-MM-dd', 'year 0 (1 BC to DuckDB) has no portable text'],
    ['2024.01', 'yyyy-MM', 'a literal must match exactly'],
  ])('refuses %p with %p: %s', (text, pattern) => {
    expect(read(text, pattern)).toBeUndefined();
  });

  it('refuses promptly a text whose whitespace many pattern spaces could share (10 spaces on 30 took 16 s)', () => {
    const started = Date.now();
    expect(read(`2024${' '.repeat(30)}x`, `yyyy${' '.repeat(10)}MM`)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
