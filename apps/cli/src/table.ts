/**
 * Text tables: columns padded to their widest cell and, given a width, narrowed until a line fits
 * (see widthsOf for which column gives way first), each cell then wrapped at spaces onto as many
 * lines as it needs.
 */

const GAP = '  ';
/** No column is narrowed below this (or its header), so that a very narrow terminal still reads. */
const MIN_COLUMN = 10;
/** A column this narrow (names, yes/no) keeps its width while wider ones (descriptions, notes) give way. */
const FIXED = 24;

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
 * Column widths for `rows`, narrowed to fit `width` where they can: the wide columns (over FIXED
 * characters: descriptions, notes) share what the narrow ones leave, each getting an equal share
 * or less if it needs less; only if that is not enough do the narrow ones give way, down to
 * MIN_COLUMN.
 */
function widthsOf(rows: readonly (readonly string[])[], width: number | undefined): number[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  if (width === undefined) return widths;
  const floor = widths.map((w, i) => Math.min(w, Math.max(MIN_COLUMN, rows[0]?.[i]?.length ?? 0)));
  const wide = widths.map((w, i) => [w, i] as const).filter(([w]) => w > FIXED).sort((a, b) => a[0] - b[0]);
  let left = width - GAP.length * (widths.length - 1) - widths.reduce((sum, w) => sum + (w > FIXED ? 0 : w), 0);
  wide.forEach(([w, i], k) => {
    const share = Math.max(floor[i] ?? 0, Math.floor(left / (wide.length - k)), 0);
    widths[i] = Math.min(w, share);
    left -= widths[i] ?? 0;
  });
  shrink(widths, floor, width);
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
