/**
 * The `${NAME:default}` placeholders of a pipeline text, so that the variables table can offer
 * each with its default. Read from the text (not the parsed YAML) because the table follows the
 * editor while the text is still invalid; comment lines are skipped and `$${` is a literal.
 */

/** One placeholder with a default: its name and the default text. */
export interface Placeholder {
  readonly name: string;
  readonly fallback: string;
}

const PLACEHOLDER = /(\$?)\$\{([A-Za-z0-9_.]+):([^}]*)\}/g;

/** The placeholders with a default, first occurrence of each name, in text order. */
export function defaultedPlaceholders(yaml: string): Placeholder[] {
  const found = new Map<string, string>();
  for (const line of yaml.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    for (const match of line.matchAll(PLACEHOLDER)) {
      if (match[1] === '$') continue;
      if (!found.has(match[2])) found.set(match[2], match[3]);
    }
  }
  return [...found].map(([name, fallback]) => ({ name, fallback }));
}
