/**
 * Hard limits on what a definition document may cost to read. They exist so that a hostile or
 * broken request (a huge text, deep nesting, "billion laughs" aliases, runaway variables) is
 * rejected with a clear message instead of exhausting memory or the stack.
 */

/** Longest YAML text accepted, in characters (1 MiB). */
export const MAX_DOCUMENT_CHARS = 1_048_576;

/** Deepest nesting of YAML collections accepted. */
export const MAX_NESTING_DEPTH = 64;

/** Most YAML nodes a document may expand to once aliases are followed. */
export const MAX_EXPANDED_NODES = 100_000;

/** Most characters of text a document may expand to once aliases are followed or variables substituted. */
export const MAX_EXPANDED_CHARS = 4 * 1_048_576;
