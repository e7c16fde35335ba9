/**
 * Where a command writes and reads: its output and error streams (process.stdout and
 * process.stderr in main.ts), whether the output is a terminal, and the working directory files
 * and data roots resolve against.
 */

/** A stream the tool writes to. */
export interface OutStream {
  write(text: string): unknown;
  /** True when the stream is a terminal (progress is then one line redrawn in place). */
  readonly isTTY?: boolean;
}

/** The tool's surroundings. */
export interface Io {
  readonly out: OutStream;
  readonly err: OutStream;
  readonly cwd: string;
}

/** Writes `text` and a newline to the output. */
export function println(io: Io, text = ''): void {
  io.out.write(`${text}\n`);
}

/** Writes `value` as one line of JSON to the output (`--json`). */
export function printJson(io: Io, value: unknown): void {
  io.out.write(`${JSON.stringify(value)}\n`);
}

/** Lays rows out in columns padded to the widest cell (the last column is not padded). */
export function columns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd());
}
