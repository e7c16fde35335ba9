/**
 * A data rule a kind checks while its SQL runs (scd2's unique keys, merge's one source row per
 * target row): DuckDB's `error()` with a marked message, which `translateDuckDbError` turns into
 * the same E_VALUE the JavaScript backend throws.
 */
import { sqlString } from '../sql-text';

const MARKER = 'pipeline rule broken: ';

/** SQL that fails the statement with `problem` (an engine-written sentence, quoted as a literal). */
export function raiseSql(problem: string): string {
  return `error(${sqlString(`${MARKER}${problem}`)})`;
}

/** The problem of a DuckDB error message raised by `raiseSql`, or undefined for any other message. */
export function raisedProblem(message: string): string | undefined {
  const at = message.indexOf(MARKER);
  return message.startsWith('Invalid Input Error: ') && at >= 0 ? message.slice(at + MARKER.length) : undefined;
}
