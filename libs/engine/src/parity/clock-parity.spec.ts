/**
 * The clock and constructor functions of spec 9.13.11 (`current_*`, `make_time`, `make_*interval`,
 * `to_timestamp_ntz`) evaluated on both backends over the harness table. The constructors have
 * fixed answers; the clock functions have one value per evaluation (every row the same instant)
 * that lies within the test's own clock readings.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { duckdbRows, jsRows, type Outcome, openHarness } from '../__fixtures__/expression-harness';

let conn: DuckDBConnection;
let close: () => void;
beforeAll(async () => {
  ({ conn, close } = await openHarness());
});
afterAll(() => close());

/** The harness has five rows: (1, ...), (-7, ...), NULLs, zeros, extremes. */
const FIXED: readonly (readonly [string, string, readonly (string | null)[]])[] = [
  ['make_time(7, 8, 9.5)', 'time', ['07:08:09.5', '07:08:09.5', '07:08:09.5', '07:08:09.5', '07:08:09.5']],
  ['make_time(23, 59, 59.999999)', 'time', Array(5).fill('23:59:59.999999')],
  // Out of range hours, minutes or seconds give NULL, as Spark's non-ANSI make_time does; NULL in, NULL out.
  ['make_time(i, 0, 0)', 'time', ['01:00:00', null, null, '00:00:00', null]],
  ['make_time(24, 0, 0)', 'time', Array(5).fill(null)],
  ['make_time(0, 60, 0)', 'time', Array(5).fill(null)],
  ['make_time(0, 0, 60)', 'time', Array(5).fill(null)],
  ['dt + make_interval(1, 2, 0, 3)', 'date', ['2025-04-03', '2024-05-01', null, '2001-05-02', '1971-03-03']],
  ['dt + make_ym_interval(0, 1)', 'date', ['2024-02-29', '2023-03-28', null, '2000-03-29', '1970-01-31']],
  ['ts - make_dt_interval(1, 2, 3, 4)', 'timestamp', ['2024-01-30 08:17:26.5', '2023-02-27 21:56:55', null, '2000-02-27 21:56:56', '1969-12-30 20:56:56.000001']],
  ["to_timestamp_ntz('2024-05-06 07:08:09')", 'timestamp', Array(5).fill('2024-05-06 07:08:09')],
  ["to_timestamp_ntz('06/05/2024 07:08', 'dd/MM/yyyy HH:mm')", 'timestamp', Array(5).fill('2024-05-06 07:08:00')],
  ["to_timestamp_ntz('not a moment')", 'timestamp', Array(5).fill(null)],
  ['to_timestamp_ntz(dt)', 'timestamp', ['2024-01-31 00:00:00', '2023-02-28 00:00:00', null, '2000-02-29 00:00:00', '1969-12-31 00:00:00']],
];

describe.each(FIXED)('%s', (text, type, values) => {
  it('gives the same typed values on DuckDB and in JavaScript', async () => {
    const expected: Outcome = { type, values: [...values] };
    expect(await duckdbRows(conn, text)).toEqual(expected);
    expect(jsRows(text)).toEqual(expected);
  });
});

/** UTC texts of a reading of the clock, as the backends print them. */
function clockTexts(ms: number): { date: string; timestamp: string } {
  const iso = new Date(ms).toISOString();
  return { date: iso.slice(0, 10), timestamp: `${iso.slice(0, 10)} ${iso.slice(11, 23)}` };
}

/** Microsecond-precise timestamp text to milliseconds (the backends print up to 6 decimals). */
function millisOf(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}

const CLOCK: readonly (readonly [string, string])[] = [
  ['current_date()', 'date'],
  ['current_timestamp()', 'timestamp'],
  ['current_timestamp_ntz()', 'timestamp'],
  ['current_time()', 'time'],
];

describe.each(CLOCK)('%s', (text, type) => {
  // The JavaScript evaluator reads the clock when its context is made (the harness's import), so
  // the window opens at the start of this file's run minus a minute of slack for slow machines.
  const opened = Date.now() - 60_000;
  for (const backend of ['duckdb', 'javascript'] as const) {
    it(`on ${backend}: one instant for every row, read from the clock during the run`, async () => {
      const outcome = backend === 'duckdb' ? await duckdbRows(conn, text) : jsRows(text);
      const closed = Date.now();
      if (!('values' in outcome)) throw new Error(`${text} failed on ${backend}: ${outcome.message}`);
      expect(outcome.type).toBe(type);
      const distinct = new Set(outcome.values);
      expect(distinct.size).toBe(1);
      const value = [...distinct][0] as string;
      if (type === 'date') {
        expect([clockTexts(opened).date, clockTexts(closed).date]).toContain(value);
      } else if (type === 'timestamp') {
        expect(millisOf(value)).toBeGreaterThanOrEqual(opened);
        expect(millisOf(value)).toBeLessThanOrEqual(closed);
        expect(clockTexts(millisOf(value)).date).toBe(value.slice(0, 10));
      } else {
        expect(value).toMatch(/^\d{2}:\d{2}:\d{2}(\.\d{1,6})?$/);
        // A time of day of this run: rebuilt on today's (or, past midnight, the opening) date, it lies in the window.
        const candidates = [clockTexts(opened).date, clockTexts(closed).date].map((day) => millisOf(`${day} ${value}`));
        expect(candidates.some((at) => at >= opened && at <= closed)).toBe(true);
      }
    });
  }
});
