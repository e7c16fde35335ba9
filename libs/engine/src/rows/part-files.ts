/**
 * An output written as a directory of part files (Spark's layout, decisions 8: `part-*` files,
 * `append-<hex>-part-*` files an append moved in, `_SUCCESS` and hidden checksums beside them)
 * read back as one relation: its part files in the order their rows were written, each read as a
 * file of the output's format, until the rows asked for are found.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { InputSource } from '@pipeline/definition';
import { type Backend, type ResolvedPath, type RowsResult, type RunOptions, throwIfAborted } from '@pipeline/engine-core';

const PART_FILE = /^(append-[0-9a-f]+-)?part-/;

/**
 * The part files of the output directory `dir` (resolved inside the data root), as paths relative
 * to the data root's view of the output (`<output path>/<name>`), in write order: the parts one
 * write made by name (Spark numbers them in row order), writes in the order they were made.
 */
export function partFilesOf(dir: ResolvedPath): string[] {
  const writes = new Map<string, { first: number; names: string[] }>();
  for (const entry of fs.readdirSync(dir.absolute, { withFileTypes: true })) {
    const match = PART_FILE.exec(entry.name);
    // A link is kept so that reading it checks where it leads (a part never links out of the root).
    if (match === null || !(entry.isFile() || entry.isSymbolicLink())) continue;
    const write = match[1] ?? '';
    const mtime = fs.lstatSync(path.join(dir.absolute, entry.name)).mtimeMs;
    const known = writes.get(write);
    if (known === undefined) writes.set(write, { first: mtime, names: [entry.name] });
    else {
      known.first = Math.min(known.first, mtime);
      known.names.push(entry.name);
    }
  }
  // The job's own parts first; appended ones after, oldest write first.
  const ordered = [...writes.entries()].sort(([a, x], [b, y]) => (a === '' ? -1 : b === '' ? 1 : x.first - y.first || a.localeCompare(b)));
  return ordered.flatMap(([, w]) => w.names.sort().map((name) => `${dir.display.replace(/\/+$/, '')}/${name}`));
}

/**
 * The first `limit` rows of the part files `parts` of an output read as `source` (its path aside)
 * on `backend`. The columns are those of the first part holding rows (Spark gives every part the
 * same columns; a part without rows may read as text only); no part: no columns and no rows.
 */
export async function headOfParts(backend: Backend, asset: string, source: InputSource, parts: readonly string[], limit: number, options: RunOptions = {}): Promise<RowsResult> {
  let columns: RowsResult['columns'] | undefined;
  const rows: (readonly unknown[])[] = [];
  for (const part of parts) {
    throwIfAborted(options.signal, asset);
    const head = await backend.headOfInput(asset, { ...source, path: part }, limit - rows.length, options);
    const holdsRows = head.rows.length > 0 || head.truncated;
    if (columns === undefined || (holdsRows && rows.length === 0)) columns = head.columns;
    rows.push(...head.rows);
    if (head.truncated) return { columns, rows, truncated: true };
  }
  return { columns: columns ?? [], rows, truncated: false };
}
