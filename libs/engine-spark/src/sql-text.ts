/**
 * The only ways text enters Spark SQL: identifiers in backticks with inner backticks doubled,
 * string literals in single quotes with backslash and quote escaped (Spark's parser reads
 * backslash escapes in literals), numbers checked to be plain digits. Every user-supplied name,
 * path, option and literal goes through one of these, so no user text reaches Spark as SQL.
 */
import { engineError, internalError } from '@pipeline/engine-core';

/** `` `name` `` with inner backticks doubled; NUL is refused. */
export function sparkIdentifier(name: string): string {
  if (name.includes('\0')) throw engineError('E_TYPE', { problem: `identifier contains a NUL character: ${JSON.stringify(name)}` });
  return `\`${name.replace(/`/g, '``')}\``;
}

/** `'text'` with `\` and `'` escaped by a backslash; NUL is refused. */
export function sparkString(value: string): string {
  if (value.includes('\0')) throw engineError('E_TYPE', { problem: `text contains a NUL character: ${JSON.stringify(value)}` });
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A number literal from an expression tree, after checking it is unsigned digits with an optional fraction. */
export function sparkNumber(text: string): string {
  if (!/^\d+(\.\d+)?$/.test(text)) throw internalError(`not a number literal: ${JSON.stringify(text)}`);
  return text;
}

/** A whole number produced by the engine itself (counts, positions). */
export function sparkInteger(n: number): string {
  if (!Number.isSafeInteger(n)) throw internalError(`not an integer: ${String(n)}`);
  return String(n);
}
