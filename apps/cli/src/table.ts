/**
 * Text tables: columns padded to their widest cell and, given a width, narrowed until a line fits
 * (see widthsOf for which column gives way first), each cell then wrapped at spaces onto as many
 * lines as it needs.
 */

const GAP = '  ';
/** No column is narrowed below this (or its header), so that a very narrow terminal still reads. */
const MIN_COLUMN = 10;
/** The last column (a description) keeps at least this much before the others give up more. */
const MIN_LAST = 24;

/** Narrows `widths` towards `floors`, the column with the most room above its floor first, until `width` is met. */
function shrink(widths: number[], floors: readonly number[], width: number): void {
  let total = widths.reduce((sum, w) => sum + w, 0) + GAP.length * (widths.length - 1);
  while (total > width) {
    let widest = -1;
    let room = 0;
    widths.forEach((w, i) => {
      if (w - (floors[i] ?? w) > room) {
        widest = i;
        room = w - (floors[i] ?? w);
      }
    });
    if (widest < 0) return;
    widths[widest] = (widths[widest] ?? 0) - 1;
    total -= 1;
  }
}

/**
 * Column widths for `rows`, narrowed to fit `width` where they can: first the other columns down
 * to what nine cells in ten of theirs need (a rare long cell wraps), then the last column (the
 * description) down to MIN_LAST, then every column down to MIN_COLUMN.
 */
function widthsOf(rows: readonly (readonly string[])[], width: number | undefined): number[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  if (width === undefined) return widths;
  const last = widths.length - 1;
  const header = widths.map((_, i) => rows[0]?.[i]?.length ?? 0);
  const typical = widths.map((w, i) => {
    const lengths = rows.map((row) => row[i]?.length ?? 0).sort((a, b) => a - b);
    return Math.min(w, Math.max(header[i] ?? 0, MIN_COLUMN, lengths[Math.floor((lengths.length - 1) * 0.9)] ?? 0));
  });
  shrink(widths, widths.map((w, i) => (i === last ? w : (typical[i] ?? w))), width);
  shrink(widths, widths.map((w, i) => (i === last ? Math.min(w, Math.max(header[i] ?? 0, MIN_LAST)) : w)), width);
  shrink(widths, widths.map((w, i) => Math.min(w, Math.max(header[i] ?? 0, MIN_COLUMN))), width);
  return widths;
}

/** `text` broken into lines of at most `width` characters, at spaces where it can. */
export function wrap(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    let rest = word;
    // A word longer than the column is cut.
    while (rest.length > width) {
      if (line !== '') lines.push(line);
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
      line = '';
    }
    if (line === '') line = rest;
    else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * Lays `rows` out in columns (the last column is not padded, trailing spaces are trimmed); with
 * `width`, a row may take several lines. `decorate` dresses a laid-out cell (colour) by its row and
 * column index; the padding is computed before it, so escape codes do not shift the columns.
 */
export function layoutTable(
  rows: readonly (readonly string[])[],
  width?: number,
  decorate: (text: string, row: number, column: number) => string = (text) => text,
): string[] {
  const widths = widthsOf(rows, width);
  const lines: string[] = [];
  rows.forEach((row, r) => {
    const cells = row.map((cell, i) => (width === undefined ? [cell] : wrap(cell, widths[i] ?? cell.length)));
    const height = Math.max(1, ...cells.map((c) => c.length));
    for (let l = 0; l < height; l++) {
      const parts = cells.map((c, i) => {
        const text = c[l] ?? '';
        const padded = i === cells.length - 1 ? text : text.padEnd(widths[i] ?? 0);
        return text === '' ? padded : decorate(text, r, i) + padded.slice(text.length);
      });
      lines.push(parts.join(GAP).trimEnd());
    }
  });
  return lines;
}
