/**
 * Date and timestamp patterns of the `dateFormat` / `timestampFormat` options. Both the Java style
 * of the Teckel spec (`yyyy-MM-dd HH:mm:ss.SSS`) and DuckDB's strftime style (`%Y-%m-%d`) are
 * accepted and read into one token list, from which DuckDB's format string and the JavaScript
 * reader and writer are derived, so the two backends read and write the same texts.
 */
import type { TimestampFields } from '../values/temporal';

/** One piece of a pattern. */
export type PatternToken =
  | { readonly kind: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'millis' | 'micros' }
  | { readonly kind: 'literal'; readonly text: string };

/** A parsed pattern. */
export interface DatePattern {
  readonly tokens: readonly PatternToken[];
  /** The pattern as written (for messages). */
  readonly written: string;
}

/** Kinds of the field tokens. */
type FieldKind = Exclude<PatternToken['kind'], 'literal'>;

const JAVA_TOKENS: ReadonlyArray<[string, FieldKind]> = [
  ['SSSSSS', 'micros'],
  ['yyyy', 'year'],
  ['SSS', 'millis'],
  ['MM', 'month'],
  ['dd', 'day'],
  ['HH', 'hour'],
  ['mm', 'minute'],
  ['ss', 'second'],
];

const STRFTIME_TOKENS: Readonly<Record<string, FieldKind>> = {
  Y: 'year',
  m: 'month',
  d: 'day',
  H: 'hour',
  M: 'minute',
  S: 'second',
  g: 'millis',
  f: 'micros',
};

/**
 * Longest pattern accepted. The longest one of every supported field with separators has about
 * 30 characters; the bound keeps the reader's cost per value small on both backends.
 */
export const MAX_PATTERN_LENGTH = 100;

/** A pattern quoted for a message, with a space after; empty when over the limit (never echoed). */
export function shownPattern(written: string, quote = '"'): string {
  return written.length > MAX_PATTERN_LENGTH ? '' : `${quote}${written}${quote} `;
}

/** Reads a pattern, or returns why it cannot be used. */
export function parseDatePattern(written: string): DatePattern | { problem: string } {
  if (written.length > MAX_PATTERN_LENGTH) {
    return { problem: `has ${written.length} characters, more than the ${MAX_PATTERN_LENGTH} a date pattern may have` };
  }
  const tokens: PatternToken[] = [];
  const literal = (text: string): void => {
    const last = tokens[tokens.length - 1];
    if (last?.kind === 'literal') tokens[tokens.length - 1] = { kind: 'literal', text: last.text + text };
    else tokens.push({ kind: 'literal', text });
  };
  if (written.includes('%')) {
    for (let i = 0; i < written.length; i++) {
      const c = written[i];
      if (c !== '%') {
        literal(c);
        continue;
      }
      const spec = written[++i];
      if (spec === '%') literal('%');
      else if (spec !== undefined && STRFTIME_TOKENS[spec] !== undefined) tokens.push({ kind: STRFTIME_TOKENS[spec] });
      else return { problem: `uses %${spec ?? ''}, which is not supported (supported: %Y %m %d %H %M %S %g %f)` };
    }
  } else {
    let i = 0;
    while (i < written.length) {
      if (written[i] === "'") {
        const end = written.indexOf("'", i + 1);
        if (end === -1) return { problem: 'has an unterminated quoted literal' };
        literal(end === i + 1 ? "'" : written.slice(i + 1, end));
        i = end + 1;
        continue;
      }
      const match = JAVA_TOKENS.find(([text]) => written.startsWith(text, i));
      if (match !== undefined) {
        tokens.push({ kind: match[1] });
        i += match[0].length;
        continue;
      }
      if (/[A-Za-z]/.test(written[i])) {
        return { problem: `uses "${written[i]}", which is not supported (supported: yyyy MM dd HH mm ss SSS SSSSSS)` };
      }
      literal(written[i]);
      i++;
    }
  }
  if (!tokens.some((t) => t.kind !== 'literal')) return { problem: 'has no date or time fields' };
  return { tokens, written };
}

/** DuckDB's strftime/strptime text of a pattern. */
export function toStrftime(p: DatePattern): string {
  return p.tokens
    .map((t) => {
      switch (t.kind) {
        case 'year':
          return '%Y';
        case 'month':
          return '%m';
        case 'day':
          return '%d';
        case 'hour':
          return '%H';
        case 'minute':
          return '%M';
        case 'second':
          return '%S';
        case 'millis':
          return '%g';
        case 'micros':
          return '%f';
        case 'literal':
          return t.text.replace(/%/g, '%%');
      }
    })
    .join('');
}

/** Fields read from a text by a pattern: those of a timestamp. */
export type PatternFields = TimestampFields;

/** Digits each field reads: fixed for year and fractions, one or two for the others. */
const TOKEN_DIGITS: Readonly<Record<FieldKind, string>> = {
  year: '\\d{4}',
  month: '\\d{1,2}',
  day: '\\d{1,2}',
  hour: '\\d{1,2}',
  minute: '\\d{1,2}',
  second: '\\d{1,2}',
  millis: '\\d{3}',
  micros: '\\d{6}',
};

/**
 * A reader of texts written in the pattern: the fields, or undefined when the text does not match.
 * A field takes as many digits as it can and never gives any back, as DuckDB's strptime reads
 * (`%d%m/%Y` does not read `12/2024`). Giving digits back made adjacent fields try every split:
 * 24 `%d` and a literal took 2 s on 48 digits, twice as long per extra field.
 */
export function patternReader(p: DatePattern): (text: string) => PatternFields | undefined {
  const kinds: FieldKind[] = [];
  const source = p.tokens
    .map((t) => {
      if (t.kind === 'literal') return t.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      kinds.push(t.kind);
      // A lookahead capture and its backreference: an atomic group, which JavaScript lacks. The
      // backreference is grouped so that a digit literal after it does not extend its number.
      return `(?=(${TOKEN_DIGITS[t.kind]}))(?:\\${kinds.length})`;
    })
    .join('');
  const re = new RegExp(`^\\s*${source}\\s*$`);
  return (text) => {
    const m = re.exec(text);
    if (m === null) return undefined;
    const f: PatternFields = { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0, micros: 0 };
    kinds.forEach((kind, i) => {
      const v = Number(m[i + 1]);
      if (kind === 'millis') f.micros = v * 1000;
      else if (kind === 'micros') f.micros = v;
      else f[kind] = v;
    });
    return f;
  };
}

/** A writer of fields in the pattern. */
export function patternWriter(p: DatePattern): (f: PatternFields) => string {
  const pad = (n: number, w: number): string => String(n).padStart(w, '0');
  return (f) =>
    p.tokens
      .map((t) => {
        switch (t.kind) {
          case 'year':
            return pad(f.year, 4);
          case 'month':
            return pad(f.month, 2);
          case 'day':
            return pad(f.day, 2);
          case 'hour':
            return pad(f.hour, 2);
          case 'minute':
            return pad(f.minute, 2);
          case 'second':
            return pad(f.second, 2);
          case 'millis':
            return pad(Math.floor(f.micros / 1000), 3);
          case 'micros':
            return pad(f.micros, 6);
          case 'literal':
            return t.text;
        }
      })
      .join('');
}
