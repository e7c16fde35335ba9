/**
 * Where a validation message points in the YAML text. Parse errors carry `at line L, column C`;
 * validation messages (`V-0xx: asset "x" ...`) name an asset, which is found in the text by its
 * `asset_ref: x` or `name: x` line. Anything else has no position and is shown above the editor.
 */

/** A 1-based line and column, and whether it was read from the message or found by asset name. */
export interface ErrorPosition {
  readonly line: number;
  readonly column: number;
  readonly exact: boolean;
}

const AT = /\bat line (\d+)(?:,\s*column (\d+))?/;
const ASSET = /\basset "([^"]+)"/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The position a message refers to in `yaml`, or undefined when it names none. */
export function errorPosition(message: string, yaml: string): ErrorPosition | undefined {
  const lines = yaml.split(/\r?\n/);
  const at = AT.exec(message);
  if (at) {
    const line = Math.min(Math.max(Number(at[1]), 1), lines.length);
    return { line, column: at[2] === undefined ? 1 : Math.max(Number(at[2]), 1), exact: true };
  }
  const asset = ASSET.exec(message);
  if (asset) {
    const name = escapeRegExp(asset[1]);
    const definition = new RegExp(`^(\\s*-?\\s*)(asset_ref|name)\\s*:\\s*["']?${name}["']?\\s*(#.*)?$`);
    const index = lines.findIndex((line) => definition.test(line));
    if (index >= 0) {
      const column = (/^\s*-?\s*/.exec(lines[index])?.[0].length ?? 0) + 1;
      return { line: index + 1, column, exact: false };
    }
  }
  return undefined;
}
