import { MAX_PATTERN_LENGTH, parseDatePattern, patternReader, type DatePattern } from './date-pattern';

function reader(written: string): ReturnType<typeof patternReader> {
  return patternReader(parseDatePattern(written) as DatePattern);
}

describe('patternReader', () => {
  it('reads 27 adjacent fields and a literal promptly, matching or not (each field used to double the time: 2 s at 24)', () => {
    const read = reader(`${'%d'.repeat(27)}x`);
    const started = Date.now();
    expect(read(`${'1'.repeat(54)}y`)).toBeUndefined();
    expect(read(`${'1'.repeat(54)}x`)).toMatchObject({ day: 11 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.each([
    ['12/2024', '%d%m/%Y'],
    ['1122024', '%d%m%Y'],
  ])('keeps the digits a field took, as DuckDB does: %p with %p is not a date', (text, pattern) => {
    expect(reader(pattern)(text)).toBeUndefined();
  });

  it('reads a field repeated in the pattern, the last one winning as in DuckDB (strptime of 01-02-2024 with %d-%d-%Y is 2024-01-02)', () => {
    expect(reader('%d-%d-%Y')('01-02-2024')).toMatchObject({ year: 2024, month: 1, day: 2 });
  });

  it('reads digit literals after a field', () => {
    expect(reader('dd1MM1yyyy')('3110112024')).toMatchObject({ year: 2024, month: 1, day: 31 });
  });
});

describe('parseDatePattern', () => {
  it(`accepts patterns of up to ${MAX_PATTERN_LENGTH} characters and refuses longer ones`, () => {
    expect(parseDatePattern('%d'.repeat(MAX_PATTERN_LENGTH / 2))).toHaveProperty('tokens');
    expect(parseDatePattern(`${'%d'.repeat(MAX_PATTERN_LENGTH / 2)}x`)).toEqual({
      problem: `has ${MAX_PATTERN_LENGTH + 1} characters, more than the ${MAX_PATTERN_LENGTH} a date pattern may have`,
    });
  });
});
