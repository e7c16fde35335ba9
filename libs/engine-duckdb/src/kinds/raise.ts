/**
 * A data rule a kind checks while its SQL runs (scd2's unique keys, merge's one source row per
 * target row): DuckDB's `error()` with a marked message, which `translateDuckDbError` turns into
 * the same E_VALUE the JavaScript backend throws.
 */
import { sqlString } from '@pipeline/engine-core';

const MARKER = 'pipeline rule broken: ';

/** SQL that fails the statement with `problem` (an engine-written sentence, quoted as a literal). */
export function raiseSql(problem: string): string {
  return `error(${sqlString(`${MARKER}${problem}`)})`;
}

/** Like `raiseSql`, for a problem whose text is an SQL expression (it may read the data or a variable). */
export function raiseSqlText(problemSql: string): string {
  return `error(${sqlString(MARKER)} || ${problemSql})`;
}

/** The problem of a DuckDB error message raised by `raiseSql`, or undefined for any other message. */
export function raisedProblem(message: string): string | undefined {
  const at = message.indexOf(MARKER);
  return message.startsWith('Invalid Input Error: ') && at >= 0 ? message.slice(at + MARKER.length) : undefined;
}

/**
 * A UNION ALL branch that yields no row but makes DuckDB evaluate `guard` (a CTE whose column
 * `column` is NULL, or raises): a filter on it elsewhere could be folded away when the rest of the
 * statement is known to be empty, a branch of the result is always read. `width` is the number of
 * columns of the other branches.
 */
export function guardBranch(guard: string, column: string, width: number): string {
  return `SELECT ${Array.from({ length: width }, () => 'NULL').join(', ')} FROM ${guard} WHERE ${column} IS NOT NULL`;
}
