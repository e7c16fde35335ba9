/**
 * The first rows of a DuckDB relation as typed JSON (see rows/rows-result.ts): each value goes
 * through DuckDB's own `to_json`, so nested values keep their structure and dates their text;
 * NaN and the infinities, which JSON has no numbers for, become text first.
 */
import { type Column, type RowsResult, isFloating, quoteIdentifier } from '@pipeline/engine-core';

/** The SELECT over `relation` (a quoted name or a parenthesised query) giving at most `limit + 1` rows of JSON texts. */
export function rowsSql(relation: string, columns: readonly Column[], limit: number): string {
  const cells = columns.map((c) => {
    const col = quoteIdentifier(c.name);
    const json = `CAST(to_json(${col}) AS VARCHAR)`;
    if (!isFloating(c.type)) return json;
    return `CASE WHEN isnan(${col}) THEN '"NaN"' WHEN isinf(${col}) AND ${col} > 0 THEN '"Infinity"' WHEN isinf(${col}) THEN '"-Infinity"' ELSE ${json} END`;
  });
  // A relation without columns still has rows; one constant keeps the SELECT valid.
  const list = cells.length === 0 ? 'NULL' : cells.join(', ');
  return `SELECT ${list} FROM ${relation} LIMIT ${limit + 1}`;
}

/** The rows answer from the result of {@link rowsSql}. */
export function rowsFromJson(columns: readonly Column[], texts: readonly (readonly unknown[])[], limit: number): RowsResult {
  const rows = texts.slice(0, limit).map((row) => columns.map((_, i) => (row[i] === null || row[i] === undefined ? null : parseDuckDbJson(String(row[i])))));
  return { columns: columns.map((c) => ({ name: c.name, type: c.type })), rows, truncated: texts.length > limit };
}

/**
 * DuckDB's `to_json` writes NaN and the infinities inside nested values as bare `NaN`,
 * `Infinity` and `-Infinity`, which JSON.parse refuses: outside strings they become the same text
 * a top-level floating value gets.
 */
export function parseDuckDbJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const quoted = quoteNonFinite(text);
    if (quoted === text) throw error;
    return JSON.parse(quoted);
  }
}

const NON_FINITE = ['-Infinity', 'Infinity', 'NaN'];

function quoteNonFinite(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      out += ch;
      if (ch === '\\') out += text[++i] ?? '';
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
      continue;
    }
    const token = NON_FINITE.find((t) => text.startsWith(t, i));
    if (token) {
      out += `"${token}"`;
      i += token.length - 1;
    } else out += ch;
  }
  return out;
}
