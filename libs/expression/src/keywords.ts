/**
 * Reserved words of the expression language and the rule for writing an identifier bare.
 * The parser and the printer share this list so that printed text always parses back.
 */

/**
 * Words that can never be a bare column name, alias or function name (compare upper-cased).
 * `DATE` and `TIMESTAMP` are left out on purpose: they only start a typed literal when a string
 * follows, so `date` stays usable as a column name, as it is in most data sets.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'AND',
  'AS',
  'BETWEEN',
  'CASE',
  'CAST',
  'DISTINCT',
  'ELSE',
  'END',
  'FALSE',
  'ILIKE',
  'IN',
  'IS',
  'LIKE',
  'NOT',
  'NULL',
  'OR',
  'RLIKE',
  'THEN',
  'TRUE',
  'TRY_CAST',
  'WHEN',
]);

const BARE_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** True when `word` (any case) is a reserved word of the expression language. */
export function isReservedWord(word: string): boolean {
  return RESERVED_WORDS.has(word.toUpperCase());
}

/** True when `name` can be written without backticks: plain characters and not reserved. */
export function isBareIdentifier(name: string): boolean {
  return BARE_IDENTIFIER.test(name) && !isReservedWord(name);
}

/** Writes an identifier bare when possible, else backtick-quoted with inner backticks doubled. */
export function quoteIdentifier(name: string): string {
  return isBareIdentifier(name) ? name : '`' + name.replace(/`/g, '``') + '`';
}
