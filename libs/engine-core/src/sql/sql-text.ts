/**
 * The only ways text enters DuckDB SQL: identifiers quoted with `"` doubled, string literals with
 * `'` doubled, numbers checked to be plain digits. Every user-supplied name, path, option and
 * literal goes through one of these functions, so no user text is ever spliced into SQL raw.
 */
import { engineError, internalError } from '../errors';

/** `"name"` with inner `"` doubled; NUL characters cannot be represented and are refused. */
export function quoteIdentifier(name: string): string {
  if (name.includes('\0')) throw engineError('E_TYPE', { problem: `identifier contains a NUL character: ${JSON.stringify(name)}` });
  return `"${name.replace(/"/g, '""')}"`;
}

/** `'text'` with inner `'` doubled (DuckDB strings have no backslash escapes); NUL is refused. */
export function sqlString(value: string): string {
  if (value.includes('\0')) throw engineError('E_TYPE', { problem: `text contains a NUL character: ${JSON.stringify(value)}` });
  return `'${value.replace(/'/g, "''")}'`;
}

/** A number literal from an expression tree, after checking it is unsigned digits with an optional fraction. */
export function sqlNumber(text: string): string {
  if (!/^\d+(\.\d+)?$/.test(text)) throw internalError(`not a number literal: ${JSON.stringify(text)}`);
  return text;
}

/** A whole number produced by the engine itself (thread counts, positions). */
export function sqlInteger(n: number): string {
  if (!Number.isSafeInteger(n)) throw internalError(`not an integer: ${String(n)}`);
  return String(n);
}

/** `['a', 'b']`: a DuckDB list of string literals. */
export function sqlStringList(values: readonly string[]): string {
  return `[${values.map(sqlString).join(', ')}]`;
}
