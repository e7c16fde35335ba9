/**
 * When a JSON input's detected types may be pinned. DuckDB samples a JSON file to detect its
 * columns at every bind of a statement reading it (tens of milliseconds each, and a pipeline's
 * chain of views binds it once per asset), so the backend reads it with the detected types given
 * (`columns={...}`) instead. Detection may read dates and timestamps in a format of its own
 * choosing (`10-31-2006` is a DATE to it), which a read with given types does not know (it reads
 * ISO 8601 or the options' format): so each such column's first values must be ISO 8601 text,
 * unless the options name the format, and a nested column holding dates or timestamps keeps
 * detection.
 */

/** Rows whose date and timestamp texts are checked before the detected types are pinned. */
export const JSON_TYPE_CHECK_ROWS = 100;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** The formats a JSON read was given (either may be absent). */
export interface JsonFormats {
  readonly dateFormat?: unknown;
  readonly timestampFormat?: unknown;
}

/** A column whose first values decide: read as text, they must all be ISO 8601 of its kind. */
export interface TemporalCheck {
  readonly name: string;
  readonly kind: 'date' | 'timestamp';
}

function temporalKind(duckType: string): 'date' | 'timestamp' | undefined {
  if (duckType === 'DATE') return 'date';
  return /^TIMESTAMP( WITH TIME ZONE)?$/.test(duckType) ? 'timestamp' : undefined;
}

/**
 * The columns to check before pinning `described` (DuckDB's DESCRIBE of the read), none when
 * the types may be pinned as they are, or `keep-detection` when they may not be at all.
 */
export function jsonTemporalChecks(described: readonly { name: string; type: string }[], formats: JsonFormats): readonly TemporalCheck[] | 'keep-detection' {
  const checks: TemporalCheck[] = [];
  for (const c of described) {
    const kind = temporalKind(c.type);
    if (kind === undefined) {
      // A date, time or timestamp anywhere else (a TIME, a struct field, a list element).
      if (/\b(DATE|TIME|TIMESTAMP)\b/.test(c.type)) return 'keep-detection';
      continue;
    }
    const given = kind === 'date' ? formats.dateFormat : formats.timestampFormat;
    if (given === undefined) checks.push({ name: c.name, kind });
  }
  return checks;
}

/** True when the non-NULL values (texts) are ISO 8601 dates or timestamps, and there is at least one. */
export function isoTexts(kind: 'date' | 'timestamp', values: readonly unknown[]): boolean {
  const texts = values.filter((v) => v !== null && v !== undefined);
  const iso = kind === 'date' ? ISO_DATE : ISO_TIMESTAMP;
  return texts.length > 0 && texts.every((v) => typeof v === 'string' && iso.test(v));
}
