/**
 * Reads a date or timestamp text written in a `to_date` / `to_timestamp` pattern the way DuckDB's
 * `strptime` does, so the JavaScript backend accepts exactly the texts DuckDB accepts:
 * - a number field takes as many digits as it can, up to its width (year 4, month, day, hour,
 *   minute and second 2, milliseconds 3, microseconds 6), and never gives any back;
 * - a fraction (`SSS`, `SSSSSS`, `%g`, `%f`) is read as a fraction of a second (`.1` is 100 ms);
 * - whitespace in the pattern matches any run of whitespace, even none, and whitespace around
 *   the text is ignored; every other literal must match exactly;
 * - the fields must form a real date and time (no 30 February, no hour 24).
 * Patterns are parsed by formats/date-pattern (the same syntax as the `dateFormat` option).
 */
import type { DatePattern, PatternToken } from '../formats/date-pattern';
import { daysFromCivil, isCalendarDate, MICROS_PER_DAY } from './temporal';

type FieldKind = Exclude<PatternToken['kind'], 'literal'>;

/** Most digits each field reads. */
const WIDTH: Readonly<Record<FieldKind, number>> = {
  year: 4,
  month: 2,
  day: 2,
  hour: 2,
  minute: 2,
  second: 2,
  millis: 3,
  micros: 6,
};

/** A reader: microseconds since the epoch, or undefined when the text does not fit the pattern. */
export type PatternTimestampReader = (text: string) => number | undefined;

/** Compiles `pattern` into a reader of timestamps (a date is the timestamp's day). */
export function timestampReader(pattern: DatePattern): PatternTimestampReader {
  const kinds: FieldKind[] = [];
  // Whitespace of the pattern matches any run; consecutive runs (with the text's leading and
  // trailing run) become one `\s*`, since `\s*\s*...` tries every way of sharing a run between
  // them: 10 spaces in a pattern took 16 s on a text of 30 spaces.
  const pieces: string[] = ['\\s*'];
  const add = (piece: string): void => {
    if (piece !== '\\s*' || pieces[pieces.length - 1] !== piece) pieces.push(piece);
  };
  for (const token of pattern.tokens) {
    if (token.kind === 'literal') {
      for (const c of token.text) add(/\s/.test(c) ? '\\s*' : escapeRegex(c));
    } else {
      kinds.push(token.kind);
      // A lookahead capture followed by its backreference takes the digits greedily and keeps
      // them (an atomic group), as strptime does; grouped so that a digit literal after it does
      // not extend the backreference's number.
      add(`(?=(\\d{1,${WIDTH[token.kind]}}))(?:\\${kinds.length})`);
    }
  }
  add('\\s*');
  const re = new RegExp(`^${pieces.join('')}$`);
  return (text) => {
    const m = re.exec(text);
    if (m === null) return undefined;
    let year = 1970;
    let month = 1;
    let day = 1;
    let hour = 0;
    let minute = 0;
    let second = 0;
    let micros = 0;
    kinds.forEach((kind, i) => {
      const digits = m[i + 1];
      const v = Number(digits);
      switch (kind) {
        case 'year':
          year = v;
          break;
        case 'month':
          month = v;
          break;
        case 'day':
          day = v;
          break;
        case 'hour':
          hour = v;
          break;
        case 'minute':
          minute = v;
          break;
        case 'second':
          second = v;
          break;
        case 'millis':
        case 'micros':
          micros = Number(digits.padEnd(6, '0'));
          break;
      }
    });
    // Year 0 is 1 BC to DuckDB, a year the portable text form cannot write.
    if (year < 1 || !isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
    return daysFromCivil(year, month, day) * MICROS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1_000_000 + micros;
  };
}

function escapeRegex(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}
