/**
 * How deep a JSON value may nest before any parser sees it. DuckDB's json_structure (behind
 * schema_of_json and schema_of_variant) and read_json's reader recurse on the native stack without
 * a guard: 20,000 nested objects or 100,000 nested arrays took the whole process down with
 * SIGSEGV. 1,000 levels is far above real documents and far below the crash.
 */

/** Most levels of arrays and objects a JSON value may nest (`[[1]]` is 2). */
export const MAX_JSON_DEPTH = 1_000;

/** Most levels a type text (`array<struct<a:long>>` is 2) may nest. */
export const MAX_TYPE_DEPTH = 100;

/**
 * What every JSON and variant function says about a value nested deeper than MAX_JSON_DEPTH, on
 * both backends (the engine names the asset).
 */
export function jsonDepthProblem(name: string): string {
  return `${name} reads JSON nested at most ${MAX_JSON_DEPTH} levels deep; a value is nested deeper`;
}

/**
 * True when `text`, read as JSON, nests arrays and objects deeper than `limit` (brackets inside
 * strings do not count). One pass without recursion, stopping at the first level too deep, so a
 * hostile text costs no stack and at most its length.
 */
export function jsonNestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * True when a type text nests `<...>` deeper than MAX_TYPE_DEPTH: checked before the type is
 * parsed (the parser recurses) and before its text is quoted in a message.
 */
export function typeNestsTooDeep(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3c && ++depth > MAX_TYPE_DEPTH) return true;
    if (c === 0x3e) depth--;
  }
  return false;
}
