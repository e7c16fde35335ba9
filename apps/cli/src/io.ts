/**
 * Where a command writes and reads: its output and error streams (process.stdout and
 * process.stderr in main.ts), whether the output is a terminal, how output is dressed there, and
 * the working directory files and data roots resolve against.
 */
import { paint, type OutputStyle } from './output-style';
import { layoutTable } from './table';

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
  /** Colour, grouped numbers and width of the output. */
  readonly style: OutputStyle;
}

/** Writes `text` and a newline to the output. */
export function println(io: Io, text = ''): void {
  io.out.write(`${text}\n`);
}

/** Writes `value` as one line of JSON to the output (`--json`). */
export function printJson(io: Io, value: unknown): void {
  io.out.write(`${JSON.stringify(value)}\n`);
}

/**
 * Prints a table whose first row is its header (bold on a colour terminal), fitted to the
 * output's width; `decorate` dresses a body cell (its row index counts the header).
 */
export function printTable(io: Io, rows: readonly (readonly string[])[], decorate?: (text: string, row: number, column: number) => string): void {
  const dress = (text: string, row: number, column: number) => (row === 0 ? paint(io.style, 'bold', text) : (decorate?.(text, row, column) ?? text));
  for (const line of layoutTable(rows, io.style.width, dress)) println(io, line);
}
